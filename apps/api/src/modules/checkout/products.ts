/**
 * What the basket, checkout and order rules need to know about the products in a basket:
 * prices, fees, caps, stock, what sold today and this week, and what this buyer already
 * bought. One query for all of a basket's products, prepared once per database: every basket
 * change and every checkout runs it, so it is planned once rather than on each call.
 */
import { alias, and, type Db, eq, sql } from "@deals/db";
import { dealProducts, deals, productSalesWindows } from "@deals/db/schema/catalogue";
import { buyerProductPurchases } from "@deals/db/schema/commerce";
import type { BrandId } from "@deals/domain/brand";

/** The day and week the caps count sales in (deals/service.ts salesWindowStarts). */
export interface SalesWindows {
  dayStart: string;
  weekStart: string;
}

const daySales = alias(productSalesWindows, "day_sales");
const weekSales = alias(productSalesWindows, "week_sales");

/** The product's sales row of one kind ("day" or "week") for the window starting at `start`. */
function salesOfProduct(sales: typeof daySales | typeof weekSales, kind: "day" | "week") {
  return and(
    eq(sales.productId, dealProducts.id),
    eq(sales.kind, kind),
    eq(sales.windowStart, sql.placeholder(`${kind}Start`)),
  );
}

function prepareProductFacts(db: Db) {
  return db
    .select({
      id: dealProducts.id,
      dealId: dealProducts.dealId,
      title: dealProducts.title,
      friendlyName: dealProducts.friendlyName,
      priceMinor: dealProducts.priceMinor,
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
      checkInDate: dealProducts.checkInDate,
      nights: dealProducts.nights,
      soldToday: sql<number>`coalesce(${daySales.sold}, 0)`.mapWith(Number),
      soldThisWeek: sql<number>`coalesce(${weekSales.sold}, 0)`.mapWith(Number),
      boughtByBuyer: sql<number>`coalesce(${buyerProductPurchases.bought}, 0)`.mapWith(Number),
      deal: {
        brandId: deals.brandId,
        headline: deals.headline,
        title: deals.title,
        currency: deals.currency,
        categoryId: deals.categoryId,
        subcategoryId: deals.subcategoryId,
        dealType: deals.dealType,
        deliveryType: deals.deliveryType,
        closingDate: deals.closingDate,
        soldOut: deals.soldOut,
        lastChance: deals.lastChance,
        enableBuyClosedDeal: deals.enableBuyClosedDeal,
        vipExclusive: deals.vipExclusive,
        highFraudRisk: deals.highFraudRisk,
        images: deals.images,
      },
    })
    .from(dealProducts)
    .innerJoin(deals, eq(deals.id, dealProducts.dealId))
    .leftJoin(daySales, salesOfProduct(daySales, "day"))
    .leftJoin(weekSales, salesOfProduct(weekSales, "week"))
    .leftJoin(
      buyerProductPurchases,
      and(
        eq(buyerProductPurchases.productId, dealProducts.id),
        eq(buyerProductPurchases.buyerKey, sql.placeholder("buyerKey")),
      ),
    )
    .where(sql`${dealProducts.id} = any(${sql.placeholder("productIds")})`)
    .prepare("checkout_product_facts");
}

export type ProductFacts = Awaited<ReturnType<ReturnType<typeof prepareProductFacts>["execute"]>>[number];

const preparedFor = new WeakMap<Db, ReturnType<typeof prepareProductFacts>>();

/** The facts of each product, by product id; unknown ids are simply absent. */
export async function loadProductFacts(
  db: Db,
  productIds: readonly number[],
  windows: SalesWindows,
  buyerKey: string | null,
): Promise<Map<number, ProductFacts>> {
  if (productIds.length === 0) return new Map();
  let query = preparedFor.get(db);
  if (!query) {
    query = prepareProductFacts(db);
    preparedFor.set(db, query);
  }
  const rows = await query.execute({ ...windows, buyerKey: buyerKey ?? "", productIds: [...productIds] });
  return new Map(rows.map((row) => [row.id, row]));
}

/** True when the product belongs to a deal of this brand (a basket never mixes brands). */
export function onBrand(product: ProductFacts, brandId: BrandId): boolean {
  return product.deal.brandId === brandId;
}
