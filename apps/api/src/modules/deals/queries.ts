/**
 * The deal reads. A listing page is one query for its deals and one for its count, facet
 * counts, category navigation and price range, whatever the page size: never a query per
 * row. Both read the narrow listing rows written with each deal (deal_listings), filter
 * on brand first and order by the indexed sort keys; only the page's own deals are joined
 * to their categories, merchant and location.
 */
import {
  alias,
  and,
  asc,
  Bindings,
  type Column,
  type Db,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  type Placeholder,
  runShaped,
  type SQL,
  type SQLWrapper,
  sql,
} from "@deals/db";
import { dealImpressions, dealListings, sponsoredAds } from "@deals/db/schema/browse";
import {
  type CanonicalPathType,
  categories,
  dealProducts,
  deals,
  locations,
  merchants,
  productPriceHistory,
  productSalesWindows,
} from "@deals/db/schema/catalogue";
import { orderLines, orders } from "@deals/db/schema/commerce";
import { travelCalendarDays } from "@deals/db/schema/travel";
import type { BrandId, CountryCode } from "@deals/domain/brand";
import type { ListingStay } from "@deals/domain/listing-query";
import { roomsForGuests } from "@deals/domain/travel-stay";
import { BRIEF_TTL_MS, KeptBriefly } from "../../kept-briefly.ts";
import { FACETS, type FacetSelection } from "./facets.ts";

// ---- categories ----

export interface CategoryRow {
  id: number;
  parentId: number | null;
  level: number;
  shortName: string;
  name: string;
  canonicalPathType: CanonicalPathType;
}

/**
 * Every category on the country's sites whose short name is one of `shortNames`; asked by
 * every listing with a category or a category filter, so kept briefly (kept-briefly.ts).
 */
export function findCategoriesByShortName(
  db: Db,
  countryCode: CountryCode,
  shortNames: string[],
): Promise<CategoryRow[]> {
  return keptCategories.get(db, JSON.stringify([countryCode, shortNames]), BRIEF_TTL_MS, () =>
    readCategoriesByShortName(db, countryCode, shortNames),
  );
}

const keptCategories = new KeptBriefly<CategoryRow[]>(1000);

async function readCategoriesByShortName(
  db: Db,
  countryCode: CountryCode,
  shortNames: string[],
): Promise<CategoryRow[]> {
  if (shortNames.length === 0) return [];
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      level: categories.level,
      shortName: categories.shortName,
      name: categories.name,
      canonicalPathType: categories.canonicalPathType,
    })
    .from(categories)
    .where(
      and(
        inArray(categories.shortName, shortNames),
        or(isNull(categories.countryCode), eq(categories.countryCode, countryCode)),
      ),
    );
}

/** What Drizzle's select takes: columns, SQL, or nested objects of them. */
type SelectedFields = NonNullable<Parameters<Db["select"]>[0]>;

// ---- which deals ----

/**
 * Text search: every word (full text, stemmed), or, while typing, a to_tsquery text of
 * plain words, the last a prefix.
 */
export interface SearchMatch {
  text: string;
  mode: "words" | "prefix";
}

/** Which deals a listing holds, every part already resolved to ids. */
export interface DealFilter {
  brandId: BrandId;
  /** Local deals of one location... */
  locationId?: number;
  /** ...and, with it, the national deals too. */
  includeNational?: boolean;
  /** Local deals of every location. */
  localOnly?: boolean;
  /** National deals only (without locationId). */
  nationalOnly?: boolean;
  categoryId?: number;
  subcategoryId?: number;
  subsubcategoryId?: number;
  /** Each group: deals in any of its categories, at any level. Every group must match. */
  categoryGroups?: number[][];
  excludeCategoryIds?: number[];
  excludeSubcategoryIds?: number[];
  excludeDealIds?: number[];
  /** Deals with a VIP price or for VIP members only. */
  vipOnly?: boolean;
  earlyBirdOnly?: boolean;
  minDiscountPercent?: number;
  minPriceMinor?: number;
  maxPriceMinor?: number;
  /** Live deals only: no closing date, or closing at or after this instant (start of today). */
  liveSince?: Date;
  /** With liveSince: closed last-chance deals too (product.md §4: still buyable from search). */
  includeLastChance?: boolean;
  /** Deals closing before this instant only (the homepage's "Ending soon"). */
  closingBefore?: Date;
  search?: SearchMatch;
  facets?: FacetSelection;
  /** Deals bookable for this stay on their calendar (travel dates the shopper chose). */
  stay?: ListingStay;
}

/**
 * How a filter's values are written into a statement: in place, or each under a named
 * placeholder (shaped.ts), so that the page of deals is built once per shape of filter and
 * only its values are bound on later requests. A value compared with a column is written as
 * that column writes it.
 */
type PutValue = <T>(name: string, value: T, column?: Column) => T | Placeholder;
const inPlace: PutValue = (_name, value) => value;
const boundIn =
  (b: Bindings): PutValue =>
  (name, value, column) =>
    b.bind(name, column && value !== null ? column.mapToDriverValue(value) : value);

