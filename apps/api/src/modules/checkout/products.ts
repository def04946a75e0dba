/**
 * What the basket, checkout and order rules need to know about the products in a basket:
 * prices, fees, caps, stock, what sold today and this week, and what this buyer already
 * bought. One query for all of a basket's products, prepared once per database: every basket
 * change and every checkout runs it, so it is planned once rather than on each call.
 */
import { type Db, eq, inArray, preparedOn, prepareStatement, sql } from "@deals/db";
import { dealProducts, deals, productSalesWindows } from "@deals/db/schema/catalogue";
import { baskets, buyerProductPurchases } from "@deals/db/schema/commerce";
import type { BrandId } from "@deals/domain/brand";
import type { BasketRow } from "../basket/queries.ts";

/** The day and week the caps count sales in (deals/service.ts salesWindowStarts). */
export interface SalesWindows {
  dayStart: string;
  weekStart: string;
}

/**
 * What the product sold in its current day or week window. A correlated subquery rather than
 * a join: with two tables to join instead of five, PostgreSQL plans the statement once per
 * connection (a generic plan) instead of on every call, which it did for the five-way join.
 */
function soldIn(kind: "day" | "week") {
  return sql<number>`coalesce((select ${productSalesWindows.sold} from ${productSalesWindows}
    where ${productSalesWindows.productId} = ${dealProducts.id} and ${productSalesWindows.kind} = ${kind}
    and ${productSalesWindows.windowStart} = ${sql.placeholder(`${kind}Start`)}), 0)`.mapWith(Number);
}

/** A product's facts, and its deal's, as every statement here selects them. */
function factFields() {
  return {
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
    soldToday: soldIn("day"),
    soldThisWeek: soldIn("week"),
    boughtByBuyer: sql<number>`coalesce((select ${buyerProductPurchases.bought} from ${buyerProductPurchases}
    where ${buyerProductPurchases.productId} = ${dealProducts.id}
    and ${buyerProductPurchases.buyerKey} = ${sql.placeholder("buyerKey")}), 0)`.mapWith(Number),
    deal: {
      brandId: deals.brandId,
      headline: deals.headline,
      title: deals.title,
      currency: deals.currency,
      categoryId: deals.categoryId,
      subcategoryId: deals.subcategoryId,
      dealType: deals.dealType,
      productDisplay: deals.productDisplay,
      deliveryType: deals.deliveryType,
      closingDate: deals.closingDate,
      soldOut: deals.soldOut,
      lastChance: deals.lastChance,
      enableBuyClosedDeal: deals.enableBuyClosedDeal,
      vipExclusive: deals.vipExclusive,
      vipDiscountAllowed: sql<boolean>`coalesce((${deals.display}->>'vipDiscountAllowed')::boolean, false)`,
      highFraudRisk: deals.highFraudRisk,
      images: deals.images,
    },
  };
}

/**
 * The statement for up to `slots` products. The ids go in one placeholder each, not as one
 * array: PostgreSQL cannot tell how long an array will be, so with an array it judged a plan
 * made once too dear and planned the statement afresh on every call.
 */
function prepareProductFacts(db: Db, slots: number) {
  const query = db
    .select(factFields())
    .from(dealProducts)
    .innerJoin(deals, eq(deals.id, dealProducts.dealId))
    .where(
      inArray(
        dealProducts.id,
        Array.from({ length: slots }, (_, i) => sql.placeholder(`product${i}`)),
      ),
    );
  return prepareStatement(query, `checkout_product_facts_${slots}`);
}

export type ProductFacts = Awaited<ReturnType<ReturnType<typeof prepareProductFacts>["execute"]>>[number];

/** Statements for 1, 2, 4, 8... products: a few shapes serve baskets of any size. */
function statementFor(db: Db, count: number) {
  const slots = 2 ** Math.ceil(Math.log2(count));
  const statement = preparedOn(db, `checkout_product_facts_${slots}`, () => prepareProductFacts(db, slots));
  return { statement, slots };
}

/** The facts of each product, by product id; unknown ids are simply absent. */
export async function loadProductFacts(
  db: Db,
  productIds: readonly number[],
  windows: SalesWindows,
  buyerKey: string | null,
): Promise<Map<number, ProductFacts>> {
  if (productIds.length === 0) return new Map();
  const { statement, slots } = statementFor(db, productIds.length);
  const values: Record<string, unknown> = { ...windows, buyerKey: buyerKey ?? "" };
  // Spare slots repeat the last id: the same row again, which the list counts once.
  for (let i = 0; i < slots; i++) values[`product${i}`] = productIds[Math.min(i, productIds.length - 1)];
  const rows = await statement.execute(values);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A basket and the facts of every product in its lines, in one statement: paying reads both,
 * and one round trip fewer is what a busy checkout notices (docs/scaling.md). One row per
 * product found, or one row of nulls beside the basket for a basket with none.
 */
function prepareBasketWithFacts(db: Db) {
  const productIds = sql`array(select (line->>'dealProductId')::int from jsonb_array_elements(${baskets.lines}) line)`;
  const query = db
    .select({ ...factFields(), basket: baskets })
    .from(baskets)
    .leftJoin(dealProducts, sql`${dealProducts.id} = any(${productIds})`)
    .leftJoin(deals, eq(deals.id, dealProducts.dealId))
    .where(eq(baskets.token, sql.placeholder("token")));
  return prepareStatement(query, "checkout_basket_facts");
}

/** The basket with this token and its products' facts by product id, or undefined. */
export async function loadBasketWithFacts(
  db: Db,
  token: string,
  windows: SalesWindows,
  buyerKey: string | null,
): Promise<{ basket: BasketRow; products: Map<number, ProductFacts> } | undefined> {
  const statement = preparedOn(db, "checkout_basket_facts", () => prepareBasketWithFacts(db));
  const rows = await statement.execute({ token, ...windows, buyerKey: buyerKey ?? "" });
  if (rows.length === 0) return undefined;
  const products = new Map<number, ProductFacts>();
  for (const { basket: _, ...product } of rows) {
    if (product.id !== null) products.set(product.id, product as ProductFacts);
  }
  return { basket: rows[0]!.basket, products };
}

/** True when the product belongs to a deal of this brand (a basket never mixes brands). */
export function onBrand(product: ProductFacts, brandId: BrandId): boolean {
  return product.deal.brandId === brandId;
}
