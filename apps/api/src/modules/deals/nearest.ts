/**
 * Near-me listings from the shopper's position (product.md §2 "Hyperlocal pages"): each
 * local deal is as far away as the nearest place it can be redeemed, read from the points
 * written with the deal (schema/near-me.ts: its merchant's addresses with coordinates, else
 * its town's centre). National deals have no distance and come after the local ones. By
 * default the nearest deals come first; another sort the shopper chose (price, discount,
 * newest) still orders the page, and every deal keeps its distance.
 */
import { asc, type Db, eq, type SQL, sql } from "@deals/db";
import { dealListings } from "@deals/db/schema/browse";
import { deals } from "@deals/db/schema/catalogue";
import { dealRedeemPoints } from "@deals/db/schema/near-me";
import { EARTH_RADIUS_KM, type LocationLatLon } from "@deals/domain/location";
import {
  type DealFilter,
  type DealOrder,
  type DealSummaryRow,
  dealConditions,
  orderBy,
  type PageWindow,
  selectSummaries,
} from "./queries.ts";
import type { DealSummary } from "./schemas.ts";

const listed = dealListings;

/**
 * A validated number written into the statement as a literal, so the distance expression is
 * the same text wherever it appears (select, window and order) and is worked out once a row.
 */
const literal = (value: number) => sql.raw(`${Number(value)}::float8`);

/** Great-circle kilometres from the point to lat/lon (the haversine formula, as domain distanceKm). */
function kilometresFrom(point: LocationLatLon, lat: SQL, lon: SQL): SQL {
  const pointLat = literal(point.lat);
  const pointLon = literal(point.lon);
  return sql`(2 * ${literal(EARTH_RADIUS_KM)} * asin(least(1, sqrt(
    power(sin(radians(${lat} - ${pointLat}) / 2), 2)
    + cos(radians(${pointLat})) * cos(radians(${lat})) * power(sin(radians(${lon} - ${pointLon}) / 2), 2)))))`;
}

/** A listing row's distance: its nearest redeem point (null without any: a national deal). */
function distanceOf(point: LocationLatLon): SQL<number | null> {
  return sql<
    number | null
  >`min(${kilometresFrom(point, sql`${dealRedeemPoints.lat}`, sql`${dealRedeemPoints.lon}`)})`;
}

/**
 * A page of the listing with each deal's distance from `point` in kilometres: one statement,
 * the page's ids and distances chosen from the narrow listing rows and redeem points, then
 * only those deals joined to what a card shows.
 */
export async function listNearestDealSummaries(
  db: Db,
  filter: DealFilter,
  point: LocationLatLon,
  order: DealOrder,
  page: PageWindow,
): Promise<(DealSummaryRow & { distanceKm: number | null })[]> {
  const distance = distanceOf(point);
  // Popularity is the default sort: on near-me the default is the nearest first.
  const ordering =
    order === "popularity"
      ? [sql`${distance} asc nulls last`, sql`${listed.popularity} desc nulls last`, asc(listed.dealId)]
      : orderBy(order, filter);
  const pageIds = db
    .select({
      id: sql<number>`${listed.dealId}`.as("page_deal_id"),
      distanceKm: sql<number | null>`${distance}`.as("page_distance_km"),
      position: sql<number>`row_number() over (order by ${sql.join(ordering, sql`, `)})`.as("position"),
    })
    .from(listed)
    .leftJoin(dealRedeemPoints, eq(dealRedeemPoints.dealId, listed.dealId))
    .where(dealConditions(filter))
    // One row a deal (deal_id is the listing rows' key, so their other columns may be ordered by).
    .groupBy(listed.dealId)
    .orderBy(...ordering)
    .limit(page.limit)
    .offset(page.offset)
    .as("page_ids");
  const rows = await selectSummaries(db, { pageDistanceKm: pageIds.distanceKm })
    .innerJoin(pageIds, eq(pageIds.id, deals.id))
    .orderBy(asc(pageIds.position));
  return rows.map(({ pageDistanceKm, ...row }) => ({
    ...row,
    distanceKm: pageDistanceKm === null ? null : Number(pageDistanceKm),
  }));
}

/** The summary with its distance, to the nearest 10 metres (none for a national deal). */
export function withDistance(summary: DealSummary, distanceKm: number | null): DealSummary {
  return distanceKm === null ? summary : { ...summary, distanceKm: Math.round(distanceKm * 100) / 100 };
}
