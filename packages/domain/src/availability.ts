/**
 * Deal availability (product.md §4 "Deal availability"): whether a deal can be bought now,
 * whether it still shows as open, and whether a countdown to its close is worth showing.
 */
import { BUY_CLOSED_DEAL_GRACE_DAYS, COUNTDOWN_HORIZON_HOURS } from "./constants.ts";
import { endOfDealDay } from "./deal-day.ts";

export interface AvailabilityProduct {
  soldOut?: boolean | null;
  dailyPurchaseCapReached?: boolean | null;
  weeklyPurchaseCapReached?: boolean | null;
}

/** The deal fields these rules read (product.md §3 "Deal"). */
export interface AvailabilityDeal {
  /** ISO date-time text as the API sends it, or a Date. */
  closingDate?: string | Date | null;
  open?: boolean | null;
  soldOut?: boolean | null;
  lastChance?: boolean | null;
  enableBuyClosedDeal?: boolean | null;
  dailyPurchaseCapReached?: boolean | null;
  weeklyPurchaseCapReached?: boolean | null;
  /** Served at an evergreen URL (e in place of the id): it never really closes. */
  evergreen?: boolean | null;
  products?: readonly AvailabilityProduct[] | null;
}

/** Where a visitor came from, for last-chance buying (product.md §4). */
export const LAST_CHANCE_ARRIVALS = [
  "search",
  "recently-viewed",
  "recommended",
  "sponsored-search",
  "email-deals",
] as const;
export type LastChanceArrival = (typeof LAST_CHANCE_ARRIVALS)[number];

export interface Arrival {
  from?: string | null;
  /** The click id a search result link carries. */
  searchClickId?: string | null;
}

export type UnavailableReason = "absent" | "soldOut" | "capReached" | "closed";

export type DealAvailability =
  | { available: true; closed: false }
  | { available: true; closed: true; via: "lastChance" | "enableBuyClosedDeal" }
  | { available: false; reason: UnavailableReason };

function closingInstant(closingDate: AvailabilityDeal["closingDate"]): Date | null {
  if (closingDate === null || closingDate === undefined || closingDate === "") return null;
  const date = closingDate instanceof Date ? closingDate : new Date(closingDate);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The end of the closing day of each closing date read as text so far, in milliseconds (null:
 * not a date). Every listing reads the same deals' dates again, and the calendar arithmetic in
 * Europe/London was most of a card's rules (docs/scaling.md). Bounded: past 5,000 dates it
 * starts again.
 */
const closesAtByText = new Map<string, number | null>();

function closesAtOfText(closingDate: string): number | null {
  let closesAt = closesAtByText.get(closingDate);
  if (closesAt === undefined) {
    const closing = closingInstant(closingDate);
    closesAt = closing && endOfDealDay(closing).getTime();
    if (closesAtByText.size >= 5_000) closesAtByText.clear();
    closesAtByText.set(closingDate, closesAt);
  }
  return closesAt;
}

/**
 * When the deal stops showing as open: the end of its closing day in Europe/London, or
 * null when it has no (valid) closing date.
 */
export function dealClosesAt(deal: AvailabilityDeal): Date | null {
  const { closingDate } = deal;
  if (typeof closingDate === "string") {
    const closesAt = closesAtOfText(closingDate);
    return closesAt === null ? null : new Date(closesAt);
  }
  const closing = closingInstant(closingDate);
  return closing && endOfDealDay(closing);
}

/** Past its closing day, or marked not open by the server. */
export function isDealClosed(deal: AvailabilityDeal, now: Date): boolean {
  if (deal.open === false) return true;
  const closesAt = dealClosesAt(deal);
  return closesAt !== null && now.getTime() >= closesAt.getTime();
}

/** The visitor arrived by a route that keeps a last-chance deal on sale. */
export function arrivedForLastChance(arrival: Arrival | undefined): boolean {
  if (!arrival) return false;
  if (typeof arrival.searchClickId === "string" && arrival.searchClickId.trim() !== "") return true;
  return (LAST_CHANCE_ARRIVALS as readonly unknown[]).includes(arrival.from);
}

const every = <T>(items: readonly T[] | null | undefined, test: (item: T) => boolean) =>
  Array.isArray(items) && items.length > 0 && items.every(test);

/** Sold out: the deal, or every one of its products. */
export function isDealSoldOut(deal: AvailabilityDeal): boolean {
  return deal.soldOut === true || every(deal.products, (p) => p.soldOut === true);
}

/** Capped for the day or week: the deal, or every one of its products. */
export function isDealCapReached(deal: AvailabilityDeal): boolean {
  const capped = (p: AvailabilityProduct) =>
    p.dailyPurchaseCapReached === true || p.weeklyPurchaseCapReached === true;
  return capped(deal) || every(deal.products, capped);
}

/**
 * Can the deal be bought now? Unavailable when absent, sold out, capped for the day or
 * week (the deal, or every one of its products), or closed. A closed deal stays buyable:
 * - under lastChance, when the visitor arrived from search, recently viewed, recommended,
 *   sponsored search, an email-deals page or with a search-click id; the lastChance flag
 *   itself bounds this, the server clears it when the last-chance period ends;
 * - under enableBuyClosedDeal, until the end of the 4th calendar day after its closing day.
 */
export function dealAvailability(
  deal: AvailabilityDeal | null | undefined,
  now: Date,
  arrival?: Arrival,
): DealAvailability {
  if (!deal) return { available: false, reason: "absent" };
  if (isDealSoldOut(deal)) return { available: false, reason: "soldOut" };
  if (isDealCapReached(deal)) return { available: false, reason: "capReached" };
  if (!isDealClosed(deal, now)) return { available: true, closed: false };

  if (deal.lastChance === true && arrivedForLastChance(arrival)) {
    return { available: true, closed: true, via: "lastChance" };
  }
  const closing = closingInstant(deal.closingDate);
  if (deal.enableBuyClosedDeal === true && closing) {
    const graceEnds = endOfDealDay(closing, BUY_CLOSED_DEAL_GRACE_DAYS);
    if (now.getTime() < graceEnds.getTime())
      return { available: true, closed: true, via: "enableBuyClosedDeal" };
  }
  return { available: false, reason: "closed" };
}

/**
 * Does the deal show as open? Until the end of its closing day, and longer under
 * lastChance for a visitor who arrived by a last-chance route.
 */
export function dealShowsAsOpen(deal: AvailabilityDeal, now: Date, arrival?: Arrival): boolean {
  return !isDealClosed(deal, now) || (deal.lastChance === true && arrivedForLastChance(arrival));
}

/**
 * Countdowns only when a deal really closes: it has a closing date, is not evergreen, is
 * not sold out, and closes in the future within COUNTDOWN_HORIZON_HOURS. A countdown
 * further out (or on a deal that rolls over) would be noise, or untrue.
 */
export function shouldShowCountdown(deal: AvailabilityDeal | null | undefined, now: Date): boolean {
  if (!deal || deal.evergreen === true || deal.open === false || isDealSoldOut(deal)) return false;
  const closesAt = dealClosesAt(deal);
  if (!closesAt) return false;
  const remainingMs = closesAt.getTime() - now.getTime();
  return remainingMs > 0 && remainingMs <= COUNTDOWN_HORIZON_HOURS * 3_600_000;
}