/** Each value of a list under its own placeholder: `${prefix}0`, `${prefix}1`... */
const putAll = <T>(put: PutValue, prefix: string, values: readonly T[], column?: Column) =>
  values.map((value, i) => put(`${prefix}${i}`, value, column));

/**
 * The search text as a tsquery, or null when it holds stop words alone. Parsing such a text
 * raises a notice, and a notice raised while PGlite plans a statement has left it looping for
 * good (a search for "the" hung the process); to_tsvector raises none, so it decides first.
 */
const tsQuery = (text: string | Placeholder, mode: SearchMatch["mode"] = "words") => {
  const parse = sql.raw(mode === "words" ? "websearch_to_tsquery" : "to_tsquery");
  return sql`(case when to_tsvector('english', ${text}) = ''::tsvector then null::tsquery else ${parse}('english', ${text}) end)`;
};

function searchCondition(search: SearchMatch, put: PutValue): SQL {
  return sql`${dealListings.searchVector} @@ ${tsQuery(put("search", search.text), search.mode)}`;
}

/** Listing filters read the narrow listing rows (schema/browse.ts deal_listings). */
const listed = dealListings;

function anyCategory(ids: number[], put: PutValue, prefix: string): SQL {
  if (ids.length === 0) return sql`false`;
  // One placeholder per id, used for all three levels.
  const bound = putAll(put, prefix, ids);
  return or(
    inArray(listed.categoryId, bound),
    inArray(listed.subcategoryId, bound),
    inArray(listed.subsubcategoryId, bound),
  )!;
}

// Constant conditions are written into the statement's text, part of its shape, not bound.
const isLocal = sql`${listed.scope} = 'local'`;
const isNational = sql`${listed.scope} = 'national'`;

function locationCondition(filter: DealFilter, put: PutValue): SQL | undefined {
  if (filter.locationId === undefined) {
    if (filter.localOnly) return isLocal;
    return filter.nationalOnly ? isNational : undefined;
  }
  const inLocation = eq(listed.locationId, put("location", filter.locationId));
  return filter.includeNational ? or(inLocation, isNational) : inLocation;
}

function liveCondition(filter: DealFilter, put: PutValue): SQL | undefined {
  if (!filter.liveSince) return undefined;
  return or(
    isNull(listed.closingDate),
    gte(listed.closingDate, put("live_since", filter.liveSince, listed.closingDate)),
    filter.includeLastChance ? sql`${listed.lastChance}` : undefined,
  );
}

/**
 * A calendar deal that can be booked for the stay: check-in open for arrival with the stay's
 * length allowed that day, every night open with the rooms left, check-out open for departure
 * (product.md §4 "Calendar"). Reads the calendar's primary key, deal by deal.
 */
function stayCondition(stay: ListingStay, put: PutValue): SQL {
  const checkIn = put("stay_check_in", stay.checkIn);
  const checkOut = put("stay_check_out", stay.checkOut);
  const nights = put("stay_nights", stay.nights);
  const rooms = put("stay_rooms", roomsForGuests(stay.guests) ?? 1);
  return sql`exists (
    select 1 from ${travelCalendarDays} arrival
    where arrival.deal_id = ${listed.dealId} and arrival.date = ${checkIn}::date
      and arrival.open_for_arrival and arrival.min_length_of_stay <= ${nights}::int
      and arrival.max_length_of_stay >= ${nights}::int
      and (select count(*) from ${travelCalendarDays} night
        where night.deal_id = arrival.deal_id and night.date >= arrival.date and night.date < ${checkOut}::date
          and night.open_for_sale and night.rooms_total - night.rooms_taken >= ${rooms}::int) = ${nights}::int
      and not exists (select 1 from ${travelCalendarDays} departure
        where departure.deal_id = arrival.deal_id and departure.date = ${checkOut}::date
          and not departure.open_for_departure))`;
}

/** The price of each deal's stay, by deal id: its nights' prices for a room of 2, times its rooms. */
export async function stayPrices(db: Db, dealIds: readonly number[], stay: ListingStay) {
  if (dealIds.length === 0) return new Map<number, number>();
  const rooms = roomsForGuests(stay.guests) ?? 1;
  const rows = await db
    .select({
      dealId: travelCalendarDays.dealId,
      price: sql<number>`sum(${travelCalendarDays.priceMinor})::int`.mapWith(Number),
    })
    .from(travelCalendarDays)
    .where(
      and(
        inArray(travelCalendarDays.dealId, [...dealIds]),
        gte(travelCalendarDays.date, stay.checkIn),
        lt(travelCalendarDays.date, stay.checkOut),
      ),
    )
    .groupBy(travelCalendarDays.dealId);
  return new Map(rows.map((row) => [row.dealId, row.price * rooms]));
}

function facetConditions(selection: FacetSelection | undefined, put: PutValue): SQL[] {
  return FACETS.flatMap((facet, i) => {
    const values = selection?.[facet.name];
    return values ? [inArray(facet.expression, putAll(put, `facet${i}_`, values))] : [];
  });
}

