/**
 * Recommendations: for a deal, the live deals of its subcategory (in its location when it
 * is local) other than itself, most popular first; without one, a location's popular deals.
 * New products: a location's newest live deals, local and national.
 */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { MAX_RECENT_VIEWED_DEAL_PARAMS, RECOMMENDATIONS } from "@deals/domain/constants";
import { distinctDeals } from "@deals/domain/recommended";
import type { Customer } from "../accounts/auth.ts";
import { customerBuyerKey } from "../checkout/buyer.ts";
import { listedSummaries, summariesInOrder } from "../deals/kept-summaries.ts";
import { type DealFilter, findDealPlacements } from "../deals/queries.ts";
import type { DealSummary } from "../deals/schemas.ts";
import { dealNotFound, liveSince, MAX_ID } from "../deals/service.ts";
import { findBrandLocation, locationNotFound } from "../locations/service.ts";
import { boughtAlsoDealIds, purchasedDealIds } from "./queries.ts";

export async function recommend(
  db: Db,
  brand: Brand,
  request: { dealId?: number; location?: string; limit: number },
  now: Date,
): Promise<DealSummary[]> {
  const live = { brandId: brand.id, liveSince: liveSince(now) };
  let filter: DealFilter;
  if (request.dealId !== undefined) {
    if (request.dealId > MAX_ID) throw dealNotFound();
    const [deal] = await findDealPlacements(db, brand.id, [request.dealId]);
    if (!deal) throw dealNotFound();
    // The spread last: properties after a spread take V8's slow path (docs/scaling.md).
    filter = {
      subcategoryId: deal.subcategoryId,
      locationId: deal.locationId ?? undefined,
      excludeDealIds: [deal.id],
      ...live,
    };
  } else if (request.location !== undefined) {
    const location = await findBrandLocation(db, brand, request.location);
    if (!location) throw locationNotFound();
    filter = { locationId: location.id, includeNational: true, ...live };
  } else {
    filter = live;
  }
  // A few extra, so near-identical copies left out still leave the list full.
  const deals = await listedSummaries(db, filter, "popularity", { offset: 0, limit: request.limit + 10 });
  return distinctDeals(deals, request.limit);
}

/** How many deals a shopper bought feed their recommendations. */
const PURCHASES_READ = 10;

/**
 * Recommended for you (product.md §2 "recommended"): deals other shoppers bought alongside
 * what this shopper viewed and bought, then the popular deals of those deals' subcategories
 * near them, then the popular deals near them; never a deal they already have in front of
 * them, each offer once (services.md §9: limit 40, pageSize 25).
 */
export async function recommendedForYou(
  db: Db,
  brand: Brand,
  request: { location: string; viewed: number[]; customer: Customer | null },
  now: Date,
): Promise<DealSummary[]> {
  const [location, bought] = await Promise.all([
    findBrandLocation(db, brand, request.location),
    request.customer ? purchasedDealIds(db, brand.id, request.customer.id, PURCHASES_READ) : [],
  ]);
  if (!location) throw locationNotFound();
  const viewed = request.viewed.filter((id) => id <= MAX_ID).slice(0, MAX_RECENT_VIEWED_DEAL_PARAMS * 4);
  const seeds = [...new Set([...viewed, ...bought])];
  const live = { brandId: brand.id, liveSince: liveSince(now) };
  const nearby = { ...live, locationId: location.id, includeNational: true };
  const window = { offset: 0, limit: RECOMMENDATIONS.limit };
  const buyerKey = request.customer ? customerBuyerKey(request.customer) : null;
  const [placements, alsoIds] = await Promise.all([
    findDealPlacements(db, brand.id, seeds),
    boughtAlsoDealIds(db, brand.id, seeds, buyerKey, RECOMMENDATIONS.limit),
  ]);
  const subcategoryIds = [...new Set(placements.map((row) => row.subcategoryId))];
  const [alsoDeals, alikeDeals, popularDeals] = await Promise.all([
    summariesInOrder(db, brand.id, alsoIds),
    subcategoryIds.length === 0
      ? []
      : listedSummaries(
          db,
          { ...nearby, categoryGroups: [subcategoryIds], excludeDealIds: seeds },
          "popularity",
          window,
        ),
    listedSummaries(db, { ...nearby, excludeDealIds: seeds }, "popularity", window),
  ]);
  // Bought alongside, in the order of how many shoppers did; only what is still on sale.
  const liveSinceDay = live.liveSince.getTime();
  const alsoBought = alsoDeals.filter(
    (deal) => deal.closingDate === null || Date.parse(deal.closingDate) >= liveSinceDay,
  );
  const candidates = [...alsoBought, ...alikeDeals, ...popularDeals].filter(
    (deal) => !deal.soldOut && !seeds.includes(deal.id),
  );
  return distinctDeals(candidates, RECOMMENDATIONS.pageSize);
}

export async function newProducts(
  db: Db,
  brand: Brand,
  locationShortName: string,
  page: { page: number; pageSize: number },
  now: Date,
): Promise<DealSummary[]> {
  const location = await findBrandLocation(db, brand, locationShortName);
  if (!location) throw locationNotFound();
  return listedSummaries(
    db,
    { brandId: brand.id, liveSince: liveSince(now), locationId: location.id, includeNational: true },
    "recentlyAdded",
    { offset: page.page * page.pageSize, limit: page.pageSize },
  );
}
