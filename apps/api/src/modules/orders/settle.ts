/**
 * The two ends of a pending order, shared by checkout and reconciliation: complete it (paid,
 * vouchers issued, basket emptied of what was bought, VIP granted, email queued) or fail it
 * (stock, deal totals, wallet credit and promo use given back). Each starts by moving the
 * order out of "pending" with a conditional update, which locks its row: an order that is no
 * longer pending is left alone, so a checkout and a reconciliation run can never settle the
 * same order twice.
 */
import {
  and,
  Bindings,
  boundRow,
  type Db,
  type DbTransaction,
  eq,
  runShaped,
  type SQL,
  sql,
} from "@deals/db";
import { outboxEmails } from "@deals/db/schema/accounts";
import { deals } from "@deals/db/schema/catalogue";
import { baskets, orders, payments, vouchers } from "@deals/db/schema/commerce";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { giftCardExpiry } from "@deals/domain/gift-card";
import type { VoucherStatus } from "@deals/domain/voucher";
import { salesWindowStarts } from "../deals/service.ts";
import { outboxRow } from "../email/outbox.ts";
import { applyExtensions, releaseExtensions } from "../extension/taking.ts";
import { issueGifts } from "../gifts/issue.ts";
import { saveInstrument } from "../payments/instruments.ts";
import type { AuthoriseResult } from "../payments/port.ts";
import { releasePromoUse } from "../promo/queries.ts";
import { holdsOfOrder, releaseHolds } from "../travel/queries.ts";
import { grantPaidYear } from "../vip/service.ts";
import { newVoucherCode } from "../vouchers/codes.ts";
import { VOUCHER_STATUS_ON_ISSUE, voucherExpiry } from "../vouchers/service.ts";
import { addWalletCredit } from "../wallet/queries.ts";
import { orderConfirmationEmail } from "./email.ts";
import type { PendingOrder } from "./new-order.ts";
import {
  findOrder,
  linesOf,
  type OrderLineRow,
  type OrderRow,
  type VoucherRow,
  vouchersOfOrder,
} from "./queries.ts";
import { releaseStock } from "./stock.ts";
import { orderRefusal } from "./taking.ts";

const BOOKED_VOUCHER_STATUS: VoucherStatus = "Booked";

export interface Capture {
  transactionId: string | null;
  cardType: string | null;
  /** A card or PayPal account to keep for next time, when the shopper asked. */
  vaulted?: Extract<AuthoriseResult, { status: "authorised" }>["vaulted"];
  vaultType?: "card" | "paypal";
}

/** The stock an order's lines took (a booked stay's rooms count too; its nights go back with its hold). */
export const stockRequestsOf = (lines: readonly OrderLineRow[]) =>
  lines.flatMap((l) =>
    l.productId !== null && l.dealId !== null
      ? [{ productId: l.productId, dealId: l.dealId, quantity: l.quantity }]
      : [],
  );

/** One voucher per unit of every deal line, each with its own code. */
function voucherRows(order: OrderRow, lines: readonly OrderLineRow[], now: Date) {
  return lines.flatMap((line) =>
    line.productId === null || line.dealId === null
      ? []
      : Array.from({ length: line.quantity }, () => ({
          code: newVoucherCode(),
          orderId: order.id,
          orderLineId: line.id,
          customerId: order.customerId,
          dealId: line.dealId!,
          productId: line.productId!,
          // A stay booked on the calendar is Booked at once (product.md §4 "Voucher statuses").
          status: line.checkInDate === null ? VOUCHER_STATUS_ON_ISSUE : BOOKED_VOUCHER_STATUS,
          expiresAt: voucherExpiry(now),
          createdAt: now,
        })),
  );
}

/**
 * The basket keeps whatever was not bought (a line added in another tab stays). One update
 * that filters the basket's current lines, whatever another tab did a moment ago. Its values
 * are bound now; the update is built when the statement is (runShaped).
 */