/** Everything but the facets, which the summary counts apply one by one. */
function baseConditions(filter: DealFilter, put: PutValue = inPlace): SQL | undefined {
  const when = <T>(value: T | undefined, condition: (value: T) => SQL) =>
    value === undefined ? undefined : condition(value);
  const nonEmpty = (ids: number[] | undefined) => (ids && ids.length > 0 ? ids : undefined);
  return and(
    eq(listed.brandId, put("brand", filter.brandId)),
    locationCondition(filter, put),
    when(filter.categoryId, (id) => eq(listed.categoryId, put("category", id))),
    when(filter.subcategoryId, (id) => eq(listed.subcategoryId, put("subcategory", id))),
    when(filter.subsubcategoryId, (id) => eq(listed.subsubcategoryId, put("subsubcategory", id))),
    ...(filter.categoryGroups ?? []).map((ids, i) => anyCategory(ids, put, `group${i}_`)),
    when(nonEmpty(filter.excludeCategoryIds), (ids) =>
      notInArray(listed.categoryId, putAll(put, "not_category", ids)),
    ),
    when(nonEmpty(filter.excludeSubcategoryIds), (ids) =>
      notInArray(listed.subcategoryId, putAll(put, "not_subcategory", ids)),
    ),
    when(nonEmpty(filter.excludeDealIds), (ids) => notInArray(listed.dealId, putAll(put, "not_deal", ids))),
    filter.vipOnly ? sql`${listed.vip}` : undefined,
    filter.earlyBirdOnly ? sql`${listed.earlyBird}` : undefined,
    when(filter.minDiscountPercent, (percent) => gte(listed.discountPercent, put("min_discount", percent))),
    when(filter.minPriceMinor, (minor) => gte(listed.priceMinor, put("min_price", minor))),
    when(filter.maxPriceMinor, (minor) => lte(listed.priceMinor, put("max_price", minor))),
    liveCondition(filter, put),
    when(filter.closingBefore, (instant) =>
      lt(listed.closingDate, put("closing_before", instant, listed.closingDate)),
    ),
    when(filter.search, (search) => searchCondition(search, put)),
    when(filter.stay, (stay) => stayCondition(stay, put)),
  );
}

export function dealConditions(filter: DealFilter, put: PutValue = inPlace): SQL | undefined {
  return and(baseConditions(filter, put), ...facetConditions(filter.facets, put));
}

/**
 * What decides the text of a filter's conditions besides its values: which parts it has, how
 * long its lists are, its flags and its search mode. Filters alike here make the same
 * statement once their values are bound.
 */
function filterShape(filter: DealFilter): string {
  return JSON.stringify(filter, (key, value) =>
    key !== "mode" && (typeof value === "number" || typeof value === "string") ? 0 : value,
  );
}

/** The listing rows a query starts from: narrow, so a listing's counts read few pages. */
function fromListings<T extends SelectedFields>(db: Db, fields: T) {
  return db.select(fields).from(listed).$dynamic();
}

// ---- order ----

export type DealOrder = "popularity" | "priceAsc" | "priceDesc" | "discount" | "recentlyAdded" | "relevance";

/**
 * How well a deal matches the search: headline words count most, a headline that is the
 * search itself more than one that goes on, then the rest of its text.
 */
function relevance(search: SearchMatch, put: PutValue): SQL {
  const text = put("relevance", search.text);
  const headline = sql`word_similarity(${text}, ${listed.headline}) + similarity(${text}, ${listed.headline})`;
  return sql`${headline} + ts_rank_cd(${listed.searchVector}, ${tsQuery(text)})`;
}

// Descending keys put nulls last, as the listing indexes hold them, so a page reads only
// its own rows in index order. Every order ends with the id: pages never overlap or skip.
const descending = (key: SQL | SQLWrapper) => sql`${key} desc nulls last`;

export function orderBy(order: DealOrder, filter: DealFilter, put: PutValue = inPlace): SQL[] {
  switch (order) {
    case "popularity":
      return [descending(listed.popularity), asc(listed.dealId)];
    case "priceAsc":
      return [asc(listed.priceMinor), asc(listed.dealId)];
    case "priceDesc":
      return [descending(listed.priceMinor), asc(listed.dealId)];
    case "discount":
      return [descending(listed.discountPercent), asc(listed.dealId)];
    case "recentlyAdded":
      return [descending(listed.publishedAt), asc(listed.dealId)];
    case "relevance":
      return filter.search
        ? [descending(relevance(filter.search, put)), ...orderBy("popularity", filter, put)]
        : orderBy("popularity", filter, put);
  }
}

const viewed = alias(deals, "viewed");

// ---- summaries ----

const subCategories = alias(categories, "sub_categories");
const subsubCategories = alias(categories, "subsub_categories");

/** The lead (cheapest, then first) product's admin fee, read in the same statement. */
const leadAdminFee = sql<number>`coalesce((
  select ${dealProducts.adminFeeMinor} from ${dealProducts}
  where ${dealProducts.dealId} = ${deals.id}
  order by ${dealProducts.priceMinor}, ${dealProducts.sortOrder}
  limit 1), 0)`.mapWith(Number);

