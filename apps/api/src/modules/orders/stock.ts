/**
 * Taking and giving back stock inside the order transaction (design.md "Invariants"). Each
 * limit is enforced by the statement that moves its counter, so it holds under any number of
 * concurrent checkouts on any number of processes:
 *
 *   UPDATE deal_products SET total_bought = total_bought + n
 *     WHERE id = $id AND n <= purchase_cap AND (total_stock IS NULL OR total_bought + n <= total_stock)
 *   INSERT INTO product_sales_windows ... ON CONFLICT DO UPDATE SET sold = sold + n WHERE sold + n <= cap
 *   (the same for the week, and for the buyer's units against max_per_customer)
 *
 * Rows are locked in one fixed order: every product row by ascending id first, then each
 * product's day, week and buyer rows, then the deal rows by ascending id. A transaction that
 * holds a later row never waits for an earlier one, so concurrent orders cannot deadlock.
 */
import { type DbTransaction, eq, sql } from "@deals/db";
import { dealProducts, deals, productSalesWindows } from "@deals/db/schema/catalogue";
import { buyerProductPurchases } from "@deals/db/schema/commerce";
import { MAX_QUANTITY_REACHED_MESSAGE } from "@deals/domain/quantity";
import { ITEM_UNAVAILABLE_MESSAGE } from "../checkout/pricing.ts";
import type { SalesWindows } from "../checkout/products.ts";

export interface StockRequest {
  productId: number;
  dealId: number;
  quantity: number;
}

export type StockResult = { ok: true } | { ok: false; productId: number; message: string };

interface Taken {
  productId: number;
  dealId: number;
  quantity: number;
  dailyCap: number | null;
  weeklyCap: number | null;
  maxPerCustomer: number | null;
}

/** One line per product, products in ascending id order: the lock order. */
function byProduct(requests: readonly StockRequest[]): StockRequest[] {
  const merged = new Map<number, StockRequest>();
  for (const r of requests) {
    const known = merged.get(r.productId);
    merged.set(r.productId, known ? { ...known, quantity: known.quantity + r.quantity } : { ...r });
  }
  return [...merged.values()].sort((a, b) => a.productId - b.productId);
}

/** Why a product update matched no row: none left at all, or fewer than asked. */
async function shortfallMessage(tx: DbTransaction, productId: number, quantity: number): Promise<string> {
  const [row] = await tx
    .select({
      purchaseCap: dealProducts.purchaseCap,
      left: sql<number | null>`${dealProducts.totalStock} - ${dealProducts.totalBought}`,
    })
    .from(dealProducts)
    .where(eq(dealProducts.id, productId));
  if (!row) return ITEM_UNAVAILABLE_MESSAGE;
  if (quantity > row.purchaseCap) return MAX_QUANTITY_REACHED_MESSAGE;
  return row.left !== null && Number(row.left) <= 0 ? ITEM_UNAVAILABLE_MESSAGE : MAX_QUANTITY_REACHED_MESSAGE;
}

/** Adds `quantity` to a day or week window, unless that would pass `cap`. */
async function takeWindow(
  tx: DbTransaction,
  productId: number,
  kind: "day" | "week",
  windowStart: string,
  quantity: number,
  cap: number | null,
): Promise<boolean> {
  if (cap !== null && quantity > cap) return false;
  const result = await tx.execute(sql`
    insert into ${productSalesWindows} (product_id, kind, window_start, sold)
    values (${productId}, ${kind}, ${windowStart}, ${quantity})
    on conflict (product_id, kind, window_start) do update
      set sold = ${productSalesWindows}.sold + ${quantity}
      where ${cap}::int is null or ${productSalesWindows}.sold + ${quantity} <= ${cap}::int
    returning sold`);
  return result.rows.length === 1;
}

/** Adds `quantity` to what the buyer has bought of the product, unless that passes `max`. */
async function takeBuyerUnits(
  tx: DbTransaction,
  buyerKey: string,
  productId: number,
  quantity: number,
  max: number | null,
): Promise<boolean> {
  if (max !== null && quantity > max) return false;
  const result = await tx.execute(sql`
    insert into ${buyerProductPurchases} (buyer_key, product_id, bought)
    values (${buyerKey}, ${productId}, ${quantity})
    on conflict (buyer_key, product_id) do update
      set bought = ${buyerProductPurchases}.bought + ${quantity}
      where ${max}::int is null or ${buyerProductPurchases}.bought + ${quantity} <= ${max}::int
    returning bought`);
  return result.rows.length === 1;
}

/**
 * Takes the stock for an order, or reports the first product that cannot be had and why. On
 * failure the caller rolls the transaction back, which undoes whatever was already taken.
 */
