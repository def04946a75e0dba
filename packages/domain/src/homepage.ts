/**
 * The homepage's rows (product.md §3 "Other state areas": mainDeal, secondaryDealsArray and
 * the collections a deals site's front page shows). The spec names the state, not the rows:
 * which collections, their order and sizes are ours, chosen like a leading deals site's
 * front page: the main deal as a hero, four secondary deals beside it, then one row per
 * collection. Every deal shows once on the page (the first row that has it keeps it), and
 * sold-out deals are left out: a front page shows what can be bought.
 */
import { addDealDays, dealDayOf, startOfDealDay } from "./deal-day.ts";

/** The secondary deals beside the main deal. */
export const SECONDARY_DEALS = 4;
/** Deals in one collection row. */
export const COLLECTION_ROW_SIZE = 8;
/** A deal is "ending soon" when it closes within this many days (today counts as the first). */
export const ENDING_SOON_DAYS = 3;

export const HOMEPAGE_COLLECTIONS = [
  "ending-soon",
  "new-today",
  "top-sellers",
  "gifts",
  "escapes",
  "vip-picks",
] as const;
export type HomepageCollection = (typeof HOMEPAGE_COLLECTIONS)[number];

/** Each row's heading; `{location}` is the homepage location's name. */
const TITLES: Record<HomepageCollection, string> = {
  "ending-soon": "Ending soon",
  "new-today": "New today",
  "top-sellers": "Top sellers near you",
  gifts: "Gifts they'll love",
  escapes: "Escapes",
  "vip-picks": "VIP picks",
};

export function collectionTitle(collection: HomepageCollection): string {
  return TITLES[collection];
}

/**
 * The listing a row's "See all" link opens, on the storefront: null when no listing holds
 * exactly that row's deals (ending soon has no page of its own).
 */
export function collectionUrl(collection: HomepageCollection, location: string): string | null {
  switch (collection) {
    case "ending-soon":
      return null;
    case "new-today":
      return `/deals/${location}?orderBy=dateAdded`;
    case "top-sellers":
      return `/deals/${location}`;
    case "gifts":
      return "/gifts";
    case "escapes":
      return "/deals/escapes";
    case "vip-picks":
      return "/deals/vip";
  }
}

interface Listed {
  id: number;
  soldOut: boolean;
}

/**
 * Fills the page top to bottom from each part's candidates (in the part's own order): a deal
 * already placed higher up, or sold out, is skipped; each part takes at most its size.
 */
export function fillRows<T extends Listed>(
  parts: readonly { candidates: readonly T[]; size: number }[],
): T[][] {
  const placed = new Set<number>();
  return parts.map(({ candidates, size }) => {
    const row: T[] = [];
    for (const deal of candidates) {
      if (row.length >= size) break;
      if (deal.soldOut || placed.has(deal.id)) continue;
      placed.add(deal.id);
      row.push(deal);
    }
    return row;
  });
}

/** The first instant after the ending-soon window: the start of the deal day `ENDING_SOON_DAYS` on. */
export function endingSoonBefore(now: Date): Date {
  return startOfDealDay(addDealDays(dealDayOf(now), ENDING_SOON_DAYS));
}
