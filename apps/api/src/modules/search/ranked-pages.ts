/**
 * A page of a search's deals. Ranking by relevance reads the headline of every deal a search
 * finds (trigram similarity, the largest part of a search's cost: "hotel" finds some 1,700
 * deals in every location), yet the ranking does not depend on the page, the shopper or, for
 * the national deals most searches find, the location. So each filter's ranking, the ids of
 * its first RANKED_DEALS deals in order, is read once and kept as long as its summary, and a
 * page is those of its ids read by id (docs/scaling.md "Search at the origin"). A page past
 * them is read as a listing's page is.
 */
import type { Db } from "@deals/db";
import type { BrandId } from "@deals/domain/brand";
import { KeptBriefly } from "../../kept-briefly.ts";
import {
  type DealFilter,
  type DealOrder,
  dealSummariesInOrder,
  listDealSummaries,
  type PageWindow,
  rankDealIds,
} from "../deals/queries.ts";
import { listingSummaryTtlMs } from "../deals/summary-cache.ts";

/** Forty pages of 24 (ours): deeper pages are rare and read as they come. */
const RANKED_DEALS = 960;
const MAX_ENTRIES = 1000;

const rankings = new KeptBriefly<number[]>(MAX_ENTRIES);

export async function searchPage(
  db: Db,
  brandId: BrandId,
  filter: DealFilter,
  order: DealOrder,
  page: PageWindow,
) {
  if (page.offset + page.limit > RANKED_DEALS) return listDealSummaries(db, filter, order, page);
  const ranked = await rankings.get(db, JSON.stringify([order, filter]), listingSummaryTtlMs(), () =>
    rankDealIds(db, filter, order, RANKED_DEALS),
  );
  return dealSummariesInOrder(db, brandId, ranked.slice(page.offset, page.offset + page.limit));
}