export async function takeStock(
  tx: DbTransaction,
  requests: readonly StockRequest[],
  windows: SalesWindows,
  buyerKey: string,
): Promise<StockResult> {
  const taken: Taken[] = [];
  for (const request of byProduct(requests)) {
    const { productId, quantity } = request;
    const [row] = await tx
      .update(dealProducts)
      .set({ totalBought: sql`${dealProducts.totalBought} + ${quantity}` })
      .where(
        sql`${dealProducts.id} = ${productId}
          and ${quantity} <= ${dealProducts.purchaseCap}
          and (${dealProducts.totalStock} is null or ${dealProducts.totalBought} + ${quantity} <= ${dealProducts.totalStock})`,
      )
      .returning({
        dealId: dealProducts.dealId,
        dailyCap: dealProducts.dailyCap,
        weeklyCap: dealProducts.weeklyCap,
        maxPerCustomer: dealProducts.maxPerCustomer,
      });
    if (!row) return { ok: false, productId, message: await shortfallMessage(tx, productId, quantity) };
    taken.push({ productId, quantity, ...row });
  }
  for (const t of taken) {
    if (!(await takeWindow(tx, t.productId, "day", windows.dayStart, t.quantity, t.dailyCap))) {
      return { ok: false, productId: t.productId, message: await capMessage(tx, t, "day", windows.dayStart) };
    }
    if (!(await takeWindow(tx, t.productId, "week", windows.weekStart, t.quantity, t.weeklyCap))) {
      return {
        ok: false,
        productId: t.productId,
        message: await capMessage(tx, t, "week", windows.weekStart),
      };
    }
    if (!(await takeBuyerUnits(tx, buyerKey, t.productId, t.quantity, t.maxPerCustomer))) {
      return { ok: false, productId: t.productId, message: MAX_QUANTITY_REACHED_MESSAGE };
    }
  }
  await moveDealTotals(tx, taken, 1);
  return { ok: true };
}

/** A window with nothing left means the item is gone for now; some left means ask for fewer. */
async function capMessage(tx: DbTransaction, taken: Taken, kind: "day" | "week", windowStart: string) {
  const cap = kind === "day" ? taken.dailyCap : taken.weeklyCap;
  const result = await tx.execute(sql`
    select sold from ${productSalesWindows}
    where product_id = ${taken.productId} and kind = ${kind} and window_start = ${windowStart}`);
  const sold = Number((result.rows[0] as { sold?: number } | undefined)?.sold ?? 0);
  return cap !== null && sold >= cap ? ITEM_UNAVAILABLE_MESSAGE : MAX_QUANTITY_REACHED_MESSAGE;
}

/** The deals' own running totals (what listings show as bought), deal rows by ascending id. */
async function moveDealTotals(
  tx: DbTransaction,
  items: readonly { dealId: number; quantity: number }[],
  sign: 1 | -1,
) {
  const perDeal = new Map<number, number>();
  for (const item of items) perDeal.set(item.dealId, (perDeal.get(item.dealId) ?? 0) + item.quantity);
  for (const [dealId, quantity] of [...perDeal].sort(([a], [b]) => a - b)) {
    await tx
      .update(deals)
      .set({ totalBought: sql`greatest(${deals.totalBought} + ${sign * quantity}, 0)` })
      .where(eq(deals.id, dealId));
  }
}

/**
 * Gives back the stock of an order that will not be paid: the same rows in the same order.
 * `windows` are those the order was taken in (its creation time), not today's.
 */
export async function releaseStock(
  tx: DbTransaction,
  requests: readonly StockRequest[],
  windows: SalesWindows,
  buyerKey: string,
): Promise<void> {
  const merged = byProduct(requests);
  for (const { productId, quantity } of merged) {
    await tx
      .update(dealProducts)
      .set({ totalBought: sql`greatest(${dealProducts.totalBought} - ${quantity}, 0)` })
      .where(eq(dealProducts.id, productId));
  }
  for (const { productId, quantity } of merged) {
    for (const [kind, windowStart] of [
      ["day", windows.dayStart],
      ["week", windows.weekStart],
    ] as const) {
      await tx.execute(sql`
        update ${productSalesWindows} set sold = greatest(sold - ${quantity}, 0)
        where product_id = ${productId} and kind = ${kind} and window_start = ${windowStart}`);
    }
    await tx.execute(sql`
      update ${buyerProductPurchases} set bought = greatest(bought - ${quantity}, 0)
      where buyer_key = ${buyerKey} and product_id = ${productId}`);
  }
  await moveDealTotals(tx, merged, -1);
}
