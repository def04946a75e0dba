/**
 * Taking and giving back stock (design.md "Invariants"). Each limit is enforced by the
 * statement part that moves its counter, so it holds under any number of concurrent checkouts
 * on any number of processes:
 *
 *   UPDATE deal_products SET total_bought = total_bought + n
 *     WHERE id = $id AND n <= purchase_cap AND (total_stock IS NULL OR total_bought + n <= total_stock)
 *   INSERT INTO product_sales_windows ... ON CONFLICT DO UPDATE SET sold = sold + n WHERE sold + n <= cap
 *   (the same for the week, and for the buyer's units against max_per_customer)
 *
 * The parts run inside the one statement that places the order (new-order.ts), outside any
 * explicit transaction: the busy product and deal rows are locked only while the server runs
 * that statement and commits it, never while a round trip to the API is under way. Products
 * go in ascending id order, each product's row before its window and buyer rows (they read
 * its RETURNING), then the deals in ascending id order, so statements always lock in the same
 * order and cannot deadlock.
 */
import { type Bind, type Db, type DbTransaction, type SQL, sql } from "@deals/db";
import { dealProducts, deals, productSalesWindows } from "@deals/db/schema/catalogue";
import { buyerProductPurchases } from "@deals/db/schema/commerce";
import { MAX_QUANTITY_REACHED_MESSAGE } from "@deals/domain/quantity";
import { ITEM_UNAVAILABLE_MESSAGE } from "../checkout/pricing.ts";
import type { SalesWindows } from "../checkout/products.ts";
import type { StatementPart, Taking } from "./taking.ts";

export interface StockRequest {
  productId: number;
  dealId: number;
  quantity: number;
  /**
   * Rooms of a stay held on the booking calendar. The rooms of each night are a calendar
   * deal's stock, taken by the hold, so the caps that count vouchers (per order, per day, per
   * week, per customer) do not limit a stay; its rooms still count as bought, against the
   * product's total stock like any unit.
   */
  stay?: boolean;
}

/** One line per key, keys in ascending order: the lock order. */
function merged(requests: readonly StockRequest[], key: "productId" | "dealId"): StockRequest[] {
  const byKey = new Map<number, StockRequest>();
  for (const r of requests) {
    const known = byKey.get(r[key]);
    byKey.set(
      r[key],
      known ? { ...known, quantity: known.quantity + r.quantity, stay: known.stay && r.stay } : { ...r },
    );
  }
  return [...byKey.values()].sort((a, b) => a[key] - b[key]);
}

/** Above any cap a product can have: "no cap" inside the guarded upserts. */
const NO_CAP = 2_147_483_647;

/** The counters one product's units move, named after its place in the lock order. */
function productParts(
  bind: Bind,
  request: StockRequest,
  i: number,
  windows: SalesWindows,
  buyer: SQL,
  when: SQL,
) {
  // The placeholder's name tells the statement's shapes apart (runShaped): a stay's parts differ.
  const q = bind(request.stay ? `stock_${i}_stay_rooms` : `stock_${i}_quantity`, request.quantity);
  const product = sql.raw(`stock_${i}`);
  const noCap = sql.raw(String(NO_CAP));
  // A stay counts in every counter but only the total stock limits it (StockRequest.stay).
  const capped = (cap: SQL) => (request.stay ? sql`null::int` : cap);
  const window = (kind: "day" | "week", start: SQL, cap: SQL) => sql`
    insert into ${productSalesWindows} as w (product_id, kind, window_start, sold)
    select id, ${sql.raw(`'${kind}'`)}, ${start}, ${q} from ${product} where ${cap} is null or ${q} <= ${cap}
    on conflict (product_id, kind, window_start) do update set sold = w.sold + excluded.sold
    where w.sold + excluded.sold <= coalesce((select ${cap} from ${product}), ${noCap})
    returning 1`;
  const dayStart = sql`${bind(`day_${i}_start`, windows.dayStart)}`;
  const weekStart = sql`${bind(`week_${i}_start`, windows.weekStart)}`;
  const perCustomer = capped(sql`max_per_customer`);
  return [
    {
      name: `stock_${i}`,
      body: sql`
        update ${dealProducts} set total_bought = total_bought + ${q}
        where id = ${bind(`stock_${i}_product`, request.productId)} and ${request.stay ? sql`true` : sql`${q} <= purchase_cap`}
          and (total_stock is null or total_bought + ${q} <= total_stock) and ${when}
        returning id, daily_cap, weekly_cap, max_per_customer`,
    },
    { name: `day_${i}`, body: window("day", dayStart, capped(sql`daily_cap`)) },
    { name: `week_${i}`, body: window("week", weekStart, capped(sql`weekly_cap`)) },
    {
      name: `buyer_${i}`,
      body: sql`
        insert into ${buyerProductPurchases} as b (buyer_key, product_id, bought)
        select ${buyer}, id, ${q} from ${product} where ${perCustomer} is null or ${q} <= ${perCustomer}
        on conflict (buyer_key, product_id) do update set bought = b.bought + excluded.bought
        where b.bought + excluded.bought <= coalesce((select ${perCustomer} from ${product}), ${noCap})
        returning 1`,
    },
  ] satisfies StatementPart[];
}

