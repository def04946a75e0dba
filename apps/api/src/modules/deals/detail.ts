/**
 * The deal page (services.md §7.7 "GET deal info"): the deal with its products, stock and
 * caps, full prices, the lowest price of the last 30 days, its stock label, its URLs, and
 * where a storefront path that names it should lead (product.md §2 "Deal URLs").
 */
import type { Db } from "@deals/db";
import { dealShowsAsOpen } from "@deals/domain/availability";
import type { Brand } from "@deals/domain/brand";
import { LOWEST_PRICE_WINDOW_DAYS } from "@deals/domain/constants";
import { discountPercent } from "@deals/domain/money";
import { parseDealPath, pathSegments } from "@deals/domain/page-type";
import { fullPrice, STOCK_LABEL_TEXT, stockLabel } from "@deals/domain/price-display";
import { maxQuantity } from "@deals/domain/quantity";
import {
  type DealDetailRow,
  type DealProductRow,
  dealHasProduct,
  findDeal,
  findDealSummaries,
  findEvergreenDealId,
  listDealProducts,
} from "./queries.ts";
import type { DealDetail, DealProduct, DealUrlResolution } from "./schemas.ts";
import { dealNotFound, MAX_ID, salesWindowStarts } from "./service.ts";
import { dealUrlPath, evergreenPath, storefrontOrigin, toDealImage, toDealSummary } from "./summaries.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const left = (cap: number | null, sold: number | null) =>
  cap === null ? null : Math.max(cap - (sold ?? 0), 0);

interface ProductStock {
  product: DealProduct;
  dailyPurchaseCapReached: boolean;
  weeklyPurchaseCapReached: boolean;
}

function toDealProduct(row: DealProductRow, dealSoldOut: boolean): ProductStock {
  const totalRemaining = left(row.totalStock, row.totalBought);
  const forDay = left(row.dailyCap, row.soldToday);
  const forWeek = left(row.weeklyCap, row.soldThisWeek);
  const soldOut = dealSoldOut || totalRemaining === 0;
  const canBuy = maxQuantity({
    purchaseCap: row.purchaseCap,
    totalRemaining,
    totalRemainingForDay: forDay,
    totalRemainingForWeek: forWeek,
    userMaximum: row.maxPerCustomer,
  });
  return {
    dailyPurchaseCapReached: forDay === 0,
    weeklyPurchaseCapReached: forWeek === 0,
    product: {
      id: row.id,
      rowId: row.rowId,
      columnId: row.columnId,
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
      lowestPriceLast30Days: row.lowestPriceMinor,
    },
  };
}

