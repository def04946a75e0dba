/**
 * Honest pricing: beside a "was" price the shopper sees the lowest price the product had in
 * the LOWEST_PRICE_WINDOW_DAYS before now. That is the lowest of the price now, every price
 * recorded in the window, and the price already in force when the window opened (the last
 * one recorded before it).
 */
import { LOWEST_PRICE_WINDOW_DAYS } from "./constants.ts";

const WINDOW_MS = LOWEST_PRICE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export interface RecordedPrice {
  priceMinor: number;
  recordedAt: Date;
}

export interface LowestRecentPrice {
  lowestMinor: number;
  /**
   * The last instant the answer holds: just after it, a recorded price leaves the window and
   * the lowest may change. null: it holds until a new price is recorded.
   */
  validUntil: Date | null;
}

export function lowestRecentPrice(
  currentMinor: number,
  history: readonly RecordedPrice[],
  now: Date,
): LowestRecentPrice {
  const since = now.getTime() - WINDOW_MS;
  let lowestMinor = currentMinor;
  let inForce: RecordedPrice | undefined;
  let firstToLeave: number | null = null;
  for (const entry of history) {
    const at = entry.recordedAt.getTime();
    if (at >= since) {
      lowestMinor = Math.min(lowestMinor, entry.priceMinor);
      firstToLeave = firstToLeave === null ? at : Math.min(firstToLeave, at);
    } else if (!inForce || at > inForce.recordedAt.getTime()) {
      inForce = entry;
    }
  }
  if (inForce) lowestMinor = Math.min(lowestMinor, inForce.priceMinor);
  return {
    lowestMinor,
    validUntil: firstToLeave === null ? null : new Date(firstToLeave + WINDOW_MS),
  };
}