/**
 * The statement parts that take an order's stock, once `when` holds (the promo use and the
 * wallet debit were taken). The refusal names the first counter that could not move:
 * "product:12", "day:12", "week:12" or "buyer:12". The deals' running totals (what listings
 * show as bought) move last, and only when every product was taken.
 */
export function stockTaking(
  bind: Bind,
  requests: readonly StockRequest[],
  windows: SalesWindows,
  buyerKey: string,
  when: SQL,
): Taking {
  const products = merged(requests, "productId");
  const buyer = sql`${bind("stock_buyer_key", buyerKey)}`;
  const parts: StatementPart[] = products.flatMap((request, i) =>
    productParts(
      bind,
      request,
      i,
      windows,
      buyer,
      i === 0 ? when : sql.raw(`exists (select 1 from stock_${i - 1})`),
    ),
  );
  const checks = products.flatMap((request, i) =>
    (["stock", "day", "week", "buyer"] as const).map(
      (part) =>
        sql`when not exists (select 1 from ${sql.raw(`${part}_${i}`)}) then ${sql.raw(`'${part === "stock" ? "product" : part}:'`)} || ${bind(`${part}_${i}_refused`, request.productId)}::text`,
    ),
  );
  const refusal = checks.length === 0 ? sql`null::text` : sql`case ${sql.join(checks, sql` `)} end`;
  merged(requests, "dealId").forEach(({ dealId, quantity }, j) => {
    parts.push({
      name: `deal_${j}`,
      body: sql`
        update ${deals} set total_bought = total_bought + ${bind(`deal_${j}_quantity`, quantity)}
        where id = ${bind(`deal_${j}_id`, dealId)} and (${refusal}) is null
          ${j === 0 ? sql`` : sql.raw(`and exists (select 1 from deal_${j - 1})`)}
        returning 1`,
    });
  });
  return { parts, refusal };
}

/** What a shopper is told when a stock refusal ("product:12", "day:12", ...) stopped the order. */
export async function stockRefusalMessage(
  db: Db | DbTransaction,
  reason: string,
  quantity: number,
  windows: SalesWindows,
): Promise<string | undefined> {
  const [part, id] = reason.split(":");
  const productId = Number(id);
  if (!part || !["product", "day", "week", "buyer"].includes(part) || !Number.isInteger(productId)) return;
  if (part === "buyer") return MAX_QUANTITY_REACHED_MESSAGE;
  const result = await db.execute(sql`
    select purchase_cap, total_stock - total_bought as left, daily_cap, weekly_cap,
      (select sold from ${productSalesWindows}
        where product_id = p.id and kind = 'day' and window_start = ${windows.dayStart}) as day_sold,
      (select sold from ${productSalesWindows}
        where product_id = p.id and kind = 'week' and window_start = ${windows.weekStart}) as week_sold
    from ${dealProducts} p where id = ${productId}`);
  const row = result.rows[0] as
    | {
        purchase_cap: number;
        left: number | null;
        daily_cap: number | null;
        weekly_cap: number | null;
        day_sold: number | null;
        week_sold: number | null;
      }
    | undefined;
  if (!row) return ITEM_UNAVAILABLE_MESSAGE;
  // A window with nothing left means the item is gone for now; some left means ask for fewer.
  const window =
    part === "day"
      ? { cap: row.daily_cap, sold: row.day_sold }
      : part === "week"
        ? { cap: row.weekly_cap, sold: row.week_sold }
        : null;
  if (window) {
    const gone = window.cap !== null && Number(window.sold ?? 0) >= window.cap;
    return gone ? ITEM_UNAVAILABLE_MESSAGE : MAX_QUANTITY_REACHED_MESSAGE;
  }
  if (quantity > row.purchase_cap) return MAX_QUANTITY_REACHED_MESSAGE;
  return row.left !== null && Number(row.left) <= 0 ? ITEM_UNAVAILABLE_MESSAGE : MAX_QUANTITY_REACHED_MESSAGE;
}

/**
 * Gives back the stock of an order that will not be paid, row by row in the order the taking
 * locked them. `windows` are those the order was taken in (its creation time), not today's.
 */
export async function releaseStock(
  tx: DbTransaction,
  requests: readonly StockRequest[],
  windows: SalesWindows,
  buyerKey: string,
): Promise<void> {
  for (const { productId, quantity } of merged(requests, "productId")) {
    await tx.execute(sql`
      update ${dealProducts} set total_bought = greatest(total_bought - ${quantity}, 0)
      where id = ${productId}`);
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
  for (const { dealId, quantity } of merged(requests, "dealId")) {
    await tx.execute(sql`
      update ${deals} set total_bought = greatest(total_bought - ${quantity}, 0) where id = ${dealId}`);
  }
}