/** The path the storefront should show for `asked`, or null when it already is that path. */
function redirectFor(asked: string | undefined, canonicalPath: string): string | null {
  if (asked === undefined) return null;
  const normalised = `/${pathSegments(asked).join("/")}`;
  const canonical = `/${pathSegments(canonicalPath).join("/")}`;
  return normalised === canonical && !/[A-Z]/.test(asked.split(/[?#]/, 1)[0] ?? "") ? null : canonicalPath;
}

function toDealDetail(
  row: DealDetailRow,
  productRows: DealProductRow[],
  brand: Brand,
  now: Date,
  askedPath: string | undefined,
): DealDetail {
  const summary = toDealSummary(row);
  const stock = productRows.map((product) => toDealProduct(product, row.soldOut));
  const products = stock.map((entry) => entry.product);
  const lead = products.find((product) => product.price === row.priceMinor) ?? products[0];
  const remaining = products.map((product) => product.totalRemaining);
  const availability = {
    closingDate: row.closingDate,
    soldOut: row.soldOut,
    lastChance: row.lastChance,
    enableBuyClosedDeal: row.enableBuyClosedDeal,
    evergreen: row.closingDate === null,
    products: stock.map((entry) => ({
      soldOut: entry.product.soldOut,
      dailyPurchaseCapReached: entry.dailyPurchaseCapReached,
      weeklyPurchaseCapReached: entry.weeklyPurchaseCapReached,
    })),
  };
  const label = stockLabel(
    {
      // Units left across the products; unknown when any product has no stock limit.
      totalRemaining: remaining.every((r) => r !== null) ? remaining.reduce((sum, r) => sum + r, 0) : null,
      ...availability,
    },
    now,
  );

  // A product id in the path asked about stays in the canonical path when it is the deal's.
  const askedProduct = askedPath === undefined ? undefined : parseDealPath(askedPath)?.productId;
  const productSuffix = products.some((p) => p.id === askedProduct) ? `/${askedProduct}` : "";
  // Added to the summary made just above: properties after a spread take V8's slow path, about
  // 1 µs each (docs/scaling.md "Pages of one byte a character").
  return Object.assign(summary, {
    description: row.description,
    highlights: row.highlights,
    finePrint: row.finePrint,
    images: row.images.map(toDealImage),
    productDisplay: {
      type: row.productDisplay,
      row: row.productGrid?.row ?? null,
      column: row.productGrid?.column ?? null,
    },
    deliveryType: row.deliveryType,
    open: dealShowsAsOpen(availability, now),
    enableBuyClosedDeal: row.enableBuyClosedDeal,
    business: {
      id: row.merchant.id,
      mainAddress: row.merchant.mainAddress,
      otherAddresses: row.merchant.otherAddresses,
      vatNumber: row.merchant.vatNumber,
      ...summary.business,
    },
    products,
    canonicalUrl: `${storefrontOrigin(brand)}${summary.urlPath}`,
    evergreenUrl: evergreenPath(row),
    redirectUrl: redirectFor(askedPath, `${summary.urlPath}${productSuffix}`),
    purchaseCap: Math.max(0, ...products.map((product) => product.purchaseCap)),
    highFraudRisk: row.highFraudRisk,
    depositAvailable: products.some((product) => product.hasDeposit),
    nights: row.nights,
    lowestPriceLast30Days: lead?.lowestPriceLast30Days ?? row.priceMinor,
    stockLabel: label && {
      kind: label.kind,
      text: STOCK_LABEL_TEXT[label.kind],
      notifyMe: label.kind === "outOfStock",
      remaining: label.kind === "limitedAvailability" ? label.remaining : null,
      closesAt: label.kind === "expiringSoon" ? label.closesAt.toISOString() : null,
    },
  });
}

export async function getDeal(
  db: Db,
  brand: Brand,
  dealId: number,
  now: Date,
  askedPath?: string,
): Promise<DealDetail> {
  if (dealId > MAX_ID) throw dealNotFound();
  const windows = {
    lowestPriceSince: new Date(now.getTime() - LOWEST_PRICE_WINDOW_DAYS * DAY_MS),
    ...salesWindowStarts(now),
  };
  const [row, productRows] = await Promise.all([
    findDeal(db, brand.id, dealId),
    listDealProducts(db, dealId, windows),
  ]);
  if (!row) throw dealNotFound();
  return toDealDetail(row, productRows, brand, now, askedPath);
}

/**
 * Where a storefront deal path leads: the deal it names (by id, or by its blurb at an
 * evergreen URL), its canonical path, and the path to redirect to when the one asked
 * about is not the one to show: another category or blurb, travel for escapes, upper
 * case, or a product that is not the deal's. A path that names no deal is a 404.
 */
export async function resolveDealUrl(db: Db, brand: Brand, askedPath: string): Promise<DealUrlResolution> {
  const parsed = parseDealPath(askedPath);
  if (!parsed) throw dealNotFound();
  const evergreen = parsed.dealId === "e";
  let dealId: number | undefined;
  if (parsed.dealId !== "e") dealId = parsed.dealId;
  else if (parsed.blurb) {
    dealId = await findEvergreenDealId(db, brand.id, {
      subcategory: parsed.subcategory,
      subsubcategory: parsed.subsubcategory,
      slug: parsed.blurb,
    });
  }
  if (dealId === undefined || dealId > MAX_ID) throw dealNotFound();

  const [rows, hasProduct] = await Promise.all([
    findDealSummaries(db, brand.id, [dealId]),
    parsed.productId === undefined || parsed.productId > MAX_ID
      ? false
      : dealHasProduct(db, dealId, parsed.productId),
  ]);
  const row = rows[0];
  if (!row) throw dealNotFound();
  const productSuffix = hasProduct ? `/${parsed.productId}` : "";
  const canonicalPath = `${dealUrlPath(row)}${productSuffix}`;
  // An evergreen URL is served as it is, while the deal still never closes.
  const servedPath = (evergreen && evergreenPath(row)) || dealUrlPath(row);
  return {
    dealId,
    productId: hasProduct ? (parsed.productId ?? null) : null,
    canonicalPath,
    canonicalUrl: `${storefrontOrigin(brand)}${canonicalPath}`,
    redirectUrl: redirectFor(askedPath, `${servedPath}${productSuffix}`),
  };
}
