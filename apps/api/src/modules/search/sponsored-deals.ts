/**
 * A search's sponsored deals: the ads whose deals match the search, the highest bid first,
 * each deal with its ad id. Which ads match does not depend on the page or the shopper, so
 * each filter's are read once and kept as long as its summary, as its ranking is
 * (ranked-pages.ts): choosing them is a join PostgreSQL planned afresh on every search (about
 * 1.8 ms, where running it took 0.01 ms). Their deals are read by id with every search, so a
 * sponsored deal's price and stock are as fresh as the page's (docs/scaling.md "Deals by id,
 * planned once").
 */
import type { Db } from "@deals/db";
import type { BrandId } from "@deals/domain/brand";
import { KeptBriefly } from "../../kept-briefly.ts";
import { type DealFilter, findDealSummaries, rankSponsoredAds } from "../deals/queries.ts";
import { listingSummaryTtlMs } from "../deals/summary-cache.ts";

const MAX_ENTRIES = 1000;

const adsByFilter = new KeptBriefly<Awaited<ReturnType<typeof rankSponsoredAds>>>(MAX_ENTRIES);

export async function sponsoredDeals(db: Db, brandId: BrandId, filter: DealFilter, now: Date, limit: number) {
  const ads = await adsByFilter.get(db, JSON.stringify([limit, filter]), listingSummaryTtlMs(), () =>
    rankSponsoredAds(db, filter, now, limit),
  );
  if (ads.length === 0) return [];
  const dealIds = ads.map((ad) => ad.dealId);
  const deals = new Map((await findDealSummaries(db, brandId, dealIds)).map((row) => [row.id, row]));
  return ads.flatMap(({ dealId, adId }) => {
    const deal = deals.get(dealId);
    return deal ? [{ ...deal, adId }] : [];
  });
}