function emptyBasketOf(
  x: Db | DbTransaction,
  b: Bindings,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  now: Date,
) {
  const bought = lines.map((l, i) => sql`${b.bind(`bought_${i}`, l.basketLineId)}`);
  const cleared = boundRow(b, "basket_", baskets, { promoCode: null, updatedAt: now });
  const token = b.bind("basket_token", order.basketToken);
  const kept = (column: SQL, key: "id" | "addonType") =>
    bought.length === 0
      ? column
      : sql`coalesce((select jsonb_agg(item order by position) from jsonb_array_elements(${column})
          with ordinality as kept(item, position) where item->>${sql.raw(`'${key}'`)} not in (${sql.join(
            bought,
            sql`, `,
          )})), '[]'::jsonb)`;
  return () =>
    x
      .update(baskets)
      .set({
        lines: kept(sql`${baskets.lines}`, "id"),
        addons: kept(sql`${baskets.addons}`, "addonType"),
        ...cleared,
      })
      .where(eq(baskets.token, token));
}

/** A settled order with its lines and vouchers: all a confirmation shows. */
export interface Settled {
  order: OrderRow;
  lines: OrderLineRow[];
  vouchers: VoucherRow[];
  /** The order bought VIP membership: cached sessions of the customer are stale. */
  grantedVip: boolean;
}

async function alreadySettled(tx: Db | DbTransaction, orderId: number): Promise<Settled> {
  const order = await findOrder(tx, orderId);
  if (!order) throw new Error(`Order ${orderId} does not exist`);
  return {
    order,
    lines: await linesOf(tx, orderId),
    vouchers: await vouchersOfOrder(tx, orderId),
    grantedVip: false,
  };
}

/** What order_refused is told when the order to complete is no longer pending. */
const NOT_PENDING = "not pending";

/**
 * Marks a pending order paid and issues its vouchers, empties the basket of what was bought
 * and queues the confirmation email, in one statement: the order's conditional update is the
 * lock, and when the order is no longer pending (a reconciliation run completed or failed it)
 * the statement raises and nothing is written. VIP membership and a card kept for next time
 * are rare, and join it in a transaction.
 */
/** PostgreSQL's deadlock_detected: one of the two transactions was undone whole. */
function isDeadlock(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === "40P01") return true;
  return false;
}
const COMPLETE_TRIES = 3;

