/**
 * A page of a search's deals. Ranking by relevance reads the headline of every deal a search
 * finds (trigram similarity, the largest part of a search's cost: "hotel" finds some 1,700
 * deals in every location), yet the ranking does not depend on the page, the shopper or, for
 * the national deals most searches find, the location. So each filter's ranking, the ids of
 * its first RANKED_DEALS deals in order, is read once and kept as long as its summary, and a
 * page is those of its ids read by id (docs/scaling.md "Search at the origin"). A page past
 * them is read as a listing's page is.
 *
 * A search of a location by relevance ranks the location's own deals and the national ones
 * apart and merges the two: the national ranking, most of the work, is then the same for every
 * location and read once per search words (docs/scaling.md "Deals by id, planned once").
 */
import type { Db } from "@deals/db";
import type { BrandId } from "@deals/domain/brand";
import { KeptBriefly } from "../../kept-briefly.ts";
import { listedSummaries, summariesInOrder } from "../deals/kept-summaries.ts";
import {
  type DealFilter,
  type DealOrder,
  type PageWindow,
  type RankedDeal,
  rankByRelevance,
  rankDealIds,
  type SearchMatch,
} from "../deals/queries.ts";
import { listingSummaryTtlMs } from "../deals/summary-cache.ts";

/** Forty pages of 24 (ours): deeper pages are rare and read as they come. */
const RANKED_DEALS = 960;
const MAX_ENTRIES = 1000;

const rankings = new KeptBriefly<number[]>(MAX_ENTRIES);
const partRankings = new KeptBriefly<RankedDeal[]>(MAX_ENTRIES);

export async function searchPage(
  db: Db,
  brandId: BrandId,
  filter: DealFilter,
  order: DealOrder,
  page: PageWindow,
) {
  if (page.offset + page.limit > RANKED_DEALS) return listedSummaries(db, filter, order, page);
  const ranked = await rankings.get(db, JSON.stringify([order, filter]), listingSummaryTtlMs(), () => {
    const { search } = filter;
    const byParts =
      order === "relevance" && search && filter.locationId !== undefined && filter.includeNational;
    return byParts
      ? rankLocalAndNational(db, { ...filter, search })
      : rankDealIds(db, filter, order, RANKED_DEALS);
  });
  return summariesInOrder(db, brandId, ranked.slice(page.offset, page.offset + page.limit));
}

async function rankLocalAndNational(db: Db, filter: DealFilter & { search: SearchMatch }) {
  const ranked = (part: DealFilter & { search: SearchMatch }) =>
    partRankings.get(db, JSON.stringify(part), listingSummaryTtlMs(), () =>
      rankByRelevance(db, part, RANKED_DEALS),
    );
  const [local, national] = await Promise.all([
    ranked({ ...filter, includeNational: false }),
    ranked({ ...filter, locationId: undefined, includeNational: undefined, nationalOnly: true }),
  ]);
  return mergedRankings(local, national, RANKED_DEALS);
}

/** Ranked first: the higher relevance, then the higher popularity, then the lower id. */
function rankedBefore(a: RankedDeal, b: RankedDeal): boolean {
  if (a.relevance !== b.relevance) return a.relevance > b.relevance;
  if (a.popularity !== b.popularity) return a.popularity > b.popularity;
  return a.id < b.id;
}

/**
 * The ids of the first `limit` deals of two rankings taken together, in ranking order, each
 * deal once (a national deal may also be listed in the location).
 */
export function mergedRankings(a: readonly RankedDeal[], b: readonly RankedDeal[], limit: number): number[] {
  const ids: number[] = [];
  const seen = new Set<number>();
  let i = 0;
  let j = 0;
  while (ids.length < limit && (i < a.length || j < b.length)) {
    const next = j >= b.length || (i < a.length && rankedBefore(a[i]!, b[j]!)) ? a[i++]! : b[j++]!;
    if (!seen.has(next.id)) {
      seen.add(next.id);
      ids.push(next.id);
    }
  }
  return ids;
}