const summaryColumns = {
  id: deals.id,
  slug: deals.slug,
  headline: deals.headline,
  title: deals.title,
  currency: deals.currency,
  priceMinor: deals.priceMinor,
  originalPriceMinor: deals.originalPriceMinor,
  vipPriceMinor: deals.vipPriceMinor,
  discountPercent: deals.discountPercent,
  minPostagePriceMinor: deals.minPostagePriceMinor,
  leadAdminFeeMinor: leadAdminFee,
  priceText: deals.priceText,
  pricePerPerson: deals.pricePerPerson,
  closingDate: deals.closingDate,
  // A calendar deal is sold out too when no night is left to book (travel/queries.ts).
  soldOut: sql<boolean>`(${deals.soldOut} or ${deals.calendarSoldOut})`,
  lastChance: deals.lastChance,
  scope: deals.scope,
  dealType: deals.dealType,
  images: deals.images,
  display: deals.display,
  reviewAverage: deals.reviewAverage,
  reviewTotal: deals.reviewTotal,
  totalBought: deals.totalBought,
  vipExclusive: deals.vipExclusive,
  // Written with the price history (lowest-price.ts), so a listing never aggregates it.
  lowestPriceLast30DaysMinor: deals.lowestPriceLast30DaysMinor,
  revision: deals.revision,
  category: {
    id: categories.id,
    name: categories.name,
    shortName: categories.shortName,
    canonicalPathType: categories.canonicalPathType,
  },
  subCategory: { id: subCategories.id, name: subCategories.name, shortName: subCategories.shortName },
  subsubShortName: subsubCategories.shortName,
  business: { name: merchants.businessName, displayName: merchants.displayName },
  location: { shortName: locations.shortName, name: locations.name },
  locationId: deals.locationId,
};

