/** Voucher rows as the shopper sees them: with their deal, merchant, order and timeline. */
import {
  and,
  asc,
  count,
  type Db,
  type DbTransaction,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  lt,
  lte,
  notExists,
  sql,
} from "@deals/db";
import { users } from "@deals/db/schema/accounts";
import { voucherEvents, voucherRefunds, voucherReminders } from "@deals/db/schema/after-purchase";
import { deals, merchants } from "@deals/db/schema/catalogue";
import { orderLines, orders, payments, vouchers } from "@deals/db/schema/commerce";
import type { VoucherStatus } from "@deals/domain/voucher";

const shopperColumns = {
  id: vouchers.id,
  code: vouchers.code,
  status: vouchers.status,
  customerId: vouchers.customerId,
  orderId: vouchers.orderId,
  orderLineId: vouchers.orderLineId,
  orderReference: orders.reference,
  brandId: orders.brandId,
  currency: orders.currency,
  protected: sql<boolean>`${orders.voucherProtectionMinor} > 0`,
  dealId: vouchers.dealId,
  productId: vouchers.productId,
  dealType: deals.dealType,
  title: orderLines.title,
  dealHeadline: deals.headline,
  merchantName: merchants.displayName,
  expiresAt: vouchers.expiresAt,
  createdAt: vouchers.createdAt,
  fulfilmentStatus: vouchers.fulfilmentStatus,
  courier: vouchers.courier,
  trackingNumber: vouchers.trackingNumber,
  deliveryEstimate: vouchers.deliveryEstimate,
  showTrackingToCustomer: vouchers.showTrackingToCustomer,
  /** Charged per unit: what the voucher cost (the deposit, for a deposit order). */
  unitPriceMinor: orderLines.unitPriceMinor,
  balanceToMerchantMinor: orderLines.balanceToMerchantMinor,
  extensionOrderId: vouchers.extensionOrderId,
};

function shopperVouchers(db: Db | DbTransaction) {
  return db
    .select(shopperColumns)
    .from(vouchers)
    .innerJoin(orders, eq(orders.id, vouchers.orderId))
    .innerJoin(orderLines, eq(orderLines.id, vouchers.orderLineId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId));
}

export type ShopperVoucherRow = Awaited<ReturnType<typeof findCustomerVoucher>> & {};

export async function listCustomerVouchers(
  db: Db,
  customerId: number,
  query: { page: number; pageSize: number; status?: VoucherStatus | undefined },
) {
  const where = and(
    eq(vouchers.customerId, customerId),
    query.status ? eq(vouchers.status, query.status) : undefined,
  );
  const rows = await shopperVouchers(db)
    .where(where)
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(query.pageSize)
    .offset(query.page * query.pageSize);
  const [total] = await db.select({ n: count() }).from(vouchers).where(where);
  return { rows, count: Number(total?.n ?? 0) };
}

/** One of the customer's vouchers; undefined for anyone else's (answered as not found). */
export async function findCustomerVoucher(db: Db | DbTransaction, customerId: number, voucherId: number) {
  const [row] = await shopperVouchers(db).where(
    and(eq(vouchers.id, voucherId), eq(vouchers.customerId, customerId)),
  );
  return row;
}

/** What the printed voucher adds: where and how to use it, and the fine print. */
export async function printDetails(db: Db, dealId: number) {
  const [row] = await db
    .select({
      dealTitle: deals.title,
      finePrint: deals.finePrint,
      deliveryType: deals.deliveryType,
      bookingCalendarOnRedemption: deals.bookingCalendarOnRedemption,
      website: merchants.website,
      mainAddress: merchants.mainAddress,
      otherAddresses: merchants.otherAddresses,
    })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(eq(deals.id, dealId));
  return row!;
}

export async function eventsOf(db: Db | DbTransaction, voucherIds: number[]) {
  if (voucherIds.length === 0) return [];
  return db
    .select()
    .from(voucherEvents)
    .where(inArray(voucherEvents.voucherId, voucherIds))
    .orderBy(asc(voucherEvents.createdAt), asc(voucherEvents.id));
}

export async function addVoucherEvent(
  tx: Db | DbTransaction,
  event: { voucherId: number; status: string; note?: string | null; createdAt: Date },
) {
  await tx.insert(voucherEvents).values({ ...event, note: event.note ?? null });
}

/**
 * Moves a voucher from one status to another if it is still in it and still valid at `now`:
 * the one conditional update that makes a change happen once, however many ask at once.
 */
export async function moveVoucherStatus(
  tx: Db | DbTransaction,
  voucherId: number,
  from: VoucherStatus,
  to: VoucherStatus,
  /** Only while the voucher has not expired at this moment; undefined: whenever. */
  validAt?: Date,
): Promise<boolean> {
  const moved = await tx
    .update(vouchers)
    .set({ status: to })
    .where(
      and(
        eq(vouchers.id, voucherId),
        eq(vouchers.status, from),
        validAt ? gt(vouchers.expiresAt, validAt) : undefined,
      ),
    )
    .returning({ id: vouchers.id });
  return moved.length === 1;
}

/** Where the voucher sits in its order line (0 for the first), for its share of the line. */
export async function positionInLine(tx: Db | DbTransaction, orderLineId: number, voucherId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(vouchers)
    .where(and(eq(vouchers.orderLineId, orderLineId), sql`${vouchers.id} < ${voucherId}`));
  return Number(row?.n ?? 0);
}

