/**
 * A location's homepage in one answer (product.md §3 "Other state areas": mainDeal,
 * secondaryDealsArray and the rows under them; rules in @deals/domain/homepage): every row's
 * candidates are read at once, then the page is filled top to bottom so each deal shows once.
 *
 * The rows' candidates are read as ids, then the deals they name in one statement: as seven
 * pages of deals, each joined to its categories, merchant and location, PostgreSQL planned
 * every one afresh for 2 ms and read the deals several rows share once per row
 * (docs/scaling.md "Deal cards as text, and the homepage's rows in one read").
 */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import {
  COLLECTION_ROW_SIZE,
  collectionTitle,
  collectionUrl,
  endingSoonBefore,
  fillRows,
  HOMEPAGE_COLLECTIONS,
  type HomepageCollection,
  SECONDARY_DEALS,
} from "@deals/domain/homepage";
import { summariesInOrder } from "../deals/kept-summaries.ts";
import { type DealFilter, type DealOrder, findCategoriesByShortName, rankDealIds } from "../deals/queries.ts";
import { liveSince } from "../deals/service.ts";
import { findBrandLocation, locationNotFound } from "../locations/service.ts";
import type { Homepage } from "./schemas.ts";

// Enough candidates per row that sold-out deals and those shown higher up leave it full.
const CANDIDATES = 3 * COLLECTION_ROW_SIZE;

export async function homepage(db: Db, brand: Brand, shortName: string, now: Date): Promise<Homepage> {
  const [location, roots] = await Promise.all([
    findBrandLocation(db, brand, shortName),
    findCategoriesByShortName(db, brand.countryCode, ["gifts", "escapes"]),
  ]);
  if (!location) throw locationNotFound();
  const rootId = (name: string) => roots.find((row) => row.level === 1 && row.shortName === name)?.id ?? -1;
  const live = { brandId: brand.id, liveSince: liveSince(now) };
  const nearby = { ...live, locationId: location.id, includeNational: true };
  const rules: Record<HomepageCollection, { filter: DealFilter; order: DealOrder }> = {
    "ending-soon": { filter: { ...nearby, closingBefore: endingSoonBefore(now) }, order: "popularity" },
    "new-today": { filter: nearby, order: "recentlyAdded" },
    "top-sellers": { filter: { ...live, locationId: location.id }, order: "popularity" },
    gifts: { filter: { ...live, categoryId: rootId("gifts") }, order: "popularity" },
    escapes: { filter: { ...live, categoryId: rootId("escapes") }, order: "popularity" },
    "vip-picks": { filter: { ...nearby, vipOnly: true }, order: "popularity" },
  };
  const rowIds = await Promise.all([
    rankDealIds(db, nearby, "popularity", CANDIDATES),
    ...HOMEPAGE_COLLECTIONS.map((slug) => rankDealIds(db, rules[slug].filter, rules[slug].order, CANDIDATES)),
  ]);
  const summaries = await summariesInOrder(db, brand.id, [...new Set(rowIds.flat())]);
  const byId = new Map(summaries.map((deal) => [deal.id, deal]));
  // A deal gone between the two reads is left out of its rows.
  const [popular, ...candidates] = rowIds.map((ids) => ids.flatMap((id) => byId.get(id) ?? []));
  const [hero = [], secondaryDeals = [], ...rows] = fillRows([
    { candidates: popular ?? [], size: 1 },
    { candidates: popular ?? [], size: SECONDARY_DEALS },
    ...candidates.map((deals) => ({ candidates: deals, size: COLLECTION_ROW_SIZE })),
  ]);
  const collections = HOMEPAGE_COLLECTIONS.map((slug, i) => ({
    slug,
    title: collectionTitle(slug),
    url: collectionUrl(slug, location.shortName),
    deals: rows[i] ?? [],
  })).filter((row) => row.deals.length > 0);
  const mainDeal = hero[0] ?? null;
  return {
    location: { shortName: location.shortName, name: location.name },
    mainDeal,
    secondaryDeals,
    collections,
  };
}
