/**
 * Recommendations: for a deal, the live deals of its subcategory (in its location when it
 * is local) other than itself, most popular first; without one, a location's popular deals.
 * New products: a location's newest live deals, local and national.
 */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { type DealFilter, findDealSummaries, listDealSummaries } from "../deals/queries.ts";
import type { DealSummary } from "../deals/schemas.ts";
import { dealNotFound, liveSince, MAX_ID } from "../deals/service.ts";
import { toDealSummary } from "../deals/summaries.ts";
import { findBrandLocation, locationNotFound } from "../locations/service.ts";

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
    const [deal] = await findDealSummaries(db, brand.id, [request.dealId]);
    if (!deal) throw dealNotFound();
    filter = {
      ...live,
      subcategoryId: deal.subCategory.id,
      locationId: deal.locationId ?? undefined,
      excludeDealIds: [deal.id],
    };
  } else if (request.location !== undefined) {
    const location = await findBrandLocation(db, brand, request.location);
    if (!location) throw locationNotFound();
    filter = { ...live, locationId: location.id, includeNational: true };
  } else {
    filter = live;
  }
  const rows = await listDealSummaries(db, filter, "popularity", { offset: 0, limit: request.limit });
  return rows.map(toDealSummary);
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
  const rows = await listDealSummaries(
    db,
    { brandId: brand.id, liveSince: liveSince(now), locationId: location.id, includeNational: true },
    "recentlyAdded",
    { offset: page.page * page.pageSize, limit: page.pageSize },
  );
  return rows.map(toDealSummary);
}
