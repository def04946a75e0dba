/**
 * A listing's count, category navigation, facet counts and price range (summariseListing)
 * depend on its filter, not on its page or sort, yet reading them costs more than the page of
 * deals: every matching deal is grouped (docs/scaling.md "Listings at the origin"). So each
 * filter's summary is read once and kept briefly in memory, for every page, sort and shopper
 * (signed in or not) of that listing. Requests for one filter that arrive while it is being
 * read wait for that read.
 *
 * Ten seconds (ours, as the answer cache; LISTING_SUMMARY_TTL_MS overrides, 0 turns it off): a
 * count may lag a change to the catalogue by that long, while a listing's pages and sorts cost
 * one summary per period.
 */
import type { Db } from "@deals/db";
import { KeptBriefly } from "../../kept-briefly.ts";
import { type DealFilter, type ListingSummary, type NavigationLevel, summariseListing } from "./queries.ts";

const DEFAULT_TTL_MS = 10_000;
const MAX_ENTRIES = 1000;

/** How long a listing's summary is kept (LISTING_SUMMARY_TTL_MS, else ten seconds). */
export function listingSummaryTtlMs(): number {
  const text = process.env.LISTING_SUMMARY_TTL_MS;
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : DEFAULT_TTL_MS;
}

const summaries = new KeptBriefly<ListingSummary>(MAX_ENTRIES);

export function cachedListingSummary(
  db: Db,
  filter: DealFilter,
  navigationLevel: NavigationLevel | null,
  ttlMs = listingSummaryTtlMs(),
): Promise<ListingSummary> {
  return summaries.get(db, JSON.stringify([navigationLevel, filter]), ttlMs, () =>
    summariseListing(db, filter, navigationLevel),
  );
}