/**
 * The order a refund comes out of, locked until the refund's transaction ends, with what it
 * paid and what its refunds gave back so far: refunds of one order happen one after another.
 */
export async function lockOrderMoney(tx: DbTransaction, orderId: number) {
  const [order] = await tx
    .select({
      totalMinor: orders.totalMinor,
      walletMarketingMinor: orders.walletMarketingMinor,
      walletRefundableMinor: orders.walletRefundableMinor,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  const [refunded] = await tx
    .select({
      wallet: sql<number>`coalesce(sum(${voucherRefunds.walletMinor}), 0)::int`,
      original: sql<number>`coalesce(sum(${voucherRefunds.originalMinor}), 0)::int`,
    })
    .from(voucherRefunds)
    .where(eq(voucherRefunds.orderId, orderId));
  return {
    paidOriginalMinor: order!.totalMinor,
    paidWalletMinor: order!.walletMarketingMinor + order!.walletRefundableMinor,
    refundedOriginalMinor: Number(refunded?.original ?? 0),
    refundedWalletMinor: Number(refunded?.wallet ?? 0),
  };
}

export async function orderLineTotal(tx: DbTransaction, orderLineId: number) {
  const [line] = await tx
    .select({ totalMinor: orderLines.totalMinor, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.id, orderLineId));
  return line!;
}

export type RefundRow = typeof voucherRefunds.$inferSelect;

export async function findRefundByKey(db: Db | DbTransaction, customerId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(voucherRefunds)
    .where(and(eq(voucherRefunds.customerId, customerId), eq(voucherRefunds.idempotencyKey, idempotencyKey)));
  return row;
}

export async function insertRefund(tx: DbTransaction, refund: typeof voucherRefunds.$inferInsert) {
  const [row] = await tx.insert(voucherRefunds).values(refund).returning();
  return row!;
}

/** Marks a refund to the original payment method done; true for the call that did it. */
export async function completeRefundRow(
  tx: DbTransaction,
  refundId: number,
  providerRefundId: string,
  now: Date,
) {
  const done = await tx
    .update(voucherRefunds)
    .set({ status: "completed", providerRefundId, completedAt: now })
    .where(and(eq(voucherRefunds.id, refundId), eq(voucherRefunds.status, "pending")))
    .returning({ id: voucherRefunds.id });
  return done.length === 1;
}

/** Refunds to the original payment method still waiting for the provider, made before `before`. */
export async function pendingRefundsBefore(db: Db, before: Date): Promise<RefundRow[]> {
  return db
    .select()
    .from(voucherRefunds)
    .where(and(eq(voucherRefunds.status, "pending"), lt(voucherRefunds.createdAt, before)))
    .orderBy(asc(voucherRefunds.id));
}

/** The captured payment of an order: what a refund to the original payment method goes through. */
export async function capturedPaymentOf(db: Db, orderId: number) {
  const [row] = await db
    .select({
      provider: payments.provider,
      transactionId: payments.transactionId,
      currency: payments.currency,
    })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "captured")));
  return row;
}

/** Development only (dev-routes.ts): a voucher's new expiry, by its code. */
export async function setVoucherExpiry(db: Db, code: string, expiresAt: Date) {
  const [moved] = await db
    .update(vouchers)
    .set({ expiresAt })
    .where(eq(vouchers.code, code))
    .returning({ code: vouchers.code });
  return moved;
}

/**
 * Claims the reminder `daysBefore` for vouchers still ready to redeem that now sit in its
 * window (expiring in more than `fromDays` and at most `daysBefore` days) and have not had it:
 * one row each in voucher_reminders, whose key makes a second claim, by a later run or another
 * process, claim nothing. Answers what each claimed reminder's email needs.
 */
export async function claimExpiryReminders(
  tx: DbTransaction,
  window: { daysBefore: number; fromDays: number },
  now: Date,
  limit: number,
) {
  const day = 86_400_000;
  const from = new Date(now.getTime() + window.fromDays * day);
  const to = new Date(now.getTime() + window.daysBefore * day);
  const claimed = await tx
    .insert(voucherReminders)
    .select(
      tx
        .select({
          voucherId: vouchers.id,
          daysBefore: sql<number>`${window.daysBefore}::int`.as("days_before"),
          sentAt: sql<Date>`${now}::timestamptz`.as("sent_at"),
        })
        .from(vouchers)
        .where(
          and(
            eq(vouchers.status, "Ready to Redeem"),
            gt(vouchers.expiresAt, from),
            lte(vouchers.expiresAt, to),
            isNotNull(vouchers.customerId),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(voucherReminders)
                .where(
                  and(
                    eq(voucherReminders.voucherId, vouchers.id),
                    eq(voucherReminders.daysBefore, window.daysBefore),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(vouchers.expiresAt))
        .limit(limit),
    )
    .onConflictDoNothing()
    .returning({ voucherId: voucherReminders.voucherId });
  if (claimed.length === 0) return [];
  return tx
    .select({
      code: vouchers.code,
      expiresAt: vouchers.expiresAt,
      headline: deals.headline,
      merchantName: merchants.displayName,
      customerId: users.id,
      email: users.email,
      firstName: users.firstName,
      brandId: users.brandId,
    })
    .from(vouchers)
    .innerJoin(users, eq(users.id, vouchers.customerId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(
      inArray(
        vouchers.id,
        claimed.map((c) => c.voucherId),
      ),
    );
}
