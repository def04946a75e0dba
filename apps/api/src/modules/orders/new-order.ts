/**
 * A new order: its rows (the order, its lines, its payment) and what it takes (promo use,
 * wallet credit, stock) written by one statement. Data-modifying CTEs run together, and the
 * later parts read the order's id from the first. One statement with no transaction around
 * it means the busy rows it locks are held only while PostgreSQL runs and commits it, which
 * is what lets a flash sale sell hundreds of orders a second (docs/scaling.md).
 *
 * The unique (buyer, idempotency key) index guards repeats: a concurrent twin's insert waits
 * for the first statement and then fails with a unique violation (isDuplicateOrder), after
 * which the first order is the answer.
 */
import { Bindings, boundRow, type Db, runShaped, type SQL, sql, type WithSubquery } from "@deals/db";
import { orderLines, orders, payments } from "@deals/db/schema/commerce";
import type { Brand } from "@deals/domain/brand";
import type { PaymentMethod, PaymentProvider } from "@deals/domain/payment";
import type { CheckoutState } from "../checkout/state.ts";
import { salesWindowStarts } from "../deals/service.ts";
import { extensionTaking } from "../extension/taking.ts";
import { normalisePromoCode, promoUseTaking } from "../promo/queries.ts";
import { stayTaking } from "../travel/queries.ts";
import { walletDebitTaking } from "../wallet/queries.ts";
import { type OrderLineRow, type OrderRow, paymentReferenceSql } from "./queries.ts";
import type { PlaceOrderBody } from "./schemas.ts";
import { stockTaking } from "./stock.ts";
import type { Taking } from "./taking.ts";

export interface NewOrder {
  brand: Brand;
  buyer: { key: string; email: string; customerId: number };
  idempotencyKey: string;
  state: CheckoutState;
  body: PlaceOrderBody;
  payment: {
    method: PaymentMethod;
    instrumentType: "NEW" | "EXISTING";
    provider: PaymentProvider;
    /** The stored instrument paying, for EXISTING. */
    instrumentId?: number;
  } | null;
  now: Date;
  /** The request placing it, written on the order and its payment for the logs' sake. */
  requestId: string | null;
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
    extensionMinor: summary.extension,
    discountMinor: summary.discount,
    walletMarketingMinor: priced.wallet?.marketingMinor ?? 0,
    walletRefundableMinor: priced.wallet?.refundableMinor ?? 0,
    totalMinor: summary.totalOrderAmount,
    promoCode: priced.promo?.ok ? priced.promo.code.trim().toUpperCase() : null,
    paymentMethod: payment?.method ?? null,
    instrumentType: payment?.instrumentType ?? null,
    paymentInstrumentId: payment?.instrumentId ?? null,
    provider: payment?.provider ?? null,
    address: body.address?.postCode ? { ...body.address, postCode: body.address.postCode } : null,
    passengers: body.passengers?.length ? (body.passengers as never) : null,
    requestId: input.requestId,
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
      checkInDate: item.line.checkInDate,
      checkOutDate: item.line.checkOutDate,
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
      extendsVoucherId: a.voucherId,
    })),
  ];
}

/** A pending order as its statement wrote it: stock, credit and promo use are taken. */
export interface PendingOrder {
  order: OrderRow;
  lines: OrderLineRow[];
}

/**
 * Writes the pending order, its lines and its payment row, and takes its promo use, wallet
 * credit and stock, all in one statement run on its own (no explicit transaction). A part
 * that refuses raises (orderRefusal names it) and the whole statement is undone.
 */
export async function placePendingOrder(db: Db, input: NewOrder): Promise<PendingOrder> {
  const { brand, buyer, state, now } = input;
  const { priced } = state;
  const b = new Bindings();
  const orderId = sql`(select id from new_order)`;
  const lines = lineRows(input, orderId);
  if (lines.length === 0) throw new Error("An order needs at least one line");
  const orderValues = boundRow(b, "order_", orders, orderRow(input));
  const lineValues = lines.map((line, i) => boundRow(b, `line_${i}_`, orderLines, line));
  const paymentValues =
    input.payment &&
    boundRow(b, "payment_", payments, {
      orderId,
      provider: input.payment.provider,
      method: input.payment.method,
      reference: paymentReferenceSql(orderId),
      status: "pending",
      amountMinor: priced.summary.totalOrderAmount,
      currency: brand.currency,
      requestId: input.requestId,
      createdAt: now,
      updatedAt: now,
    });
  // Each taking runs only once the order row exists and every taking before it succeeded:
  // that fixes the order in which statements lock rows (a twin with the same key waits at the
  // order's unique index before it locks anything else), and stock, the busiest, comes last.
  const takings: Taking[] = [];
  let when = sql`exists (select 1 from new_order)`;
  const take = (taking: Taking) => {
    takings.push(taking);
    when = sql`${when} and (${taking.refusal}) is null`;
  };
  if (priced.promo?.ok) take(promoUseTaking(b.bind, normalisePromoCode(priced.promo.code), buyer.key, when));
  if (priced.wallet) {
    take(
      walletDebitTaking(b.bind, {
        customerId: buyer.customerId,
        currency: brand.currency,
        marketingMinor: priced.wallet.marketingMinor,
        refundableMinor: priced.wallet.refundableMinor,
        orderId,
        now,
        when,
      }),
    );
  }
  const extending = priced.addons.flatMap((a) => (a.voucherId === undefined ? [] : [a.voucherId]));
  if (extending.length > 0) take(extensionTaking(b.bind, extending, buyer.customerId, orderId, when));
  // A held stay is booked by its hold (its rooms were taken then) and counts as bought.
  const stays = priced.items.filter((i) => i.stay);
  if (stays.length > 0) {
    take(
      stayTaking(
        b.bind,
        state.basket.token,
        stays.map((i) => i.line.id),
        now,
        when,
      ),
    );
  }
  take(
    stockTaking(
      b.bind,
      priced.items.map((i) => ({
        productId: i.product.id,
        dealId: i.line.dealId,
        quantity: i.line.quantity,
        stay: i.stay !== null,
      })),
      salesWindowStarts(now),
      buyer.key,
      when,
    ),
  );
  const rows = await runShaped(db, "place_order", b, () => {
    const newOrder = db.$with("new_order").as(db.insert(orders).values(orderValues).returning());
    const newLines = db.$with("new_lines").as(db.insert(orderLines).values(lineValues).returning());
    const ctes: WithSubquery[] = [newOrder, newLines];
    if (paymentValues) ctes.push(db.$with("new_payment").as(db.insert(payments).values(paymentValues)));
    for (const part of takings.flatMap((t) => t.parts)) ctes.push(db.$with(part.name, {}).as(part.body));
    const refusal = sql`coalesce(${sql.join(
      takings.map((t) => t.refusal),
      sql`, `,
    )})`;
    return db
      .with(...ctes)
      .select()
      .from(newOrder)
      .innerJoin(newLines, sql`true`)
      .where(
        sql`coalesce((select order_refused(reason) from (select ${refusal} as reason) r where reason is not null), true)`,
      );
  });
  return {
    order: rows[0]!.new_order,
    lines: rows.map((row) => row.new_lines).sort((a, b) => a.id - b.id),
  };
}

/** The insert met an order already placed under the same buyer and idempotency key. */
export function isDuplicateOrder(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505" && e.constraint === IDEMPOTENCY_INDEX) return true;
    e = e.cause as typeof e;
  }
  return false;
}