export function selectSummaries<T extends SelectedFields>(db: Db, extra: T) {
  return db
    .select({ ...summaryColumns, ...extra })
    .from(deals)
    .innerJoin(categories, eq(categories.id, deals.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, deals.subcategoryId))
    .leftJoin(subsubCategories, eq(subsubCategories.id, deals.subsubcategoryId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .leftJoin(locations, eq(locations.id, deals.locationId));
}

/**
 * The same selection for one deal. Joined as above, PostgreSQL hashes every category and
 * location to match the one row (the deal's detail 0.18 to 0.21 ms to execute, against 0.10 to
 * 0.12 ms by key); here each name is read by its key in a lateral subquery named as the table it
 * reads, so the summary's columns select from it unchanged (docs/scaling.md "A baseline beside
 * each engine's suites").
 */
function selectOneSummary<T extends SelectedFields>(db: Db, extra: T, one: Placeholder) {
  type Named = typeof categories | typeof subCategories | typeof subsubCategories | typeof locations;
  // The limit (bound to 1) keeps each a lookup: PostgreSQL merges a subquery without one into the join.
  const byKey = (table: Named, name: string, key: Column) =>
    db.select().from(table).where(eq(table.id, key)).limit(one).as(name);
  return db
    .select({ ...summaryColumns, ...extra })
    .from(deals)
    .innerJoinLateral(byKey(categories, "categories", deals.categoryId), sql`true`)
    .innerJoinLateral(byKey(subCategories, "sub_categories", deals.subcategoryId), sql`true`)
    .leftJoinLateral(byKey(subsubCategories, "subsub_categories", deals.subsubcategoryId), sql`true`)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .leftJoinLateral(byKey(locations, "locations", deals.locationId), sql`true`);
}

export interface PageWindow {
  offset: number;
  limit: number;
}

/** A deal as a page lists it before its summary is read: its id and its row's revision. */
export interface DealRef {
  id: number;
  revision: number;
}

/**
 * A page of deals as ids and revisions, for summaries kept in memory (kept-summaries.ts). The
 * page's ids are chosen from the listings table alone, in index order where the sort allows,
 * so the cost follows the page size rather than the listing's; only the deals' own rows are read
 * for their revisions, and nothing is joined. Deals sharing a subcategory with a recently
 * viewed one (recentViewedDeal) come first, each part in the listing's own order.
 *
 * Built with the query builder only the first time a shape of filter, sort and page runs;
 * later requests of that shape bind their values to the statement already prepared (the
 * query builder had been the largest part of the API's own work on a listing).
 */
export async function listDealRefs(
  db: Db,
  filter: DealFilter,
  order: DealOrder,
  page: PageWindow,
  recentViewedDealIds: readonly number[] = [],
): Promise<DealRef[]> {
  const b = new Bindings();
  b.note(`${order}:${filterShape(filter)}`);
  const put = boundIn(b);
  const boost =
    recentViewedDealIds.length > 0
      ? [
          sql`${inArray(
            listed.subcategoryId,
            db
              .select({ subcategoryId: viewed.subcategoryId })
              .from(viewed)
              .where(
                and(
                  eq(viewed.brandId, put("viewed_brand", filter.brandId)),
                  inArray(viewed.id, putAll(put, "viewed", recentViewedDealIds)),
                ),
              ),
          )} desc`,
        ]
      : [];
  const ordering = [...boost, ...orderBy(order, filter, put)];
  const conditions = dealConditions(filter, put);
  const limit = b.bind("limit", page.limit);
  const offset = b.bind("offset", page.offset);
  return runShaped(db, "deal_page_refs", b, () => {
    const pageIds = fromListings(db, {
      id: sql<number>`${listed.dealId}`.as("page_deal_id"),
      position: sql<number>`row_number() over (order by ${sql.join(ordering, sql`, `)})`.as("position"),
    })
      .where(conditions)
      .orderBy(...ordering)
      .limit(limit)
      .offset(offset)
      .as("page_ids");
    return db
      .select({ id: deals.id, revision: deals.revision })
      .from(deals)
      .innerJoin(pageIds, eq(pageIds.id, deals.id))
      .orderBy(asc(pageIds.position));
  });
}
export type DealSummaryRow = Awaited<ReturnType<typeof findDealSummaries>>[number];

/**
 * The ids of the first `limit` deals a filter lists, in the listing's order, without their
 * rows: for paging through a ranking read once (a search's relevance reads every matching
 * deal's headline). Built once per shape of filter and order, as the page of deals is.
 */
export async function rankDealIds(db: Db, filter: DealFilter, order: DealOrder, limit: number) {
  const b = new Bindings();
  b.note(`${order}:${filterShape(filter)}`);
  const put = boundIn(b);
  const ordering = orderBy(order, filter, put);
  const conditions = dealConditions(filter, put);
  const most = b.bind("limit", limit);
  const rows = await runShaped(db, "ranked_deal_ids", b, () =>
    fromListings(db, { id: listed.dealId })
      .where(conditions)
      .orderBy(...ordering)
      .limit(most),
  );
  return rows.map((row) => row.id);
}

/** A deal of a search's ranking with the keys it is ranked by. */
export interface RankedDeal {
  id: number;
  relevance: number;
  popularity: number;
}

/**
 * A search's first `limit` deals by relevance, as rankDealIds ranks them, each with the keys
 * it is ranked by, so that rankings of parts of a search can be merged (ranked-pages.ts).
 */
export async function rankByRelevance(
  db: Db,
  filter: DealFilter & { search: SearchMatch },
  limit: number,
): Promise<RankedDeal[]> {
  const b = new Bindings();
  b.note(filterShape(filter));
  const put = boundIn(b);
  const score = sql<number>`${relevance(filter.search, put)}`.mapWith(Number).as("relevance");
  const conditions = dealConditions(filter, put);
  const most = b.bind("limit", limit);
  return runShaped(db, "ranked_by_relevance", b, () =>
    fromListings(db, { id: listed.dealId, relevance: score, popularity: listed.popularity })
      .where(conditions)
      // By the selected score's name: written out again it would be worked out twice.
      .orderBy(descending(sql`"relevance"`), ...orderBy("popularity", filter))
      .limit(most),
  );
}

/**
 * The brand's deals among these ids: one id by equality, more as one array, so that
 * PostgreSQL keeps a generic plan for each. With a placeholder per id it planned the
 * seven-table join afresh on every call (about 0.7 ms, twice the time it then took to run),
 * and one array statement for every count kept its custom plans too while most calls asked
 * for one deal.
 */
function brandDealsWithIds(b: Bindings, brandId: BrandId, ids: readonly number[]): () => SQL | undefined {
  const brand = b.bind("brand", brandId);
  const one = ids.length === 1;
  const id = one ? b.bind("id", ids[0]) : b.bind("ids", ids);
  // The condition is built only when the statement is (shaped.ts), the values on every call.
  return () => and(eq(deals.brandId, brand), one ? eq(deals.id, id) : sql`${deals.id} = any(${id}::int[])`);
}

/** The brand's deals with these ids, in no particular order; unknown ids are left out. */
export async function findDealSummaries(db: Db, brandId: BrandId, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const b = new Bindings();
  const wanted = brandDealsWithIds(b, brandId, ids);
  return runShaped(db, "deals_by_id", b, () => selectSummaries(db, {}).where(wanted()));
}

/**
 * Where the brand's deals with these ids are listed (subcategory and location), in no particular
 * order, unknown ids left out: what recommendations filter by, read from the deals' own rows
 * without the summary's joins.
 */
export async function findDealPlacements(db: Db, brandId: BrandId, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const b = new Bindings();
  const wanted = brandDealsWithIds(b, brandId, ids);
  return runShaped(db, "deal_placements", b, () =>
    db
      .select({ id: deals.id, subcategoryId: deals.subcategoryId, locationId: deals.locationId })
      .from(deals)
      .where(wanted()),
  );
}

/** The revisions of the brand's deals with these ids, in no particular order; unknown ids left out. */
export async function findDealRefs(db: Db, brandId: BrandId, ids: readonly number[]): Promise<DealRef[]> {
  if (ids.length === 0) return [];
  const b = new Bindings();
  const wanted = brandDealsWithIds(b, brandId, ids);
  return runShaped(db, "deal_refs_by_id", b, () =>
    db.select({ id: deals.id, revision: deals.revision }).from(deals).where(wanted()),
  );
}

/** The ads whose deals match the filter and run at `now`, the highest bid first. */
export async function rankSponsoredAds(db: Db, filter: DealFilter, now: Date, limit: number) {
  const b = new Bindings();
  b.note(filterShape(filter));
  const put = boundIn(b);
  const conditions = dealConditions(filter, put);
  const started = put("started_by", now, sponsoredAds.startsAt);
  const endsAfter = put("ends_after", now, sponsoredAds.endsAt);
  const most = b.bind("limit", limit);
  return runShaped(db, "sponsored_ads", b, () =>
    fromListings(db, { dealId: listed.dealId, adId: sponsoredAds.id })
      .innerJoin(
        sponsoredAds,
        and(eq(sponsoredAds.dealId, listed.dealId), eq(sponsoredAds.brandId, listed.brandId)),
      )
      .where(
        and(
          conditions,
          lte(sponsoredAds.startsAt, started),
          or(isNull(sponsoredAds.endsAt), sql`${sponsoredAds.endsAt} > ${endsAfter}`),
        ),
      )
      .orderBy(desc(sponsoredAds.bidMinor), asc(sponsoredAds.id))
      .limit(most),
  );
}

// ---- counts, navigation, facets and price range ----

/** Which column the navigation counts group by: the level below the listing's deepest category. */
export type NavigationLevel = "category" | "subcategory" | "subsubcategory";
const NAVIGATION_COLUMNS = {
  category: listed.categoryId,
  subcategory: listed.subcategoryId,
  subsubcategory: listed.subsubcategoryId,
} as const;

export interface ListingSummary {
  count: number;
  minPriceMinor: number | null;
  maxPriceMinor: number | null;
  navigations: { shortName: string; linkText: string; count: number }[];
  /** Facet name → value → deals with that value, under every other facet's selection. */
  facetCounts: Record<string, Record<string, number>>;
}

const facetAlias = (name: string) => name.toLowerCase();

/**
 * One statement for everything a listing shows besides its deals: the matching deals
 * (without the facet filters) grouped into cells by navigation entry and every facet's
 * value, each cell with its count and price range. A few hundred cells at most, which
 * are then added up here: per navigation entry, per facet value, and in total. A facet's
 * own counts apply every other facet's selection but not its own, so a shopper can widen
 * a filter they already chose.
 */
export async function summariseListing(
  db: Db,
  filter: DealFilter,
  navigationLevel: NavigationLevel | null,
): Promise<ListingSummary> {
  // Built once per shape like the page of deals; the facets are counted, not filtered on here.
  const b = new Bindings();
  b.note(`${navigationLevel}:${filterShape({ ...filter, facets: undefined })}`);
  const conditions = baseConditions(filter, boundIn(b));
  const rows = await runShaped(db, "listing_summary", b, () => {
    const navigation = navigationLevel
      ? sql<number | null>`${NAVIGATION_COLUMNS[navigationLevel]}`
      : sql<null>`null::int`;
    const facetColumns = Object.fromEntries(
      FACETS.map((facet) => [facet.name, sql<string | null>`${facet.expression}`.as(facetAlias(facet.name))]),
    );
    const cells = fromListings(db, {
      navId: navigation.as("nav_id"),
      ...facetColumns,
      count: sql<number>`count(*)::int`.as("cell_count"),
      minPrice: sql<number>`min(${listed.priceMinor})`.as("min_price"),
      maxPrice: sql<number>`max(${listed.priceMinor})`.as("max_price"),
    })
      .where(conditions)
      .groupBy(navigation, ...FACETS.map((facet) => facet.expression))
      .as("cells");
    return db
      .select({
        navId: cells.navId,
        facets: sql<(string | null)[]>`array[${sql.join(
          FACETS.map((facet) => sql.raw(`"cells"."${facetAlias(facet.name)}"`)),
          sql`, `,
        )}]`,
        count: sql<number>`${cells.count}`.mapWith(Number),
        minPrice: sql<number>`${cells.minPrice}`.mapWith(Number),
        maxPrice: sql<number>`${cells.maxPrice}`.mapWith(Number),
        shortName: categories.shortName,
        linkText: categories.linkText,
        sortOrder: categories.sortOrder,
      })
      .from(cells)
      .leftJoin(categories, eq(categories.id, cells.navId));
  });

  const selection = filter.facets ?? {};
  const chosen = (row: (typeof rows)[number], skip: number | null) =>
    FACETS.every((facet, i) => {
      const values = selection[facet.name];
      return i === skip || !values || values.includes(row.facets[i] ?? "");
    });
  const summary: ListingSummary = {
    count: 0,
    minPriceMinor: null,
    maxPriceMinor: null,
    navigations: [],
    facetCounts: {},
  };
  const navigations = new Map<number, { sortOrder: number; entry: ListingSummary["navigations"][number] }>();
  for (const row of rows) {
    if (chosen(row, null)) {
      summary.count += row.count;
      summary.minPriceMinor = Math.min(summary.minPriceMinor ?? row.minPrice, row.minPrice);
      summary.maxPriceMinor = Math.max(summary.maxPriceMinor ?? row.maxPrice, row.maxPrice);
      if (row.navId !== null && row.shortName !== null && row.linkText !== null) {
        const known = navigations.get(row.navId);
        if (known) known.entry.count += row.count;
        else
          navigations.set(row.navId, {
            sortOrder: row.sortOrder ?? 0,
            entry: { shortName: row.shortName, linkText: row.linkText, count: row.count },
          });
      }
    }
    FACETS.forEach((facet, i) => {
      const value = row.facets[i];
      if (value === null || value === undefined || !chosen(row, i)) return;
      const counts = summary.facetCounts[facet.name] ?? {};
      summary.facetCounts[facet.name] = counts;
      counts[value] = (counts[value] ?? 0) + row.count;
    });
  }
  summary.navigations = [...navigations]
    .sort(([idA, a], [idB, b]) => a.sortOrder - b.sortOrder || idA - idB)
    .map(([, nav]) => nav.entry);
  return summary;
}

// ---- detail ----

const detailColumns = {
  description: deals.description,
  highlights: deals.highlights,
  finePrint: deals.finePrint,
  productDisplay: deals.productDisplay,
  productGrid: deals.productGrid,
  deliveryType: deals.deliveryType,
  highFraudRisk: deals.highFraudRisk,
  enableBuyClosedDeal: deals.enableBuyClosedDeal,
  nights: deals.nights,
  merchant: {
    id: merchants.id,
    mainAddress: merchants.mainAddress,
    otherAddresses: merchants.otherAddresses,
    vatNumber: merchants.vatNumber,
  },
};

export async function findDeal(db: Db, brandId: BrandId, dealId: number) {
  const b = new Bindings();
  const brand = b.bind("brand", brandId);
  const id = b.bind("id", dealId);
  const one = b.bind("one", 1);
  const [row] = await runShaped(db, "deal_detail", b, () =>
    // The id is the key: one row or none.
    selectOneSummary(db, detailColumns, one).where(and(eq(deals.brandId, brand), eq(deals.id, id))),
  );
  return row;
}
export type DealDetailRow = NonNullable<Awaited<ReturnType<typeof findDeal>>>;

/**
 * The deal served at an evergreen URL (e in place of the id): the brand's deal with that
 * blurb in that sub-subcategory (or subcategory), one without a closing date first, then
 * the most popular.
 */
export async function findEvergreenDealId(
  db: Db,
  brandId: BrandId,
  path: { subcategory: string; subsubcategory: string; slug: string },
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: deals.id })
    .from(deals)
    .innerJoin(subCategories, eq(subCategories.id, deals.subcategoryId))
    .leftJoin(subsubCategories, eq(subsubCategories.id, deals.subsubcategoryId))
    .where(
      and(
        eq(deals.brandId, brandId),
        eq(deals.slug, path.slug),
        eq(subCategories.shortName, path.subcategory),
        sql`coalesce(${subsubCategories.shortName}, ${subCategories.shortName}) = ${path.subsubcategory}`,
      ),
    )
    .orderBy(sql`${deals.closingDate} is null desc`, desc(deals.popularity), asc(deals.id))
    .limit(1);
  return row?.id;
}

