/**
 * Wishlist rules (services.md §5, §7.5, §8; product.md §3 "Wishlist"): the messages of the
 * catalogue, the markers shown on a wished deal, and how often a price-drop email may go.
 */
import { STOCK_LABEL_THRESHOLDS } from "./constants.ts";

/** services.md §8 "Error catalogue", the wishlist rows. */
export const WISHLIST_MESSAGES = {
  dealsMissing: "Deals missing",
  argsMalformed: "args malformed",
  noWishListId: "No Wish List ID",
} as const;

/** At most one price-drop email a day per wishlist (ours, from the issue). */
export const PRICE_DROP_EMAIL_INTERVAL_HOURS = 24;
const HOUR_MS = 3_600_000;

export interface WishedDeal {
  /** The lead price now and when it was wished, in minor units. */
  priceMinor: number;
  priceAtAddMinor: number;
  /** null: evergreen, never closes. */
  closingDate: Date | null;
}

export interface WishedDealMarkers {
  priceDropped: boolean;
  endingSoon: boolean;
}

/**
 * "Price dropped" when the lead price is below what it was when wished; "ending soon" when
 * the deal closes within the same horizon as the listings' expiring-soon label.
 */
export function wishedDealMarkers(deal: WishedDeal, now: Date): WishedDealMarkers {
  const closesIn = deal.closingDate ? deal.closingDate.getTime() - now.getTime() : Number.POSITIVE_INFINITY;
  return {
    priceDropped: deal.priceMinor < deal.priceAtAddMinor,
    endingSoon: closesIn > 0 && closesIn <= STOCK_LABEL_THRESHOLDS.expiringSoonHours * HOUR_MS,
  };
}

/** The moment before which the last price-drop email must have gone for another to go now. */
export function priceDropEmailCutoff(now: Date): Date {
  return new Date(now.getTime() - PRICE_DROP_EMAIL_INTERVAL_HOURS * HOUR_MS);
}

/** Whether a wishlist last emailed at `lastSentAt` may get a price-drop email at `now`. */
export function priceDropEmailDue(lastSentAt: Date | null, now: Date): boolean {
  return lastSentAt === null || lastSentAt.getTime() <= priceDropEmailCutoff(now).getTime();
}