export async function completeOrder(
  db: Db,
  pending: PendingOrder,
  capture: Capture,
  now: Date,
  tries = COMPLETE_TRIES,
): Promise<Settled> {
  const { order, lines } = pending;
  const issuing = voucherRows(order, lines, now);
  const paidAs = {
    ...order,
    status: "paid" as const,
    paidAt: now,
    cardType: capture.cardType ?? order.cardType,
  };
  const email = orderConfirmationEmail(BRANDS[order.brandId as BrandId], paidAs, lines, issuing);
  const grantedVip = lines.some((l) => l.accessory === "VVE");
  const gifting = lines.some((l) => l.giftType === "e-gift");
  const extending = lines.flatMap((l) => (l.extendsVoucherId === null ? [] : [l.extendsVoucherId]));
  const vaulted =
    capture.vaulted && capture.vaultType ? { ...capture.vaulted, type: capture.vaultType } : null;

  const complete = async (x: Db | DbTransaction): Promise<Omit<Settled, "lines" | "grantedVip">> => {
    const b = new Bindings();
    const paid = boundRow(b, "paid_", orders, {
      status: "paid" as const,
      paidAt: now,
      ...(capture.cardType ? { cardType: capture.cardType } : {}),
    });
    const orderId = b.bind("order_id", order.id);
    const captured = boundRow(b, "payment_", payments, {
      status: "captured",
      transactionId: capture.transactionId,
      updatedAt: now,
    });
    const keptBasket = emptyBasketOf(x, b, order, lines, now);
    const confirmation = boundRow(b, "email_", outboxEmails, outboxRow({ ...email, createdAt: now }));
    const issued = issuing.map((voucher, i) => {
      const row = boundRow(b, `voucher_${i}_`, vouchers, voucher);
      // A gift card is valid for 12 months, as its terms say, not the deals' 3 (domain gift-card.ts).
      const giftCardUntil = b.bind(`voucher_${i}_gift_card_until`, giftCardExpiry(now).toISOString());
      const deal = b.bind(`voucher_${i}_gift_card_deal`, voucher.dealId);
      return {
        ...row,
        expiresAt: sql`coalesce((select ${giftCardUntil}::timestamptz from ${deals} where ${deals.id} = ${deal}::int and ${deals.giftCard}), ${row.expiresAt})`,
      };
    });
    const parts = () => {
      const paidOrder = x.$with("paid_order").as(
        x
          .update(orders)
          .set(paid)
          .where(and(eq(orders.id, orderId), sql`${orders.status} = 'pending'`))
          .returning(),
      );
      return {
        paidOrder,
        ctes: [
          paidOrder,
          x
            .$with("captured_payment")
            .as(
              x.update(payments).set(captured).where(eq(payments.orderId, sql`(select id from paid_order)`)),
            ),
          x.$with("kept_basket").as(keptBasket()),
          x.$with("confirmation").as(x.insert(outboxEmails).values(confirmation)),
        ],
      };
    };
    const guard = sql`coalesce((select order_refused(${sql.raw(`'${NOT_PENDING}'`)}) where not exists (select 1 from paid_order)), true)`;
    if (issued.length === 0) {
      const [paidRow] = await runShaped(x, "complete_order_without_vouchers", b, () => {
        const { paidOrder, ctes } = parts();
        return x
          .with(...ctes)
          .select()
          .from(paidOrder)
          .where(guard);
      });
      return { order: paidRow!, vouchers: [] };
    }
    const rows = await runShaped(x, "complete_order", b, () => {
      const { paidOrder, ctes } = parts();
      const newVouchers = x.$with("issued").as(x.insert(vouchers).values(issued).returning());
      return x
        .with(...ctes, newVouchers)
        .select()
        .from(paidOrder)
        .innerJoin(newVouchers, sql`true`)
        .where(guard);
    });
    return {
      order: rows[0]!.paid_order,
      vouchers: rows.map((row) => row.issued).sort((a, b) => a.id - b.id),
    };
  };
  try {
    const settled =
      grantedVip || vaulted || extending.length > 0 || gifting
        ? await db.transaction(async (tx) => {
            const settled = await complete(tx);
            // E-gifts and their emails to the recipients, committed with the order (gifts/issue.ts).
            if (gifting) await issueGifts(tx, { ...settled, lines }, now);
            if (grantedVip) await grantPaidYear(tx, order.customerId, order.brandId, now);
            if (extending.length > 0) await applyExtensions(tx, order, extending, now);
            if (vaulted) {
              const instrumentId = await saveInstrument(tx, {
                customerId: order.customerId,
                type: vaulted.type,
                gateway: order.provider ?? "BRAINTREE",
                token: vaulted.token,
                cardType: capture.cardType,
                last4: vaulted.last4,
                expiryMonth: vaulted.expiryMonth,
                expiryYear: vaulted.expiryYear,
                payerEmail: vaulted.type === "paypal" ? order.email : null,
                createdAt: now,
              });
              await tx
                .update(orders)
                .set({ paymentInstrumentId: instrumentId })
                .where(eq(orders.id, order.id));
            }
            return settled;
          })
        : await complete(db);
    return { ...settled, lines, grantedVip };
  } catch (error) {
    // Two checkouts of one customer at once can deadlock on the rows both lock (found by the
    // soak, docs/reliability.md): the completion was undone whole, so it is run again.
    if (isDeadlock(error) && tries > 1) return completeOrder(db, pending, capture, now, tries - 1);
    if (orderRefusal(error) !== NOT_PENDING) throw error;
    return alreadySettled(db, order.id);
  }
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
      await addWalletCredit(tx, {
        customerId: order.customerId,
        currency: order.currency,
        kind,
        source: "order-returned",
        amountMinor: amount,
        description: `Order ${order.id} not completed: credit returned`,
        orderId: order.id,
        now,
      });
    }
    const lines = await linesOf(tx, orderId);
    if (lines.some((l) => l.extendsVoucherId !== null)) await releaseExtensions(tx, orderId);
    if (lines.some((l) => l.checkInDate !== null)) await releaseHolds(tx, holdsOfOrder(orderId), now);
    await releaseStock(tx, stockRequestsOf(lines), salesWindowStarts(order.createdAt), order.buyerKey);
    await tx
      .update(payments)
      .set({ status: failure.paymentStatus, message: failure.message, updatedAt: now })
      .where(eq(payments.orderId, orderId));
    return { order, lines, vouchers: [], grantedVip: false };
  });
}