const daySales = alias(productSalesWindows, "day_sales");
const weekSales = alias(productSalesWindows, "week_sales");

/** The product's sales window of a kind from `start`; the kind is written into the statement. */
const salesWindow = (window: typeof daySales | typeof weekSales, kind: "day" | "week", start: Placeholder) =>
  and(
    eq(window.productId, dealProducts.id),
    sql`${window.kind} = ${sql.raw(`'${kind}'`)}`,
    eq(window.windowStart, start),
  );

/**
 * The lowest price a product had since the window opened (`sinceIn` and `sinceBefore` stand for
 * its start): every price recorded in the window, the price already in force when the window
 * opened, and the price now (product.md "Honest pricing": the lowest price of the last 30 days
 * beside any "was" price).
 */
function lowestPriceSince(sinceIn: Placeholder, sinceBefore: Placeholder) {
  const history = productPriceHistory;
  const inWindow = sql`select ${history.priceMinor} from ${history}
    where ${history.productId} = ${dealProducts.id} and ${history.recordedAt} >= ${sinceIn}`;
  const inForce = sql`(select ${history.priceMinor} from ${history}
    where ${history.productId} = ${dealProducts.id} and ${history.recordedAt} < ${sinceBefore}
    order by ${history.recordedAt} desc limit 1)`;
  return sql<number>`least(${dealProducts.priceMinor}, (select min(price_minor) from (${inWindow} union all ${inForce}) as recent))`.mapWith(
    Number,
  );
}

