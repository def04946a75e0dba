/**
 * Deal listings (services.md §7.7): the path picks the scope (a location's local deals,
 * the shop, escapes, gifts, near-me, a collection, a special page, the gift finder, and
 * the deal a deal page lists around); the query narrows, sorts and pages it with the
 * listing rules of @deals/domain. Listings show live deals only: a deal shows as open
 * until the end of its closing day (product.md §4), so it leaves the lists the day after.
 */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { addDealDays, type DealDay, dealDayOf, startOfDealDay } from "@deals/domain/deal-day";
import { giftFinderSearchTag } from "@deals/domain/gift-finder";
import { canonicalListingUrl, type ListingQuery, type ListingStay } from "@deals/domain/listing-query";
import { type LocationLatLon, nearestLocation } from "@deals/domain/location";
import { dealListWindow, placeMainDealFirst } from "@deals/domain/paging";
import { notFound } from "../../errors.ts";
import { isShortName } from "../../short-name.ts";
import { listLocations } from "../locations/queries.ts";
import { findBrandLocation, locationNotFound } from "../locations/service.ts";
import { type Collection, SEARCH_TAGS } from "./collections.ts";
import { onPage } from "./deal-list-json.ts";
import { FACETS, type FacetSelection, parseFacetSelection } from "./facets.ts";
import { listedSummaries, summariesInOrder } from "./kept-summaries.ts";
import { BRANCHES, categoryNotFound, type ListingPath, parseListingPath } from "./listing-path.ts";
import { listNearestDealSummaries, withDistance } from "./nearest.ts";
import {
  type CategoryRow,
  type DealFilter,
  type DealOrder,
  type DealSummaryRow,
  findCategoriesByShortName,
  findDealSummaries,
  type ListingSummary,
  type NavigationLevel,
  stayPrices,
} from "./queries.ts";
import type { DealListResponse, DealSummary, FacetFilter, ListingInput } from "./schemas.ts";
import { dealUrlPath, evergreenPath, storefrontOrigin, toDealSummary } from "./summaries.ts";
import { cachedListingSummary } from "./summary-cache.ts";

/** Postgres `integer`: a larger id cannot name a deal, so it never reaches the database. */
export const MAX_ID = 2_147_483_647;

export function dealNotFound() {
  return notFound("DEAL_NOT_FOUND", "There is no deal with this id on this site.");
}

/** The first instant of today in the deals' zone: a deal closing since then still shows. */
export function liveSince(now: Date): Date {
  return startOfDealDay(dealDayOf(now));
}

