/** Order rows: the order, its lines, its payment and its vouchers. */
import { and, asc, type Db, type DbTransaction, eq, inArray, isNotNull, type SQL, sql } from "@deals/db";
import { users } from "@deals/db/schema/accounts";
import { orderLines, orders, payments, vouchers } from "@deals/db/schema/commerce";

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;

export async function findOrderByKey(db: Db | DbTransaction, buyerKey: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.buyerKey, buyerKey), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}

/**
 * A guest's order by the basket it was placed from and its idempotency key: the buyer's account
 * is a guest's, or registered and not yet activated (both buy with an express-buy token).
 */
export async function findGuestOrder(db: Db | DbTransaction, basketToken: string, idempotencyKey: string) {
  const [row] = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(
      and(
        eq(orders.basketToken, basketToken),
        eq(orders.idempotencyKey, idempotencyKey),
        inArray(users.status, ["guest", "pending"]),
      ),
    );
  return row?.order;
}

export async function findOrder(db: Db | DbTransaction, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** An order by the reference its customer knows it by. */
export async function findOrderByReference(db: Db | DbTransaction, reference: string) {
  const [row] = await db.select().from(orders).where(eq(orders.reference, reference.toUpperCase()));
  return row;
}

export async function linesOf(db: Db | DbTransaction, orderId: number): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

export async function paymentOf(db: Db | DbTransaction, orderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

export async function vouchersOfOrder(db: Db | DbTransaction, orderId: number): Promise<VoucherRow[]> {
  return db.select().from(vouchers).where(eq(vouchers.orderId, orderId)).orderBy(asc(vouchers.id));
}

/** The provider's name for an order's payment: one reference per order, so retries repeat it. */
export function paymentReference(orderId: number): string {
  return `order-${orderId}`;
}

/** paymentReference in SQL, for the statement that makes the order and its payment together. */
export function paymentReferenceSql(orderId: SQL): SQL {
  return sql`'order-' || ${orderId}`;
}

/**
 * The deal lines of a customer's paid orders on a site, for a query joining order lines to
 * orders. Gift packs, wrap and validity extensions carry no deal, so they are not deals bought.
 */
export function paidDealLinesOf(customerId: number, brandId: string): SQL {
  return and(
    eq(orders.customerId, customerId),
    eq(orders.brandId, brandId),
    eq(orders.status, "paid"),
    isNotNull(orderLines.dealId),
  ) as SQL;
}