/** A deal's products in display order, with what each sold in the current day and week. */
export async function listDealProducts(
  db: Db,
  dealId: number,
  windows: { dayStart: string; weekStart: string; lowestPriceSince: Date },
) {
  const b = new Bindings();
  // Values are bound on every call; the statement's SQL is built only the first time (shaped.ts).
  const since = productPriceHistory.recordedAt.mapToDriverValue(windows.lowestPriceSince);
  const sinceIn = b.bind("since_in", since);
  const sinceBefore = b.bind("since_before", since);
  const dayStart = b.bind("day_start", windows.dayStart);
  const weekStart = b.bind("week_start", windows.weekStart);
  const deal = b.bind("deal", dealId);
  return runShaped(db, "deal_products", b, () =>
    db
      .select({
        id: dealProducts.id,
        rowId: dealProducts.rowId,
        columnId: dealProducts.columnId,
        friendlyName: dealProducts.friendlyName,
        title: dealProducts.title,
        priceMinor: dealProducts.priceMinor,
        originalPriceMinor: dealProducts.originalPriceMinor,
        vipPriceMinor: dealProducts.vipPriceMinor,
        vipExclusive: dealProducts.vipExclusive,
        adminFeeMinor: dealProducts.adminFeeMinor,
        postagePriceMinor: dealProducts.postagePriceMinor,
        depositPriceMinor: dealProducts.depositPriceMinor,
        purchaseCap: dealProducts.purchaseCap,
        maxPerCustomer: dealProducts.maxPerCustomer,
        dailyCap: dealProducts.dailyCap,
        weeklyCap: dealProducts.weeklyCap,
        totalStock: dealProducts.totalStock,
        totalBought: dealProducts.totalBought,
        nights: dealProducts.nights,
        soldToday: daySales.sold,
        soldThisWeek: weekSales.sold,
        lowestPriceMinor: lowestPriceSince(sinceIn, sinceBefore),
      })
      .from(dealProducts)
      .leftJoin(daySales, salesWindow(daySales, "day", dayStart))
      .leftJoin(weekSales, salesWindow(weekSales, "week", weekStart))
      .where(eq(dealProducts.dealId, deal))
      .orderBy(asc(dealProducts.sortOrder), asc(dealProducts.id)),
  );
}
export type DealProductRow = Awaited<ReturnType<typeof listDealProducts>>[number];

