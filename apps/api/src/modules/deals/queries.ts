/**
 * The deal reads. A listing page is one query for its deals and one for its count, with the
 * facet counts, category navigation and price range folded into the same statement (SQL
 * grouping sets), whatever the page size: never a query per row. Both filter on brand
 * first and order by the sort keys written with the deal (deals_*_listing indexes).
 */
import {
  alias,
  and,
  asc,
  type Db,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from "@deals/db";
import { dealImpressions, sponsoredAds } from "@deals/db/schema/browse";
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
import type { BrandId, CountryCode } from "@deals/domain/brand";
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

/** Every category on the country's sites whose short name is one of `shortNames`. */
export async function findCategoriesByShortName(
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

// ---- which deals ----

/**
 * Text search: every word (full text, stemmed); for typos, text like the query (trigram
 * word similarity); or, while typing, a to_tsquery text of plain words, the last a prefix.
 */
export interface SearchMatch {
  text: string;
  mode: "words" | "similar" | "prefix";
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
  search?: SearchMatch;
  facets?: FacetSelection;
}

const tsQuery = (text: string) => sql`websearch_to_tsquery('english', ${text})`;

/** The words a typo-tolerant search matches one by one (the first few, each once). */
const MAX_SIMILAR_WORDS = 10;
function similarWords(text: string): string[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SIMILAR_WORDS);
}

function searchCondition(search: SearchMatch): SQL {
  switch (search.mode) {
    case "words":
      return sql`${deals.searchVector} @@ ${tsQuery(search.text)}`;
    case "similar":
      // `<%`: some stretch of the search text is like the word (pg_trgm word similarity).
      return and(...similarWords(search.text).map((word) => sql`${word} <% ${deals.searchText}`))!;
    case "prefix":
      return sql`${deals.searchVector} @@ to_tsquery('english', ${search.text})`;
  }
}

function anyCategory(ids: number[]): SQL {
  if (ids.length === 0) return sql`false`;
  return or(
    inArray(deals.categoryId, ids),
    inArray(deals.subcategoryId, ids),
    inArray(deals.subsubcategoryId, ids),
  )!;
}

function locationCondition(filter: DealFilter): SQL | undefined {
  if (filter.locationId === undefined) return filter.localOnly ? eq(deals.scope, "local") : undefined;
  const inLocation = eq(deals.locationId, filter.locationId);
  return filter.includeNational ? or(inLocation, eq(deals.scope, "national")) : inLocation;
}

function liveCondition(filter: DealFilter): SQL | undefined {
  if (!filter.liveSince) return undefined;
  return or(
    isNull(deals.closingDate),
    gte(deals.closingDate, filter.liveSince),
    filter.includeLastChance ? eq(deals.lastChance, true) : undefined,
  );
}

function facetConditions(selection: FacetSelection | undefined): SQL[] {
  return FACETS.flatMap((facet) => {
    const values = selection?.[facet.name];
    return values ? [inArray(facet.expression, values)] : [];
  });
}

/** Everything but the facets, which the summary counts apply one by one. */
function baseConditions(filter: DealFilter): SQL | undefined {
  const when = <T>(value: T | undefined, condition: (value: T) => SQL) =>
    value === undefined ? undefined : condition(value);
  const nonEmpty = (ids: number[] | undefined) => (ids && ids.length > 0 ? ids : undefined);
  return and(
    eq(deals.brandId, filter.brandId),
    locationCondition(filter),
    when(filter.categoryId, (id) => eq(deals.categoryId, id)),
    when(filter.subcategoryId, (id) => eq(deals.subcategoryId, id)),
    when(filter.subsubcategoryId, (id) => eq(deals.subsubcategoryId, id)),
    ...(filter.categoryGroups ?? []).map(anyCategory),
    when(nonEmpty(filter.excludeCategoryIds), (ids) => notInArray(deals.categoryId, ids)),
    when(nonEmpty(filter.excludeSubcategoryIds), (ids) => notInArray(deals.subcategoryId, ids)),
    when(nonEmpty(filter.excludeDealIds), (ids) => notInArray(deals.id, ids)),
    filter.vipOnly ? or(isNotNull(deals.vipPriceMinor), eq(deals.vipExclusive, true)) : undefined,
    filter.earlyBirdOnly ? sql`(${deals.display} ->> 'earlyBird') = 'true'` : undefined,
    when(filter.minDiscountPercent, (percent) => gte(deals.discountPercent, percent)),
    when(filter.minPriceMinor, (minor) => gte(deals.priceMinor, minor)),
    when(filter.maxPriceMinor, (minor) => lte(deals.priceMinor, minor)),
    liveCondition(filter),
    when(filter.search, searchCondition),
  );
}

export function dealConditions(filter: DealFilter): SQL | undefined {
  return and(baseConditions(filter), ...facetConditions(filter.facets));
}

// ---- order ----

export type DealOrder = "popularity" | "priceAsc" | "priceDesc" | "discount" | "recentlyAdded" | "relevance";

/** How well a deal matches the search: headline words count most, then the rest of its text. */
function relevance(search: SearchMatch): SQL {
  const headline = sql`word_similarity(${search.text}, ${deals.headline})`;
  return search.mode === "similar"
    ? sql`${headline} + word_similarity(${search.text}, ${deals.searchText})`
    : sql`${headline} + ts_rank_cd(${deals.searchVector}, ${tsQuery(search.text)})`;
}

// Every order ends with the id so pages never overlap or skip a deal.
function orderBy(order: DealOrder, filter: DealFilter): SQL[] {
  switch (order) {
    case "popularity":
      return [desc(deals.popularity), asc(deals.id)];
    case "priceAsc":
      return [asc(deals.priceMinor), asc(deals.id)];
    case "priceDesc":
      return [desc(deals.priceMinor), asc(deals.id)];
    case "discount":
      return [desc(deals.discountPercent), asc(deals.id)];
    case "recentlyAdded":
      return [desc(deals.publishedAt), asc(deals.id)];
    case "relevance":
      return filter.search
        ? [desc(relevance(filter.search)), desc(deals.popularity), asc(deals.id)]
        : orderBy("popularity", filter);
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
  soldOut: deals.soldOut,
  lastChance: deals.lastChance,
  scope: deals.scope,
  dealType: deals.dealType,
  images: deals.images,
  display: deals.display,
  reviewAverage: deals.reviewAverage,
  reviewTotal: deals.reviewTotal,
  totalBought: deals.totalBought,
  vipExclusive: deals.vipExclusive,
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

/** What Drizzle's select takes: columns, SQL, or nested objects of them. */
type SelectedFields = NonNullable<Parameters<Db["select"]>[0]>;

function selectSummaries<T extends SelectedFields>(db: Db, extra: T) {
  return db
    .select({ ...summaryColumns, ...extra })
    .from(deals)
    .innerJoin(categories, eq(categories.id, deals.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, deals.subcategoryId))
    .leftJoin(subsubCategories, eq(subsubCategories.id, deals.subsubcategoryId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .leftJoin(locations, eq(locations.id, deals.locationId));
}

export interface PageWindow {
  offset: number;
  limit: number;
}

/**
 * A page of deals: the page's ids are chosen from the deals table alone, in index order
 * where the sort allows, and only those rows are joined to their categories, merchant and
 * location, so the cost follows the page size rather than the listing's.
 */
export async function listDealSummaries(
  db: Db,
  filter: DealFilter,
  order: DealOrder,
  page: PageWindow,
  recentViewedDealIds: number[] = [],
) {
  // Deals sharing a subcategory with a recently viewed one (recentViewedDeal) come first,
  // each part in the listing's own order.
  const viewedSubcategories = db
    .select({ subcategoryId: viewed.subcategoryId })
    .from(viewed)
    .where(and(eq(viewed.brandId, filter.brandId), inArray(viewed.id, recentViewedDealIds)));
  const boost =
    recentViewedDealIds.length > 0 ? [desc(inArray(deals.subcategoryId, viewedSubcategories))] : [];
  const ordering = [...boost, ...orderBy(order, filter)];
  const pageIds = db
    .select({ id: deals.id })
    .from(deals)
    .where(dealConditions(filter))
    .orderBy(...ordering)
    .limit(page.limit)
    .offset(page.offset)
    .as("page_ids");
  return selectSummaries(db, {})
    .innerJoin(pageIds, eq(pageIds.id, deals.id))
    .orderBy(...ordering);
}
export type DealSummaryRow = Awaited<ReturnType<typeof listDealSummaries>>[number];

/** The brand's deals with these ids, in no particular order; unknown ids are left out. */
export async function findDealSummaries(db: Db, brandId: BrandId, ids: number[]): Promise<DealSummaryRow[]> {
  if (ids.length === 0) return [];
  return selectSummaries(db, {}).where(and(eq(deals.brandId, brandId), inArray(deals.id, ids)));
}

/** Sponsored deals matching the filter, the highest bid first, each with its ad id. */
export async function listSponsoredDeals(db: Db, filter: DealFilter, now: Date, limit: number) {
  return selectSummaries(db, { adId: sponsoredAds.id })
    .innerJoin(sponsoredAds, and(eq(sponsoredAds.dealId, deals.id), eq(sponsoredAds.brandId, deals.brandId)))
    .where(
      and(
        dealConditions(filter),
        lte(sponsoredAds.startsAt, now),
        or(isNull(sponsoredAds.endsAt), sql`${sponsoredAds.endsAt} > ${now}`),
      ),
    )
    .orderBy(desc(sponsoredAds.bidMinor), asc(sponsoredAds.id))
    .limit(limit);
}

// ---- counts, navigation, facets and price range ----

/** Which column the navigation counts group by: the level below the listing's deepest category. */
export type NavigationLevel = "category" | "subcategory" | "subsubcategory";
const NAVIGATION_COLUMNS = {
  category: deals.categoryId,
  subcategory: deals.subcategoryId,
  subsubcategory: deals.subsubcategoryId,
} as const;

export interface ListingSummary {
  count: number;
  minPriceMinor: number | null;
  maxPriceMinor: number | null;
  navigations: { shortName: string; linkText: string; count: number }[];
  /** Facet name → value → deals with that value, under every other facet's selection. */
  facetCounts: Record<string, Record<string, number>>;
}

const NAVIGATION_ID = "nav_id";
const facetAlias = (name: string) => name.toLowerCase();

/**
 * One statement for everything a listing shows besides its deals. The matching deals
 * (without facet filters) become rows with their navigation id, price and each facet's
 * value; grouping sets then count them per navigation entry, per facet value, and in
 * total. A facet's own counts apply every other facet's selection but not its own, so a
 * shopper can widen a filter they already chose.
 */
export async function summariseListing(
  db: Db,
  filter: DealFilter,
  navigationLevel: NavigationLevel | null,
): Promise<ListingSummary> {
  const selection = filter.facets ?? {};
  const facetColumns = Object.fromEntries(
    FACETS.map((facet) => [facet.name, facet.expression.as(facetAlias(facet.name))]),
  );
  const matched = db
    .select({
      navId: (navigationLevel ? sql`${NAVIGATION_COLUMNS[navigationLevel]}` : sql`null::int`).as(
        NAVIGATION_ID,
      ),
      price: sql<number>`${deals.priceMinor}`.as("price"),
      ...facetColumns,
    })
    .from(deals)
    .where(baseConditions(filter))
    .as("matched");
  const column = (name: string) => sql.raw(`"matched"."${facetAlias(name)}"`);
  const chosen = (skip: string | null) =>
    and(
      sql`true`,
      ...FACETS.filter((facet) => facet.name !== skip && selection[facet.name]).map((facet) =>
        inArray(column(facet.name), selection[facet.name]!),
      ),
    );
  const countWhere = (condition: SQL | undefined) =>
    sql<number>`count(*) filter (where ${condition})::int`.mapWith(Number);

  const navigationSet = navigationLevel
    ? [sql`(${categories.id}, ${categories.shortName}, ${categories.linkText}, ${categories.sortOrder})`]
    : [];
  const sets = sql.join(
    [...navigationSet, ...FACETS.map((facet) => sql`(${column(facet.name)})`), sql`()`],
    sql`, `,
  );
  const facetSelections = Object.fromEntries(
    FACETS.flatMap((facet) => [
      [`value:${facet.name}`, sql<string | null>`${column(facet.name)}`],
      [`grouped:${facet.name}`, sql<number>`grouping(${column(facet.name)})`.mapWith(Number)],
      [`count:${facet.name}`, countWhere(chosen(facet.name))],
    ]),
  );
  const navigationColumns = navigationLevel
    ? {
        navGrouped: sql<number>`grouping(${categories.id})`.mapWith(Number),
        navShortName: categories.shortName,
        navLinkText: categories.linkText,
        navSortOrder: categories.sortOrder,
        navId: categories.id,
      }
    : { navGrouped: sql<number>`1`.mapWith(Number) };
  const rows = await db
    .select({
      ...navigationColumns,
      count: countWhere(chosen(null)),
      minPrice: sql<number | null>`min(${sql.raw('"matched"."price"')}) filter (where ${chosen(null)})`,
      maxPrice: sql<number | null>`max(${sql.raw('"matched"."price"')}) filter (where ${chosen(null)})`,
      ...facetSelections,
    })
    .from(matched)
    .leftJoin(categories, eq(categories.id, sql.raw(`"matched"."${NAVIGATION_ID}"`)))
    .groupBy(sql`grouping sets (${sets})`);

  const summary: ListingSummary = {
    count: 0,
    minPriceMinor: null,
    maxPriceMinor: null,
    navigations: [],
    facetCounts: {},
  };
  const navigationRows: { sortOrder: number; id: number; entry: ListingSummary["navigations"][number] }[] =
    [];
  for (const row of rows as Record<string, unknown>[]) {
    const facet = FACETS.find((f) => row[`grouped:${f.name}`] === 0);
    if (facet) {
      const value = row[`value:${facet.name}`] as string | null;
      const counts = summary.facetCounts[facet.name] ?? {};
      summary.facetCounts[facet.name] = counts;
      if (value !== null) counts[value] = row[`count:${facet.name}`] as number;
    } else if (row.navGrouped === 0) {
      const { navShortName, navLinkText, navSortOrder, navId, count } = row as {
        navShortName: string | null;
        navLinkText: string | null;
        navSortOrder: number | null;
        navId: number | null;
        count: number;
      };
      if (navShortName !== null && navLinkText !== null && count > 0) {
        navigationRows.push({
          sortOrder: navSortOrder ?? 0,
          id: navId ?? 0,
          entry: { shortName: navShortName, linkText: navLinkText, count },
        });
      }
    } else {
      summary.count = row.count as number;
      summary.minPriceMinor = row.minPrice === null ? null : Number(row.minPrice);
      summary.maxPriceMinor = row.maxPrice === null ? null : Number(row.maxPrice);
    }
  }
  navigationRows.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  summary.navigations = navigationRows.map((row) => row.entry);
  return summary;
}

// ---- detail ----

const detailColumns = {
  description: deals.description,
  highlights: deals.highlights,
  finePrint: deals.finePrint,
  productDisplay: deals.productDisplay,
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
  const [row] = await selectSummaries(db, detailColumns)
    .where(and(eq(deals.brandId, brandId), eq(deals.id, dealId)))
    .limit(1);
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

/**
 * The lowest price a product had since `since`: every price recorded in the window, the
 * price already in force when the window opened, and the price now (product.md "Honest
 * pricing": the lowest price of the last 30 days beside any "was" price).
 */
function lowestPriceSince(since: Date) {
  const history = productPriceHistory;
  const inWindow = sql`select ${history.priceMinor} from ${history}
    where ${history.productId} = ${dealProducts.id} and ${history.recordedAt} >= ${since}`;
  const inForce = sql`(select ${history.priceMinor} from ${history}
    where ${history.productId} = ${dealProducts.id} and ${history.recordedAt} < ${since}
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
  return db
    .select({
      id: dealProducts.id,
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
      lowestPriceMinor: lowestPriceSince(windows.lowestPriceSince),
    })
    .from(dealProducts)
    .leftJoin(
      daySales,
      and(
        eq(daySales.productId, dealProducts.id),
        eq(daySales.kind, "day"),
        eq(daySales.windowStart, windows.dayStart),
      ),
    )
    .leftJoin(
      weekSales,
      and(
        eq(weekSales.productId, dealProducts.id),
        eq(weekSales.kind, "week"),
        eq(weekSales.windowStart, windows.weekStart),
      ),
    )
    .where(eq(dealProducts.dealId, dealId))
    .orderBy(asc(dealProducts.sortOrder), asc(dealProducts.id));
}
export type DealProductRow = Awaited<ReturnType<typeof listDealProducts>>[number];

export async function dealHasProduct(db: Db, dealId: number, productId: number): Promise<boolean> {
  const rows = await db
    .select({ id: dealProducts.id })
    .from(dealProducts)
    .where(and(eq(dealProducts.dealId, dealId), eq(dealProducts.id, productId)))
    .limit(1);
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
  const earliest = since.reduce((a, b) => (a < b ? a : b));
  const sums = Object.fromEntries(
    since.map((from, i) => [
      `since${i}`,
      sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${orders.paidAt} >= ${from}), 0)::int`.mapWith(
        Number,
      ),
    ]),
  );
  const [row] = await db
    .select({ id: deals.id, ...sums })
    .from(deals)
    .leftJoin(orderLines, eq(orderLines.dealId, deals.id))
    .leftJoin(
      orders,
      and(
        eq(orders.id, orderLines.orderId),
        eq(orders.status, "paid"),
        gte(orders.paidAt, earliest),
        lte(orders.paidAt, now),
      ),
    )
    .where(and(eq(deals.brandId, brandId), eq(deals.id, dealId)))
    .groupBy(deals.id);
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
