/**
 * Deal listings and the deal page (services.md §7.7). Listings are scoped by their first
 * path segment: a location's local deals, the shop (`national-deal`), escapes (`travel`),
 * gifts (`gifts`), or every local deal (`near-me`); further segments narrow by category,
 * subcategory and sub-subcategory short names.
 */
import type { Db } from "@deals/db";
import { dealShowsAsOpen } from "@deals/domain/availability";
import type { Brand } from "@deals/domain/brand";
import { addDealDays, type DealDay, dealDayOf } from "@deals/domain/deal-day";
import { canonicalListingUrl, type ListingQuery } from "@deals/domain/listing-query";
import { discountPercent } from "@deals/domain/money";
import { fullPrice } from "@deals/domain/price-display";
import { maxQuantity } from "@deals/domain/quantity";
import { notFound } from "../../errors.ts";
import { isShortName } from "../../short-name.ts";
import { findBrandLocation, locationNotFound } from "../locations/service.ts";
import {
  type CategoryRow,
  countDeals,
  type DealDetailRow,
  type DealFilter,
  type DealOrder,
  type DealProductRow,
  type DealSummaryRow,
  type FacetLevel,
  findCategoriesByShortName,
  findDeal,
  listDealProducts,
  listDealSummaries,
} from "./queries.ts";
import type { DealDetail, DealListParams, DealListResponse, DealProduct, DealSummary } from "./schemas.ts";

/** First segments that name a part of the catalogue rather than a location (product.md §2). */
const BRANCHES: Record<string, { rootShortName: string; storefrontPath: string }> = {
  "national-deal": { rootShortName: "shop", storefrontPath: "/deals/shop" },
  travel: { rootShortName: "escapes", storefrontPath: "/deals/escapes" },
  gifts: { rootShortName: "gifts", storefrontPath: "/gifts" },
};
const NEAR_ME = "near-me";
const FACET_LEVELS: (FacetLevel | null)[] = ["category", "subcategory", "subsubcategory", null];
/** Postgres `integer`: a larger id cannot name a deal, so it never reaches the database. */
const MAX_ID = 2_147_483_647;

function storefrontOrigin(brand: Brand): string {
  return `https://${brand.hosts[0]}`;
}

export function dealUrlPath(
  row: Pick<DealSummaryRow, "id" | "slug" | "category" | "subCategory" | "subsubShortName">,
) {
  const subsub = row.subsubShortName ?? row.subCategory.shortName;
  return `/deal/${row.category.shortName}/${row.subCategory.shortName}/${subsub}/${row.id}/${row.slug}`;
}

function toDealImage(image: DealSummaryRow["images"][number]) {
  return { ...image, url: `/images/${image.id}.${image.extension}` };
}

export function toDealSummary(row: DealSummaryRow): DealSummary {
  const [image] = row.images;
  return {
    id: row.id,
    urlPath: dealUrlPath(row),
    headline: row.headline,
    title: row.title,
    currency: row.currency,
    price: row.priceMinor,
    originalPrice: row.originalPriceMinor,
    vipPrice: row.vipPriceMinor,
    discountPercentage: row.discountPercent,
    adminFee: row.leadAdminFeeMinor,
    minPostagePrice: row.minPostagePriceMinor,
    fullPrice: fullPrice({
      price: row.priceMinor,
      adminFee: row.leadAdminFeeMinor,
      postagePrice: row.minPostagePriceMinor,
    }),
    priceText: row.priceText,
    pricePerPerson: row.pricePerPerson,
    closingDate: row.closingDate?.toISOString() ?? null,
    soldOut: row.soldOut,
    lastChance: row.lastChance,
    scope: row.scope,
    dealType: row.dealType,
    image: image ? toDealImage(image) : null,
    category: row.category,
    subCategory: row.subCategory,
    business: row.business,
    location: row.location,
    reviewSummary: { average: row.reviewAverage, total: row.reviewTotal },
    totalBought: row.totalBought,
    display: row.display,
    vipExclusive: row.vipExclusive,
  };
}

// ---- listing ----

const ORDERS: Record<string, DealOrder> = {
  "popularity desc": "popularity",
  "price asc": "priceAsc",
  "price desc": "priceDesc",
  "discount desc": "discount",
  "dateAdded desc": "recentlyAdded",
};

