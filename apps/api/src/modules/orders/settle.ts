/**
 * The two ends of a pending order, shared by checkout and reconciliation: complete it (paid,
 * vouchers issued, basket emptied of what was bought, VIP granted, email queued) or fail it
 * (stock, deal totals, wallet credit and promo use given back). Each runs in one transaction that starts by
 * moving the order out of "pending" with a conditional update, which locks its row: an order
 * that is no longer pending is left alone, so a checkout and a reconciliation run can never
 * settle the same order twice.
 */
import { and, asc, type Db, type DbTransaction, eq, type SQL, sql } from "@deals/db";
import { users } from "@deals/db/schema/accounts";
import { baskets, orderLines, orders, payments, vouchers } from "@deals/db/schema/commerce";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { salesWindowStarts } from "../deals/service.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { saveInstrument } from "../payments/instruments.ts";
import type { AuthoriseResult } from "../payments/port.ts";
import { releasePromoUse } from "../promo/queries.ts";
import { newVoucherCode } from "../vouchers/codes.ts";
import { VOUCHER_STATUS_ON_ISSUE, voucherExpiry } from "../vouchers/service.ts";
import { moveWalletCredit } from "../wallet/queries.ts";
import { orderConfirmationEmail } from "./email.ts";
import {
  findOrder,
  linesOf,
  type OrderLineRow,
  type OrderRow,
  type VoucherRow,
  vouchersOfOrder,
} from "./queries.ts";
import { releaseStock } from "./stock.ts";

/** One year of VIP from the VVE addon (product.md §1 "Paid VIP membership (one year ...)"). */
const VIP_MEMBERSHIP_DAYS = 365;

export interface Capture {
  transactionId: string | null;
  cardType: string | null;
  /** A card or PayPal account to keep for next time, when the shopper asked. */
  vaulted?: Extract<AuthoriseResult, { status: "authorised" }>["vaulted"];
  vaultType?: "card" | "paypal";
}

export const stockRequestsOf = (lines: readonly OrderLineRow[]) =>
  lines.flatMap((l) =>
    l.productId !== null && l.dealId !== null
      ? [{ productId: l.productId, dealId: l.dealId, quantity: l.quantity }]
      : [],
  );

/** Issues one voucher per unit of every deal line, each with its own code. */
async function issueVouchers(tx: DbTransaction, order: OrderRow, lines: readonly OrderLineRow[], now: Date) {
  const rows = lines.flatMap((line) =>
    line.productId === null || line.dealId === null
      ? []
      : Array.from({ length: line.quantity }, () => ({
          code: newVoucherCode(),
          orderId: order.id,
          orderLineId: line.id,
          customerId: order.customerId,
          dealId: line.dealId!,
          productId: line.productId!,
          status: VOUCHER_STATUS_ON_ISSUE,
          expiresAt: voucherExpiry(now),
          createdAt: now,
        })),
  );
  return rows.length === 0 ? [] : tx.insert(vouchers).values(rows).returning();
}

/**
 * The basket keeps whatever was not bought (a line added in another tab stays). One statement:
 * the update filters the basket's current lines, whatever another tab did a moment ago.
 */
async function emptyBasketOf(tx: DbTransaction, order: OrderRow, lines: readonly OrderLineRow[], now: Date) {
  const bought = lines.map((l) => l.basketLineId);
  const kept = (column: SQL, key: string) =>
    bought.length === 0
      ? column
      : sql`coalesce((select jsonb_agg(item order by position) from jsonb_array_elements(${column})
          with ordinality as kept(item, position) where item->>${key} not in (${sql.join(
            bought.map((id) => sql`${id}`),
            sql`, `,
          )})), '[]'::jsonb)`;
  await tx
    .update(baskets)
    .set({
      lines: kept(sql`${baskets.lines}`, "id"),
      addons: kept(sql`${baskets.addons}`, "addonType"),
      promoCode: null,
      updatedAt: now,
    })
    .where(eq(baskets.token, order.basketToken));
}

async function grantVip(tx: DbTransaction, customerId: number, now: Date) {
  await tx
    .update(users)
    .set({
      vipUser: true,
      vipMembershipExpiresAt: sql`greatest(coalesce(${users.vipMembershipExpiresAt}, ${now}), ${now}) + ${`${VIP_MEMBERSHIP_DAYS} days`}::interval`,
    })
    .where(eq(users.id, customerId));
}