export const isoDealDay = (day: DealDay) =>
  `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;

/** Today in the deals' zone, as an ISO date (the key of per-day counters). */
export function dealDayKey(now: Date): string {
  return isoDealDay(dealDayOf(now));
}

/** The day and the week (from Monday) the daily and weekly caps count sales in. */
export function salesWindowStarts(now: Date): { dayStart: string; weekStart: string } {
  const today = dealDayOf(now);
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const sinceMonday = (weekday + 6) % 7;
  return { dayStart: isoDealDay(today), weekStart: isoDealDay(addDealDays(today, -sinceMonday)) };
}

// ---- the query's own filters, shared with search ----

const ORDERS: Record<string, DealOrder> = {
  "popularity desc": "popularity",
  "price asc": "priceAsc",
  "price desc": "priceDesc",
  "discount desc": "discount",
  "dateAdded desc": "recentlyAdded",
};

export function orderFor(query: ListingQuery): DealOrder {
  return ORDERS[`${query.sort.orderBy} ${query.sort.order}`] ?? "popularity";
}

/** The gift-finder tag the query asks for: the search tag, else the recipient's. */
function wantedTag(query: ListingQuery, fromPath: string | null): string | null {
  if (query.searchTag) return query.searchTag;
  if (query.giftFor) return giftFinderSearchTag(query.giftFor);
  return fromPath;
}

/** Every category short name the query names (to look them all up in one query). */
export function queryCategoryNames(
  query: ListingQuery,
  tag: string | null = wantedTag(query, null),
): string[] {
  return [
    ...query.categories,
    ...(query.category ? [query.category] : []),
    ...(query.subcategory ? [query.subcategory] : []),
    ...query.excludecategory,
    ...query.excludesubcategory,
    ...((tag && SEARCH_TAGS.get(tag)) || []),
  ];
}

const idsNamed = (rows: CategoryRow[], names: readonly string[], level?: (level: number) => boolean) =>
  rows.filter((row) => names.includes(row.shortName) && (!level || level(row.level))).map((row) => row.id);

/**
 * The parts of a filter the query parameters set: categories (any of them), category and
 * subcategory, exclusions, the gift-finder tag, VIP, price range, facets, and live deals.
 */
export function queryFilter(
  query: ListingQuery,
  rows: CategoryRow[],
  now: Date,
  tag: string | null = wantedTag(query, null),
): Omit<DealFilter, "brandId"> {
  const groups: number[][] = [];
  if (query.categories.length > 0) groups.push(idsNamed(rows, query.categories));
  if (query.category) groups.push(idsNamed(rows, [query.category]));
  if (query.subcategory) groups.push(idsNamed(rows, [query.subcategory], (level) => level >= 2));
  if (tag) groups.push(idsNamed(rows, SEARCH_TAGS.get(tag) ?? []));
  return {
    categoryGroups: groups,
    excludeCategoryIds: idsNamed(rows, query.excludecategory, (level) => level === 1),
    excludeSubcategoryIds: idsNamed(rows, query.excludesubcategory, (level) => level === 2),
    excludeDealIds: query.excludedealids,
    vipOnly: query.vip || undefined,
    // The price filter is in major units (product.md §2 "Price filter lists").
    minPriceMinor: query.minPrice === undefined ? undefined : query.minPrice * 100,
    maxPriceMinor: query.maxPrice === undefined ? undefined : query.maxPrice * 100,
    liveSince: liveSince(now),
    facets: parseFacetSelection(query.facets),
    ...(query.stay ? { stay: query.stay } : {}),
  };
}

function ruleFilter(collection: Collection | null, rows: CategoryRow[]): Omit<DealFilter, "brandId"> {
  if (!collection) return {};
  const { rule } = collection;
  return {
    categoryGroups: rule.categoryShortNames ? [idsNamed(rows, rule.categoryShortNames)] : [],
    vipOnly: rule.vip,
    earlyBirdOnly: rule.earlyBird,
    minDiscountPercent: rule.minDiscountPercent,
  };
}

/** The filters beside the categories, each value with the deals it would list. */
export function facetFilters(summary: ListingSummary, selection: FacetSelection): FacetFilter[] {
  return FACETS.flatMap((facet) => {
    const counts = summary.facetCounts[facet.name] ?? {};
    const chosen = selection[facet.name] ?? [];
    const values = facet.values
      .filter((v) => (counts[v.value] ?? 0) > 0 || chosen.includes(v.value))
      .map((v) => ({
        value: v.value,
        label: v.label,
        count: counts[v.value] ?? 0,
        selected: chosen.includes(v.value),
      }));
    return values.length > 0 ? [{ name: facet.name, label: facet.label, values }] : [];
  });
}

/** The price range of the listing; both ends are 0 when it is empty. */
export function priceStats(summary: ListingSummary) {
  return { minPrice: summary.minPriceMinor ?? 0, maxPrice: summary.maxPriceMinor ?? 0 };
}

// ---- listing ----

/** Follows the short names down the tree: the first a top-level category, each next a child. */
export function resolveCategoryPath(
  rows: CategoryRow[],
  path: string[],
  localRootsOnly: boolean,
): CategoryRow[] | null {
  const chain: CategoryRow[] = [];
  for (const shortName of path) {
    const parent = chain.at(-1);
    const next = rows.find((row) =>
      parent
        ? row.parentId === parent.id && row.shortName === shortName
        : row.level === 1 &&
          row.shortName === shortName &&
          (!localRootsOnly || row.canonicalPathType === "local"),
    );
    if (!next) return null;
    chain.push(next);
  }
  return chain;
}

interface ResolvedListing {
  filter: DealFilter;
  location: { shortName: string; name: string } | null;
  /** The path's categories, top level first (a branch's root included). */
  chain: CategoryRow[];
  storefrontPath: string;
  collection: Collection | null;
  /** Near-me with the shopper's position: deals are measured (and by default sorted) from it. */
  near: LocationLatLon | null;
}

async function findListingLocation(db: Db, brand: Brand, path: ListingPath, input: ListingInput) {
  if (path.base.kind === "location") {
    const location = await findBrandLocation(db, brand, path.base.shortName);
    if (!location) throw locationNotFound();
    return location;
  }
  if (path.base.kind === "nearMe" && input.near) {
    const rows = await listLocations(db, brand.id);
    const options = rows.map((row) => ({ ...row, latLon: { lat: row.lat, lon: row.lon } }));
    return nearestLocation(options, input.near) ?? undefined;
  }
  return undefined;
}

function storefrontPathOf(path: ListingPath, location: { shortName: string } | undefined): string {
  const { base, feature } = path;
  if (feature?.kind === "giftFinder") {
    return feature.recipientTag ? `/gift-finder/${feature.recipientTag}` : "/gift-finder";
  }
  let root: string;
  if (base.kind === "branch") root = BRANCHES[base.segment].storefrontPath;
  else if (base.kind === "collection") root = base.storefrontPath;
  else if (base.kind === "nearMe") root = "/near-me";
  else root = `/deals/${location?.shortName ?? base.shortName}`;
  const special = feature?.kind === "special" ? [`special/${feature.collection.slug}`] : [];
  return [root, ...special, ...path.categories].join("/");
}

async function resolveListing(
  db: Db,
  brand: Brand,
  path: ListingPath,
  input: ListingInput,
  now: Date,
): Promise<ResolvedListing> {
  const { base, feature } = path;
  const query = input.listing;
  const tag = wantedTag(query, feature?.kind === "giftFinder" ? feature.recipientTag : null);
  const collection =
    feature?.kind === "special" ? feature.collection : base.kind === "collection" ? base.collection : null;
  const categoryPath =
    base.kind === "branch" ? [BRANCHES[base.segment].rootShortName, ...path.categories] : path.categories;
  if (!categoryPath.every(isShortName)) throw categoryNotFound();
  const names = [
    ...categoryPath,
    ...(collection?.rule.categoryShortNames ?? []),
    ...queryCategoryNames(query, tag),
  ].filter(isShortName);

  const [location, rows] = await Promise.all([
    findListingLocation(db, brand, path, input),
    findCategoriesByShortName(db, brand.countryCode, [...new Set(names)]),
  ]);
  // A location's own listings start at a local category; rule-based ones at any.
  const localRootsOnly = (base.kind === "location" || base.kind === "nearMe") && !feature;
  const chain = resolveCategoryPath(rows, categoryPath, localRootsOnly);
  if (!chain) throw categoryNotFound();

  const [category, subcategory, subsubcategory] = chain;
  const fromQuery = queryFilter(query, rows, now, tag);
  const fromRule = ruleFilter(collection, rows);
  const allLocations = base.kind === "location" && query.all;
  // Near-me with a position lists every location's deals, nearest first, not only the nearest town's.
  const near = base.kind === "nearMe" ? input.near : null;
  // Object.assign rather than spreads: properties after a spread take V8's slow path, about
  // 1 µs each, for every listing (docs/scaling.md "Pages of one byte a character").
  const filter: DealFilter = Object.assign({}, fromRule, fromQuery, {
    brandId: brand.id,
    locationId: allLocations || near ? undefined : location?.id,
    includeNational: feature !== null,
    localOnly: !feature && (base.kind === "nearMe" || allLocations),
    categoryId: category?.id,
    subcategoryId: subcategory?.id,
    subsubcategoryId: subsubcategory?.id,
    categoryGroups: [...(fromRule.categoryGroups ?? []), ...(fromQuery.categoryGroups ?? [])],
    vipOnly: fromRule.vipOnly || fromQuery.vipOnly,
    search: query.q ? { text: query.q, mode: "words" as const } : undefined,
  });
  return {
    filter,
    location: location ? { shortName: location.shortName, name: location.name } : null,
    chain,
    storefrontPath: storefrontPathOf(path, location),
    collection,
    near,
  };
}

const NAVIGATION_LEVELS: (NavigationLevel | null)[] = ["category", "subcategory", "subsubcategory", null];

const categoryRef = (row: CategoryRow | undefined) =>
  row ? { id: row.id, name: row.name, shortName: row.shortName } : null;

const collectionRef = (collection: Collection | null) =>
  collection ? { slug: collection.slug, title: collection.title, description: collection.description } : null;

/** The deal page's listing asked for a path its deal is not in: send the shopper to the deal. */
function movedDealRedirect(chain: CategoryRow[], main: DealSummaryRow): string | null {
  const own = [main.category.shortName, main.subCategory.shortName, main.subsubShortName];
  return chain.every((row, i) => own[i] === row.shortName) ? null : dealUrlPath(main);
}

/** With travel dates chosen, each deal carries the price of that stay (dynamicTravelPackagePrice). */
async function withStayPrices(db: Db, deals: DealSummary[], stay: ListingStay) {
  const prices = await stayPrices(
    db,
    deals.map((d) => d.id),
    stay,
  );
  return deals.map((deal) => ({ ...deal, dynamicTravelPackagePrice: prices.get(deal.id) ?? null }));
}

export async function listDeals(
  db: Db,
  brand: Brand,
  segments: readonly string[],
  input: ListingInput,
  now: Date,
): Promise<DealListResponse> {
  const path = parseListingPath(segments);
  const query = input.listing;
  if (path.dealId !== null && path.dealId > MAX_ID) throw dealNotFound();
  const [listing, mainRows] = await Promise.all([
    resolveListing(db, brand, path, input, now),
    path.dealId === null ? [] : findDealSummaries(db, brand.id, [path.dealId]),
  ]);
  const mainRow = mainRows[0];
  if (path.dealId !== null && !mainRow) throw dealNotFound();

  // product.md §4 "Deal list paging": page 0 from the start, later pages after the offset.
  const window = dealListWindow({ page: query.page, pageSize: query.pageSize, offset: query.offset ?? 0 });
  const pageWindow = { offset: window.start, limit: window.end - window.start };
  const [listed, summary] = await Promise.all([
    listing.near
      ? listNearestDealSummaries(db, listing.filter, listing.near, orderFor(query), pageWindow).then((rows) =>
          rows.map((row) => withDistance(toDealSummary(row), row.distanceKm)),
        )
      : listedSummaries(db, listing.filter, orderFor(query), pageWindow, query.recentViewedDeal),
    cachedListingSummary(db, listing.filter, NAVIGATION_LEVELS[listing.chain.length] ?? null),
  ]);

  let deals: DealSummary[] = listed;
  if (query.stay) deals = await withStayPrices(db, deals, query.stay);
  let mainDeal: DealSummary | null = query.page === 0 ? (deals[0] ?? null) : null;
  if (mainRow) {
    mainDeal = toDealSummary(mainRow);
    if (query.page === 0) deals = placeMainDealFirst(deals, mainDeal);
  }
  const origin = storefrontOrigin(brand);
  return {
    deals: onPage(deals, query.page),
    mainDeal,
    count: summary.count,
    page: query.page,
    pageSize: query.pageSize,
    facetedNavigation: {
      navigations: summary.navigations,
      filters: facetFilters(summary, listing.filter.facets ?? {}),
      stats: priceStats(summary),
    },
    sponsored: { deals: [], sessionId: null },
    searchResult: null,
    canonicalUrl: mainRow
      ? `${origin}${dealUrlPath(mainRow)}`
      : canonicalListingUrl(origin, listing.storefrontPath, {
          page: String(query.page + 1),
          searchTag: query.searchTag,
          giftFor: query.giftFor,
          q: query.q,
        }),
    evergreenUrl: mainRow ? evergreenPath(mainRow) : null,
    redirectUrl: mainRow ? movedDealRedirect(listing.chain, mainRow) : null,
    location: listing.location,
    category: categoryRef(listing.chain[0]),
    subCategory: categoryRef(listing.chain[1]),
    collection: collectionRef(listing.collection),
  };
}

// ---- lookups ----

/** The brand's deals with these ids, in the order asked, unknown ids left out (recently viewed). */
export async function lookUpDeals(db: Db, brand: Brand, ids: number[]): Promise<DealSummary[]> {
  return summariesInOrder(
    db,
    brand.id,
    [...new Set(ids)].filter((id) => id <= MAX_ID),
  );
}