function categoryNotFound() {
  return notFound("CATEGORY_NOT_FOUND", "There is no such category on this site.");
}

/**
 * Follows the short names down the tree: the first must be a top-level category (of the
 * local kind unless a root is given), each next one a child of the previous.
 */
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

interface ListingScope {
  filter: DealFilter;
  location: { shortName: string; name: string } | null;
  categories: CategoryRow[];
  storefrontPath: string;
}

async function resolveListing(db: Db, brand: Brand, params: DealListParams): Promise<ListingScope> {
  const segments = [params.category, params.subcategory, params.subsubcategory].filter(
    (segment): segment is string => segment !== undefined,
  );
  const branch = BRANCHES[params.location];
  const path = branch ? [branch.rootShortName, ...segments] : segments;
  const lookUpCategories = path.length > 0 && path.every(isShortName);
  const [location, rows] = await Promise.all([
    branch || params.location === NEAR_ME ? undefined : findBrandLocation(db, brand, params.location),
    lookUpCategories ? findCategoriesByShortName(db, brand.countryCode, [...new Set(path)]) : [],
  ]);
  if (!branch && params.location !== NEAR_ME && !location) throw locationNotFound();

  const chain = resolveCategoryPath(rows, path, !branch);
  if (!chain) throw categoryNotFound();
  const [category, subcategory, subsubcategory] = chain;
  const base =
    branch?.storefrontPath ?? `/${params.location === NEAR_ME ? NEAR_ME : `deals/${params.location}`}`;
  return {
    filter: {
      brandId: brand.id,
      locationId: location?.id,
      localOnly: params.location === NEAR_ME,
      categoryId: category?.id,
      subcategoryId: subcategory?.id,
      subsubcategoryId: subsubcategory?.id,
    },
    location: location ? { shortName: location.shortName, name: location.name } : null,
    categories: chain,
    storefrontPath: [base, ...segments].join("/"),
  };
}

const categoryRef = (row: CategoryRow | undefined) =>
  row ? { id: row.id, name: row.name, shortName: row.shortName } : null;

export async function listDeals(
  db: Db,
  brand: Brand,
  params: DealListParams,
  query: ListingQuery,
): Promise<DealListResponse> {
  const scope = await resolveListing(db, brand, params);
  const filter: DealFilter = {
    ...scope.filter,
    // The price filter is in major units (product.md §2 "Price filter lists").
    minPriceMinor: query.minPrice === undefined ? undefined : query.minPrice * 100,
    maxPriceMinor: query.maxPrice === undefined ? undefined : query.maxPrice * 100,
  };
  const order = ORDERS[`${query.sort.orderBy} ${query.sort.order}`] ?? "popularity";
  const [rows, groups] = await Promise.all([
    listDealSummaries(db, filter, order, { offset: query.page * query.pageSize, limit: query.pageSize }),
    countDeals(db, filter, FACET_LEVELS[scope.categories.length] ?? null),
  ]);

  const deals = rows.map(toDealSummary);
  const minPrices = groups.flatMap((group) => (group.minPriceMinor === null ? [] : [group.minPriceMinor]));
  const maxPrices = groups.flatMap((group) => (group.maxPriceMinor === null ? [] : [group.maxPriceMinor]));
  return {
    deals,
    mainDeal: query.page === 0 ? (deals[0] ?? null) : null,
    count: groups.reduce((sum, group) => sum + group.count, 0),
    page: query.page,
    pageSize: query.pageSize,
    facetedNavigation: {
      navigations: groups.flatMap((group) =>
        group.shortName === null || group.linkText === null
          ? []
          : [{ linkText: group.linkText, count: group.count, shortName: group.shortName }],
      ),
      filters: [],
      // An empty listing has no price range: both ends are 0.
      stats: {
        minPrice: minPrices.length > 0 ? Math.min(...minPrices) : 0,
        maxPrice: maxPrices.length > 0 ? Math.max(...maxPrices) : 0,
      },
    },
    sponsored: { deals: [], sessionId: null },
    searchResult: null,
    canonicalUrl: canonicalListingUrl(storefrontOrigin(brand), scope.storefrontPath, {
      page: String(query.page + 1),
    }),
    evergreenUrl: null,
    redirectUrl: null,
    location: scope.location,
    category: categoryRef(scope.categories[0]),
    subCategory: categoryRef(scope.categories[1]),
  };
}

