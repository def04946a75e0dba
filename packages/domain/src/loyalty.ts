/**
 * Loyalty club (product.md §4 "Loyalty", §5 "Points exchange"): levels, who may exchange
 * points for wallet credit, the exchange messages and the conversion.
 */
import type { Currency } from "./brand.ts";
import { formatMoney } from "./money.ts";

export const LOYALTY_LEVELS = ["Pink", "Bronze", "Silver", "Gold", "Platinum"] as const;
export type LoyaltyLevel = (typeof LOYALTY_LEVELS)[number];
export const DEFAULT_LOYALTY_LEVEL: LoyaltyLevel = "Pink";

export interface LoyaltyStatus {
  currentLevel: LoyaltyLevel;
  currentPoints: number;
  /** Credit per point at the current level, in major units (pounds or euros). */
  exchangeRate: number;
  nextLevel?: { name: LoyaltyLevel; exchangeRate: number };
}

export const NOT_ENOUGH_POINTS_MESSAGE = "You don't have enough points";
export const LEVEL_CANNOT_EXCHANGE_MESSAGE = "Points can be exchanged from Bronze level upwards";

export function loyaltyLevelOrDefault(level: unknown): LoyaltyLevel {
  return LOYALTY_LEVELS.includes(level as LoyaltyLevel) ? (level as LoyaltyLevel) : DEFAULT_LOYALTY_LEVEL;
}

/** Pink, the default level, cannot exchange points; Bronze, Silver, Gold and Platinum can. */
export function canExchangePoints(level: LoyaltyLevel): boolean {
  return level !== "Pink";
}

/**
 * The rates shown: Bronze, Silver and Gold see their own and the next level's; Platinum only
 * its own; Pink, which cannot exchange, none.
 */
export function visibleExchangeRates(status: LoyaltyStatus): {
  own?: number;
  next?: LoyaltyStatus["nextLevel"];
} {
  if (!canExchangePoints(status.currentLevel)) return {};
  if (status.currentLevel === "Platinum" || !status.nextLevel) return { own: status.exchangeRate };
  return { own: status.exchangeRate, next: status.nextLevel };
}

const hasPoints = (points: number) => Number.isSafeInteger(points) && points > 0;

/** The prompt above the exchange box. */
export function exchangePrompt(currentPoints: number): string {
  if (!hasPoints(currentPoints)) return NOT_ENOUGH_POINTS_MESSAGE;
  return `Please select a number between 1 and ${currentPoints} to exchange your points.`;
}

/** Why an exchange of `points` may not go ahead, or undefined when it may. */
export function validatePointsExchange(status: LoyaltyStatus, points: unknown): string | undefined {
  if (!canExchangePoints(status.currentLevel)) return LEVEL_CANNOT_EXCHANGE_MESSAGE;
  if (!hasPoints(status.currentPoints)) return NOT_ENOUGH_POINTS_MESSAGE;
  const inRange =
    typeof points === "number" && Number.isInteger(points) && points >= 1 && points <= status.currentPoints;
  return inRange ? undefined : exchangePrompt(status.currentPoints);
}

const RATE_SCALE = 100_000_000n; // rates are read to 8 decimal places

/**
 * Points times the level's rate, to 2 decimals (half up), as minor units and display text.
 * The rate is read as decimal text so 0.015 × 333 gives exactly 5.00, not 4.99.
 */
export function pointsToCredit(
  points: number,
  exchangeRate: number,
  currency: Currency,
): { amountMinor: number; formatted: string } {
  if (!Number.isSafeInteger(points) || points < 0 || !Number.isFinite(exchangeRate) || exchangeRate < 0) {
    return { amountMinor: 0, formatted: formatMoney(0, currency, undefined, "always") };
  }
  const scaledRate = BigInt(exchangeRate.toFixed(8).replace(".", ""));
  const minorTimesScale = BigInt(points) * scaledRate * 100n;
  const amountMinor = Number((minorTimesScale + RATE_SCALE / 2n) / RATE_SCALE);
  return { amountMinor, formatted: formatMoney(amountMinor, currency, undefined, "always") };
}