/** A settled order with its lines and vouchers: all a confirmation shows. */
export interface Settled {
  order: OrderRow;
  lines: OrderLineRow[];
  vouchers: VoucherRow[];
  /** The order bought VIP membership: cached sessions of the customer are stale. */
  grantedVip: boolean;
}

async function alreadySettled(tx: DbTransaction, orderId: number): Promise<Settled> {
  const order = await findOrder(tx, orderId);
  if (!order) throw new Error(`Order ${orderId} does not exist`);
  return {
    order,
    lines: await linesOf(tx, orderId),
    vouchers: await vouchersOfOrder(tx, orderId),
    grantedVip: false,
  };
}

/**
 * Marks a pending order paid and issues its vouchers. The conditional update is the lock: a
 * second completer (a reconciliation run) waits for the first and then finds nothing pending.
 */
export async function completeOrder(db: Db, orderId: number, capture: Capture, now: Date): Promise<Settled> {
  return db.transaction(async (tx) => {
    // The order and its payment move in one statement; the payment only if the order did.
    const paidOrder = tx.$with("paid_order").as(
      tx
        .update(orders)
        .set({ status: "paid", paidAt: now, ...(capture.cardType ? { cardType: capture.cardType } : {}) })
        .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
        .returning(),
    );
    const capturedPayment = tx
      .$with("captured_payment")
      .as(
        tx
          .update(payments)
          .set({ status: "captured", transactionId: capture.transactionId, updatedAt: now })
          .where(eq(payments.orderId, sql`(select id from paid_order)`))
          .returning({ id: payments.id }),
      );
    // ...and the same round trip reads the order's lines.
    const rows = await tx
      .with(paidOrder, capturedPayment)
      .select()
      .from(paidOrder)
      .innerJoin(orderLines, eq(orderLines.orderId, paidOrder.id))
      .orderBy(asc(orderLines.id));
    const paid = rows[0]?.paid_order;
    if (!paid) return alreadySettled(tx, orderId);
    const lines = rows.map((row) => row.order_lines);
    const issued = await issueVouchers(tx, paid, lines, now);
    await emptyBasketOf(tx, paid, lines, now);
    const grantedVip = lines.some((l) => l.accessory === "VVE");
    if (grantedVip) await grantVip(tx, paid.customerId, now);
    if (capture.vaulted && capture.vaultType) {
      await saveInstrument(tx, {
        customerId: paid.customerId,
        type: capture.vaultType,
        gateway: paid.provider ?? "BRAINTREE",
        token: capture.vaulted.token,
        cardType: capture.cardType,
        last4: capture.vaulted.last4,
        expiryMonth: capture.vaulted.expiryMonth,
        expiryYear: capture.vaulted.expiryYear,
        payerEmail: capture.vaultType === "paypal" ? paid.email : null,
        createdAt: now,
      });
    }
    const brand = BRANDS[paid.brandId as BrandId];
    await enqueueEmail(tx, { ...orderConfirmationEmail(brand, paid, lines, issued), createdAt: now });
    return { order: paid, lines, vouchers: issued, grantedVip };
  });
}

/**
 * Fails a pending order: its stock, wallet credit and promo use go back, the basket is left
 * as it was. The payment row records why (declined, voided).
 */
export async function failOrder(
  db: Db,
  orderId: number,
  failure: { message: string; paymentStatus: "declined" | "voided" },
  now: Date,
): Promise<Settled> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: "failed", failureMessage: failure.message })
      .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
      .returning();
    if (!order) return alreadySettled(tx, orderId);
    // The rows go back in the order the reservation took them (promo, wallet, stock), so a
    // failing order and a reserving one never wait for each other in a cycle.
    if (order.promoCode) await releasePromoUse(tx, order.promoCode, order.buyerKey);
    for (const [kind, amount] of [
      ["marketing", order.walletMarketingMinor],
      ["refundable", order.walletRefundableMinor],
    ] as const) {
      await moveWalletCredit(tx, {
        customerId: order.customerId,
        currency: order.currency,
        kind,
        amountMinor: amount,
        description: `Order ${order.id} not completed: credit returned`,
        orderId: order.id,
        now,
      });
    }
    const lines = await linesOf(tx, orderId);
    await releaseStock(tx, stockRequestsOf(lines), salesWindowStarts(order.createdAt), order.buyerKey);
    await tx
      .update(payments)
      .set({ status: failure.paymentStatus, message: failure.message, updatedAt: now })
      .where(eq(payments.orderId, orderId));
    return { order, lines, vouchers: [], grantedVip: false };
  });
}