// ---- detail ----

const isoDate = (day: DealDay) =>
  `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;

/** The day and the week (from Monday) the daily and weekly caps count sales in. */
export function salesWindowStarts(now: Date): { dayStart: string; weekStart: string } {
  const today = dealDayOf(now);
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const sinceMonday = (weekday + 6) % 7;
  return { dayStart: isoDate(today), weekStart: isoDate(addDealDays(today, -sinceMonday)) };
}

const left = (cap: number | null, sold: number | null) =>
  cap === null ? null : Math.max(cap - (sold ?? 0), 0);

function toDealProduct(row: DealProductRow, dealSoldOut: boolean): DealProduct {
  const totalRemaining = left(row.totalStock, row.totalBought);
  const soldOut = dealSoldOut || totalRemaining === 0;
  const canBuy = maxQuantity({
    purchaseCap: row.purchaseCap,
    totalRemaining,
    totalRemainingForDay: left(row.dailyCap, row.soldToday),
    totalRemainingForWeek: left(row.weeklyCap, row.soldThisWeek),
    userMaximum: row.maxPerCustomer,
  });
  return {
    id: row.id,
    friendlyName: row.friendlyName,
    title: row.title,
    price: row.priceMinor,
    originalPrice: row.originalPriceMinor,
    vipPrice: row.vipPriceMinor,
    vipExclusive: row.vipExclusive,
    discountPercentage: discountPercent(row.originalPriceMinor, row.priceMinor),
    adminFee: row.adminFeeMinor,
    postagePrice: row.postagePriceMinor,
    totalPrice: fullPrice({
      price: row.priceMinor,
      adminFee: row.adminFeeMinor,
      postagePrice: row.postagePriceMinor,
    }),
    totalRemaining,
    purchaseCap: row.purchaseCap,
    maxQuantityUserCanCurrentlyBuy: soldOut ? 0 : (canBuy ?? row.purchaseCap),
    soldOut,
    hasDeposit: row.depositPriceMinor !== null,
    depositProduct: row.depositPriceMinor === null ? null : { price: row.depositPriceMinor },
    nights: row.nights,
  };
}

function dealNotFound() {
  return notFound("DEAL_NOT_FOUND", "There is no deal with this id on this site.");
}

export async function getDeal(db: Db, brand: Brand, dealId: number, now: Date): Promise<DealDetail> {
  if (dealId > MAX_ID) throw dealNotFound();
  const [row, productRows] = await Promise.all([
    findDeal(db, brand.id, dealId),
    listDealProducts(db, dealId, salesWindowStarts(now)),
  ]);
  if (!row) throw dealNotFound();
  return toDealDetail(row, productRows, brand, now);
}

function toDealDetail(
  row: DealDetailRow,
  productRows: DealProductRow[],
  brand: Brand,
  now: Date,
): DealDetail {
  const summary = toDealSummary(row);
  const products = productRows.map((product) => toDealProduct(product, row.soldOut));
  return {
    ...summary,
    description: row.description,
    highlights: row.highlights,
    finePrint: row.finePrint,
    images: row.images.map(toDealImage),
    productDisplay: row.productDisplay,
    deliveryType: row.deliveryType,
    open: dealShowsAsOpen({ closingDate: row.closingDate, lastChance: row.lastChance }, now),
    business: {
      ...summary.business,
      mainAddress: row.merchant.mainAddress,
      otherAddresses: row.merchant.otherAddresses,
      vatNumber: row.merchant.vatNumber,
    },
    products,
    canonicalUrl: `${storefrontOrigin(brand)}${summary.urlPath}`,
    redirectUrl: null,
    purchaseCap: Math.max(0, ...products.map((product) => product.purchaseCap)),
    highFraudRisk: row.highFraudRisk,
    depositAvailable: products.some((product) => product.hasDeposit),
    nights: row.nights,
  };
}
