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
import { type DealFilter, type ListingSummary, type NavigationLevel, summariseListing } from "./queries.ts";

const DEFAULT_TTL_MS = 10_000;
const MAX_ENTRIES = 1000;

function ttlFromEnv(): number {
  const text = process.env.LISTING_SUMMARY_TTL_MS;
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : DEFAULT_TTL_MS;
}

interface Entry {
  expiresAt: number;
  summary: Promise<ListingSummary>;
}

/** Each database's summaries, so separate databases (tests, engines) never share one. */
const summariesOf = new WeakMap<Db, Map<string, Entry>>();

export function cachedListingSummary(
  db: Db,
  filter: DealFilter,
  navigationLevel: NavigationLevel | null,
  ttlMs = ttlFromEnv(),
): Promise<ListingSummary> {
  if (ttlMs === 0) return summariseListing(db, filter, navigationLevel);
  let entries = summariesOf.get(db);
  if (!entries) {
    entries = new Map();
    summariesOf.set(db, entries);
  }
  const key = JSON.stringify([navigationLevel, filter]);
  const now = performance.now();
  const cached = entries.get(key);
  if (cached && cached.expiresAt > now) return cached.summary;
  const summary = summariseListing(db, filter, navigationLevel);
  const entry = { expiresAt: now + ttlMs, summary };
  entries.delete(key);
  entries.set(key, entry);
  // A failed read is not kept: the next request reads again.
  summary.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  while (entries.size > MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
  return summary;
}
