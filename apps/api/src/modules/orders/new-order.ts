/**
 * A new order's rows (the order, its lines, its payment) written by one statement, so the
 * reservation transaction spends one round trip on them rather than three: data-modifying
 * CTEs run together, and the lines and the payment read the order's id from the first.
 *
 * The unique (buyer, idempotency key) index guards repeats: a concurrent twin's insert waits
 * for the first transaction and then fails with a unique violation (isDuplicateOrder), after
 * which the first order is the answer.
 */
import { type DbTransaction, type SQL, sql } from "@deals/db";
import { orderLines, orders, payments } from "@deals/db/schema/commerce";
import type { Brand } from "@deals/domain/brand";
import type { PaymentMethod, PaymentProvider } from "@deals/domain/payment";
import type { CheckoutState } from "../checkout/state.ts";
import { paymentReferenceSql } from "./queries.ts";
import type { PlaceOrderBody } from "./schemas.ts";

export interface NewOrder {
  brand: Brand;
  buyer: { key: string; email: string; customerId: number };
  idempotencyKey: string;
  state: CheckoutState;
  body: PlaceOrderBody;
  payment: { method: PaymentMethod; instrumentType: "NEW" | "EXISTING"; provider: PaymentProvider } | null;
  now: Date;
}

/** The unique index of (buyer, idempotency key), named in the schema. */
const IDEMPOTENCY_INDEX = "orders_buyer_idempotency";

function orderRow(input: NewOrder) {
  const { brand, buyer, state, body, payment, now } = input;
  const { priced } = state;
  const summary = priced.summary;
  return {
    brandId: brand.id,
    customerId: buyer.customerId,
    buyerKey: buyer.key,
    email: buyer.email,
    idempotencyKey: input.idempotencyKey,
    basketToken: state.basket.token,
    status: "pending" as const,
    currency: brand.currency,
    itemsMinor: summary.items,
    adminFeesMinor: summary.adminFees,
    postageMinor: summary.postage,
    giftPacksMinor: summary.giftPacks,
    giftWrapMinor: summary.giftWrap,
    vipMembershipMinor: summary.vipMembership,
    voucherProtectionMinor: summary.voucherProtection,
    discountMinor: summary.discount,
    walletMarketingMinor: priced.wallet?.marketingMinor ?? 0,
    walletRefundableMinor: priced.wallet?.refundableMinor ?? 0,
    totalMinor: summary.totalOrderAmount,
    promoCode: priced.promo?.ok ? priced.promo.code.trim().toUpperCase() : null,
    paymentMethod: payment?.method ?? null,
    instrumentType: payment?.instrumentType ?? null,
    provider: payment?.provider ?? null,
    address: body.address?.postCode ? { ...body.address, postCode: body.address.postCode } : null,
    passengers: body.passengers?.length ? (body.passengers as never) : null,
    createdAt: now,
  };
}

function lineRows(input: NewOrder, orderId: SQL) {
  const { priced } = input.state;
  const currency = input.brand.currency;
  return [
    ...priced.items.map((item) => ({
      orderId,
      basketLineId: item.line.id,
      dealId: item.line.dealId,
      productId: item.product.id,
      title: item.product.title,
      quantity: item.line.quantity,
      unitPriceMinor: item.unitPriceMinor,
      adminFeeMinor: item.adminFeeMinor,
      postageMinor: item.postageMinor,
      balanceToMerchantMinor: item.balanceToMerchantMinor,
      payDeposit: item.line.payDeposit === true && item.product.depositPriceMinor !== null,
      discountMinor: item.discountMinor,
      walletMarketingMinor: item.walletMarketingMinor,
      totalMinor: item.subtotalMinor - item.discountMinor,
      giftType: item.line.gifting?.type ?? "none",
      recipientEmail: item.line.recipientEmail ?? null,
      giftMessage: item.line.giftMessage ?? null,
    })),
    ...priced.accessories.map((a) => ({
      orderId,
      basketLineId: a.line.id,
      accessory: a.accessory.kind,
      title: a.accessory.name,
      quantity: a.line.quantity,
      unitPriceMinor: a.unitPriceMinor,
      adminFeeMinor: 0,
      postageMinor: 0,
      totalMinor: a.totalMinor,
    })),
    ...priced.addons.map((a) => ({
      orderId,
      basketLineId: a.addon.addonType,
      accessory: a.addon.addonType,
      title: a.addon.name,
      quantity: a.quantity,
      unitPriceMinor: a.addon.priceMinor[currency],
      adminFeeMinor: 0,
      postageMinor: 0,
      totalMinor: a.totalMinor,
    })),
  ];
}

/** Inserts the pending order with its lines and payment row; answers the order's id. */
export async function insertOrder(tx: DbTransaction, input: NewOrder): Promise<number> {
  const orderId = sql`(select id from new_order)`;
  const parts = [
    sql`new_order as (${tx.insert(orders).values(orderRow(input)).returning({ id: orders.id }).getSQL()})`,
  ];
  const lines = lineRows(input, orderId);
  if (lines.length > 0) parts.push(sql`new_lines as (${tx.insert(orderLines).values(lines).getSQL()})`);
  if (input.payment) {
    const payment = tx.insert(payments).values({
      orderId,
      provider: input.payment.provider,
      method: input.payment.method,
      reference: paymentReferenceSql(orderId),
      status: "pending",
      amountMinor: input.state.priced.summary.totalOrderAmount,
      currency: input.brand.currency,
      createdAt: input.now,
      updatedAt: input.now,
    });
    parts.push(sql`new_payment as (${payment.getSQL()})`);
  }
  const result = await tx.execute(sql`with ${sql.join(parts, sql`, `)} select id from new_order`);
  return Number((result.rows[0] as { id: number }).id);
}

/** The insert met an order already placed under the same buyer and idempotency key. */
export function isDuplicateOrder(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505" && e.constraint === IDEMPOTENCY_INDEX) return true;
    e = e.cause as typeof e;
  }
  return false;
}
