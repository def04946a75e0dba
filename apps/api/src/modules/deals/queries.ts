/**
 * The deal reads. A listing page is one query for its deals and one for its count (with
 * the facet counts and price range folded in), whatever the page size: never a query per
 * row. Both filter on brand first and order by the indexed sort keys (deals_*_listing).
 */
import { alias, and, asc, type Db, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from "@deals/db";
import {
  type CanonicalPathType,
  categories,
  dealProducts,
  deals,
  locations,
  merchants,
  productSalesWindows,
} from "@deals/db/schema/catalogue";
import type { BrandId, CountryCode } from "@deals/domain/brand";

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

// ---- listing ----

/** Which deals a listing holds, every part already resolved to ids. */
export interface DealFilter {
  brandId: BrandId;
  /** Local deals of one location. */
  locationId?: number;
  /** Local deals of every location (near-me without a location). */
  localOnly?: boolean;
  categoryId?: number;
  subcategoryId?: number;
  subsubcategoryId?: number;
  minPriceMinor?: number;
  maxPriceMinor?: number;
}

export type DealOrder = "popularity" | "priceAsc" | "priceDesc" | "discount" | "recentlyAdded";

function dealConditions(filter: DealFilter): SQL | undefined {
  return and(
    eq(deals.brandId, filter.brandId),
    filter.locationId === undefined ? undefined : eq(deals.locationId, filter.locationId),
    filter.localOnly ? eq(deals.scope, "local") : undefined,
    filter.categoryId === undefined ? undefined : eq(deals.categoryId, filter.categoryId),
    filter.subcategoryId === undefined ? undefined : eq(deals.subcategoryId, filter.subcategoryId),
    filter.subsubcategoryId === undefined ? undefined : eq(deals.subsubcategoryId, filter.subsubcategoryId),
    filter.minPriceMinor === undefined ? undefined : gte(deals.priceMinor, filter.minPriceMinor),
    filter.maxPriceMinor === undefined ? undefined : lte(deals.priceMinor, filter.maxPriceMinor),
  );
}

// Every order ends with the id so pages never overlap or skip a deal.
const ORDER_BY: Record<DealOrder, SQL[]> = {
  popularity: [desc(deals.popularity), asc(deals.id)],
  priceAsc: [asc(deals.priceMinor), asc(deals.id)],
  priceDesc: [desc(deals.priceMinor), asc(deals.id)],
  discount: [desc(deals.discountPercent), asc(deals.id)],
  recentlyAdded: [desc(deals.publishedAt), asc(deals.id)],
};

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
};

export async function listDealSummaries(
  db: Db,
  filter: DealFilter,
  order: DealOrder,
  page: { offset: number; limit: number },
) {
  return db
    .select(summaryColumns)
    .from(deals)
    .innerJoin(categories, eq(categories.id, deals.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, deals.subcategoryId))
    .leftJoin(subsubCategories, eq(subsubCategories.id, deals.subsubcategoryId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .leftJoin(locations, eq(locations.id, deals.locationId))
    .where(dealConditions(filter))
    .orderBy(...ORDER_BY[order])
    .limit(page.limit)
    .offset(page.offset);
}
export type DealSummaryRow = Awaited<ReturnType<typeof listDealSummaries>>[number];

/** Which column the facet counts group by: the level below the listing's deepest category. */
export type FacetLevel = "category" | "subcategory" | "subsubcategory";
const FACET_COLUMNS = {
  category: deals.categoryId,
  subcategory: deals.subcategoryId,
  subsubcategory: deals.subsubcategoryId,
} as const;

export interface FacetCountRow {
  shortName: string | null;
  linkText: string | null;
  count: number;
  minPriceMinor: number | null;
  maxPriceMinor: number | null;
}

/**
 * Deals in the listing, grouped by the category one level down (one row per child, and one
 * with a null name for deals without one), each with its price range. Without a level, one
 * row for the whole listing.
 */
export async function countDeals(
  db: Db,
  filter: DealFilter,
  facetLevel: FacetLevel | null,
): Promise<FacetCountRow[]> {
  const totals = {
    count: sql<number>`count(*)::int`.mapWith(Number),
    minPriceMinor: sql<number | null>`min(${deals.priceMinor})`.mapWith(Number),
    maxPriceMinor: sql<number | null>`max(${deals.priceMinor})`.mapWith(Number),
  };
  if (facetLevel === null) {
    const rows = await db.select(totals).from(deals).where(dealConditions(filter));
    return rows.map((row) => ({ shortName: null, linkText: null, ...row }));
  }
  return db
    .select({ shortName: categories.shortName, linkText: categories.linkText, ...totals })
    .from(deals)
    .leftJoin(categories, eq(categories.id, FACET_COLUMNS[facetLevel]))
    .where(dealConditions(filter))
    .groupBy(categories.id)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

// ---- detail ----

const detailColumns = {
  ...summaryColumns,
  description: deals.description,
  highlights: deals.highlights,
  finePrint: deals.finePrint,
  productDisplay: deals.productDisplay,
  deliveryType: deals.deliveryType,
  highFraudRisk: deals.highFraudRisk,
  nights: deals.nights,
  merchant: {
    mainAddress: merchants.mainAddress,
    otherAddresses: merchants.otherAddresses,
    vatNumber: merchants.vatNumber,
  },
};

export async function findDeal(db: Db, brandId: BrandId, dealId: number) {
  const [row] = await db
    .select(detailColumns)
    .from(deals)
    .innerJoin(categories, eq(categories.id, deals.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, deals.subcategoryId))
    .leftJoin(subsubCategories, eq(subsubCategories.id, deals.subsubcategoryId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .leftJoin(locations, eq(locations.id, deals.locationId))
    .where(and(eq(deals.brandId, brandId), eq(deals.id, dealId)))
    .limit(1);
  return row;
}
export type DealDetailRow = NonNullable<Awaited<ReturnType<typeof findDeal>>>;

const daySales = alias(productSalesWindows, "day_sales");
const weekSales = alias(productSalesWindows, "week_sales");

/** A deal's products in display order, with what each sold in the current day and week. */
export async function listDealProducts(
  db: Db,
  dealId: number,
  windows: { dayStart: string; weekStart: string },
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
