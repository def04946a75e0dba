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
 * All of one product's counters move in one statement, so the hot rows are locked for one
 * round trip before the commit. Products go in ascending id order and each statement locks its
 * product row before that product's window and buyer rows (they read the product's RETURNING),
 * so transactions always lock in the same order and cannot deadlock.
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

/**
 * Takes one product's units in a single statement: the product row first (the other parts
 * read its RETURNING, so it is always locked first), then the day and week windows and the
 * buyer's units, each guarded by its cap. One round trip while the hot rows are locked.
 */
async function takeProduct(
  tx: DbTransaction,
  request: StockRequest,
  windows: SalesWindows,
  buyerKey: string,
): Promise<{ product: boolean; day: boolean; week: boolean; buyer: boolean; caps: Caps }> {
  const q = request.quantity;
  const result = await tx.execute(sql`
    with product as (
      update ${dealProducts} set total_bought = total_bought + ${q}
      where id = ${request.productId} and ${q} <= purchase_cap
        and (total_stock is null or total_bought + ${q} <= total_stock)
      returning id, daily_cap, weekly_cap, max_per_customer
    ), day as (
      insert into ${productSalesWindows} as w (product_id, kind, window_start, sold)
      select id, 'day', ${windows.dayStart}, ${q} from product where daily_cap is null or ${q} <= daily_cap
      on conflict (product_id, kind, window_start) do update set sold = w.sold + excluded.sold
      where w.sold + excluded.sold <= coalesce((select daily_cap from product), ${NO_CAP})
      returning 1
    ), week as (
      insert into ${productSalesWindows} as w (product_id, kind, window_start, sold)
      select id, 'week', ${windows.weekStart}, ${q} from product where weekly_cap is null or ${q} <= weekly_cap
      on conflict (product_id, kind, window_start) do update set sold = w.sold + excluded.sold
      where w.sold + excluded.sold <= coalesce((select weekly_cap from product), ${NO_CAP})
      returning 1
    ), buyer as (
      insert into ${buyerProductPurchases} as b (buyer_key, product_id, bought)
      select ${buyerKey}, id, ${q} from product where max_per_customer is null or ${q} <= max_per_customer
      on conflict (buyer_key, product_id) do update set bought = b.bought + excluded.bought
      where b.bought + excluded.bought <= coalesce((select max_per_customer from product), ${NO_CAP})
      returning 1
    )
    select (select count(*) from product)::int as product, (select count(*) from day)::int as day,
      (select count(*) from week)::int as week, (select count(*) from buyer)::int as buyer,
      (select daily_cap from product) as daily_cap, (select weekly_cap from product) as weekly_cap`);
  const row = result.rows[0] as {
    product: number;
    day: number;
    week: number;
    buyer: number;
    daily_cap: number | null;
    weekly_cap: number | null;
  };
  return {
    product: row.product === 1,
    day: row.day === 1,
    week: row.week === 1,
    buyer: row.buyer === 1,
    caps: { dailyCap: row.daily_cap, weeklyCap: row.weekly_cap },
  };
}

interface Caps {
  dailyCap: number | null;
  weeklyCap: number | null;
}

/** Above any cap a product can have: "no cap" inside the guarded upserts. */
const NO_CAP = 2_147_483_647;

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
  for (const request of byProduct(requests)) {
    const taken = await takeProduct(tx, request, windows, buyerKey);
    const { productId, quantity } = request;
    if (!taken.product)
      return { ok: false, productId, message: await shortfallMessage(tx, productId, quantity) };
    if (!taken.day) {
      return {
        ok: false,
        productId,
        message: await capMessage(tx, productId, taken.caps.dailyCap, "day", windows.dayStart),
      };
    }
    if (!taken.week) {
      return {
        ok: false,
        productId,
        message: await capMessage(tx, productId, taken.caps.weeklyCap, "week", windows.weekStart),
      };
    }
    if (!taken.buyer) return { ok: false, productId, message: MAX_QUANTITY_REACHED_MESSAGE };
  }
  return { ok: true };
}

/** A window with nothing left means the item is gone for now; some left means ask for fewer. */
async function capMessage(
  tx: DbTransaction,
  productId: number,
  cap: number | null,
  kind: "day" | "week",
  windowStart: string,
) {
  const result = await tx.execute(sql`
    select sold from ${productSalesWindows}
    where product_id = ${productId} and kind = ${kind} and window_start = ${windowStart}`);
  const sold = Number((result.rows[0] as { sold?: number } | undefined)?.sold ?? 0);
  return cap !== null && sold >= cap ? ITEM_UNAVAILABLE_MESSAGE : MAX_QUANTITY_REACHED_MESSAGE;
}

/**
 * The deals' own running totals (what listings show as bought), moved when an order is paid,
 * deal rows by ascending id. Kept out of the stock statement so the hot product row is held
 * for one statement only.
 */
export async function addDealTotals(tx: DbTransaction, items: readonly StockRequest[]): Promise<void> {
  const perDeal = new Map<number, number>();
  for (const item of items) perDeal.set(item.dealId, (perDeal.get(item.dealId) ?? 0) + item.quantity);
  for (const [dealId, quantity] of [...perDeal].sort(([a], [b]) => a - b)) {
    await tx
      .update(deals)
      .set({ totalBought: sql`${deals.totalBought} + ${quantity}` })
      .where(eq(deals.id, dealId));
  }
}

/**
 * Gives back the stock of an order that will not be paid, row by row in the order takeStock
 * locked them. `windows` are those the order was taken in (its creation time), not today's.
 */
export async function releaseStock(
  tx: DbTransaction,
  requests: readonly StockRequest[],
  windows: SalesWindows,
  buyerKey: string,
): Promise<void> {
  for (const { productId, quantity } of byProduct(requests)) {
    await tx
      .update(dealProducts)
      .set({ totalBought: sql`greatest(${dealProducts.totalBought} - ${quantity}, 0)` })
      .where(eq(dealProducts.id, productId));
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
}