export async function dealHasProduct(db: Db, dealId: number, productId: number): Promise<boolean> {
  const b = new Bindings();
  const deal = b.bind("deal", dealId);
  const product = b.bind("product", productId);
  const rows = await runShaped(db, "deal_has_product", b, () =>
    db
      .select({ id: dealProducts.id })
      .from(dealProducts)
      .where(and(eq(dealProducts.dealId, deal), eq(dealProducts.id, product))),
  );
  return rows.length > 0;
}

// ---- activity ----

/**
 * Units of the brand's deal on paid orders since each of `since` (newest window last), or
 * undefined when the brand has no such deal. One statement: the deal row and its sums.
 */
export async function unitsBoughtSince(
  db: Db,
  brandId: BrandId,
  dealId: number,
  since: readonly Date[],
  now: Date,
): Promise<number[] | undefined> {
  const b = new Bindings();
  const at = (name: string, date: Date) => b.bind(name, orders.paidAt.mapToDriverValue(date));
  const starts = since.map((from, i) => at(`since${i}`, from));
  // Built only the first time the statement runs (shaped.ts); the values above on every call.
  const sums = () =>
    Object.fromEntries(
      starts.map((start, i) => [
        `since${i}`,
        sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${orders.paidAt} >= ${start}), 0)::int`.mapWith(
          Number,
        ),
      ]),
    );
  const earliest = at("earliest", new Date(Math.min(...since.map((date) => date.getTime()))));
  const latest = at("now", now);
  const brand = b.bind("brand", brandId);
  const deal = b.bind("deal", dealId);
  const [row] = await runShaped(db, "units_bought_since", b, () =>
    db
      .select({ id: deals.id, ...sums() })
      .from(deals)
      .leftJoin(orderLines, eq(orderLines.dealId, deals.id))
      .leftJoin(
        orders,
        and(
          eq(orders.id, orderLines.orderId),
          sql`${orders.status} = 'paid'`,
          gte(orders.paidAt, earliest),
          lte(orders.paidAt, latest),
        ),
      )
      .where(and(eq(deals.brandId, brand), eq(deals.id, deal)))
      .groupBy(deals.id),
  );
  return row ? since.map((_, i) => (row as Record<string, number>)[`since${i}`] ?? 0) : undefined;
}

/**
 * Adds impressions to the day's counters of a listing location, for the brand's deals
 * among `counts` (deal id → times shown); other ids are skipped. Returns the deals counted.
 */
export async function addDealImpressions(
  db: Db,
  brandId: BrandId,
  location: string,
  day: string,
  counts: Map<number, number>,
): Promise<number> {
  const shown = sql.join(
    [...counts].map(([dealId, times]) => sql`(${dealId}::int, ${times}::int)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    insert into ${dealImpressions} (brand_id, location, deal_id, day, impressions)
    select ${brandId}::text, ${location}::text, ${deals.id}, ${day}::date, shown.times
    from (values ${shown}) as shown(deal_id, times)
    inner join ${deals} on ${deals.id} = shown.deal_id and ${deals.brandId} = ${brandId}
    on conflict (brand_id, location, deal_id, day)
    do update set impressions = ${dealImpressions.impressions} + excluded.impressions
    returning deal_id`);
  return result.rows.length;
}
