/**
 * The second-checkout upsell (product.md §2 "second-checkout benefits and deals upsell", routes
 * /order-addon and /order-addon/signin-page): after an order, deals that go with it, each added
 * and paid in one click with the stored card or PayPal account that paid the order (never
 * another one the customer keeps). The purchase is an order like any other (orders/service.ts
 * placeOrder): the same idempotency key answers the same order and charges once. When the
 * order's instrument cannot pay again (not kept, or a card expired since: domain order-addon.ts)
 * the deal goes into the basket once, however often it is clicked, and the shopper pays at
 * checkout.
 */
import { createHash } from "node:crypto";
import { asc, type Db, inArray } from "@deals/db";
import { dealProducts } from "@deals/db/schema/catalogue";
import type { Brand } from "@deals/domain/brand";
import { addonInstrumentProblem } from "@deals/domain/order-addon";
import { ApiError } from "../../errors.ts";
import type { Customer } from "../accounts/auth.ts";
import { addOnceToCustomerBasket, separateBasket } from "../basket/service.ts";
import { customerBuyerKey } from "../checkout/buyer.ts";
import { isProductBuyable, productMaxQuantity } from "../checkout/pricing.ts";
import { loadProductFacts } from "../checkout/products.ts";
import { salesWindowStarts } from "../deals/service.ts";
import { orderConfirmation, settledOrder } from "../orders/confirmation.ts";
import { findOrderByReference, linesOf, type OrderRow } from "../orders/queries.ts";
import { ORDER_MESSAGES, type OrderDeps, placeOrder } from "../orders/service.ts";
import { findInstrument, type InstrumentRow } from "../payments/instruments.ts";
import { recommend } from "../recommendations/service.ts";
import type { OrderAddonBody, OrderAddonOffers, OrderAddonResult } from "./schemas.ts";

/** How many deals the upsell offers. */
const OFFERED_DEALS = 4;

export interface OrderAddonContext {
  brand: Brand;
  customer: Customer;
}

const orderNotFound = () => new ApiError(404, "ORDER_NOT_FOUND", "There is no such order in your account.");

/** One of the customer's paid orders on this site; anyone else's answers as none. */
async function paidOrderOf(db: Db, ctx: OrderAddonContext, reference: string): Promise<OrderRow> {
  const order = await findOrderByReference(db, reference);
  if (
    !order ||
    order.customerId !== ctx.customer.id ||
    order.brandId !== ctx.brand.id ||
    order.status !== "paid"
  ) {
    throw orderNotFound();
  }
  return order;
}

/** The instrument one click pays with: the order's own, if it can pay again; else why not. */
async function orderInstrument(
  db: Db,
  order: OrderRow,
  now: Date,
): Promise<{ instrument: InstrumentRow; problem?: never } | { instrument?: never; problem: string }> {
  const instrument =
    order.paymentInstrumentId === null
      ? undefined
      : await findInstrument(db, order.customerId, order.paymentInstrumentId);
  const problem = addonInstrumentProblem(instrument, now);
  return problem || !instrument ? { problem: problem! } : { instrument };
}

/**
 * Deals near the order's (its first deal's subcategory, then popular near the brand's home),
 * not already in it, that one click can buy: a voucher with nothing to deliver or book, on sale,
 * with a product the customer may still buy.
 */
async function complementaryDeals(db: Db, ctx: OrderAddonContext, order: OrderRow, now: Date) {
  const lines = await linesOf(db, order.id);
  const bought = new Set(lines.flatMap((l) => (l.dealId === null ? [] : [l.dealId])));
  const first = lines.find((l) => l.dealId !== null);
  const lists = await Promise.all([
    first ? recommend(db, ctx.brand, { dealId: first.dealId!, limit: 12 }, now) : [],
    recommend(db, ctx.brand, { location: ctx.brand.defaultLocation, limit: 12 }, now),
  ]);
  const seen = new Set<number>();
  const candidates = lists
    .flat()
    .filter((d) => {
      const fresh = !seen.has(d.id) && !bought.has(d.id);
      seen.add(d.id);
      return fresh && d.dealType === "voucher" && d.minPostagePrice === 0 && !d.vipExclusive && !d.soldOut;
    })
    .slice(0, OFFERED_DEALS * 3);
  if (candidates.length === 0) return [];
  const productRows = await db
    .select({ id: dealProducts.id, dealId: dealProducts.dealId })
    .from(dealProducts)
    .where(
      inArray(
        dealProducts.dealId,
        candidates.map((d) => d.id),
      ),
    )
    .orderBy(asc(dealProducts.priceMinor), asc(dealProducts.sortOrder), asc(dealProducts.id));
  const facts = await loadProductFacts(
    db,
    productRows.map((p) => p.id),
    salesWindowStarts(now),
    customerBuyerKey(ctx.customer),
  );
  const offered = [];
  for (const deal of candidates) {
    const product = productRows
      .map((p) => facts.get(p.id))
      .find(
        (f) =>
          f !== undefined &&
          f.dealId === deal.id &&
          f.checkInDate === null &&
          f.deal.productDisplay !== "calendar" &&
          f.deal.deliveryType === "none" &&
          !f.deal.highFraudRisk &&
          !f.vipExclusive &&
          isProductBuyable(f, now, undefined) &&
          (productMaxQuantity(f) ?? 1) >= 1,
      );
    if (product) offered.push({ ...deal, productId: product.id });
    if (offered.length === OFFERED_DEALS) break;
  }
  return offered;
}

export async function orderAddonOffers(
  db: Db,
  ctx: OrderAddonContext,
  reference: string,
  now: Date,
): Promise<OrderAddonOffers> {
  const order = await paidOrderOf(db, ctx, reference);
  const { instrument, problem } = await orderInstrument(db, order, now);
  return {
    order: { reference: order.reference },
    instrument: instrument
      ? {
          id: instrument.id,
          type: instrument.type,
          cardType: instrument.cardType,
          last4: instrument.last4,
          payerEmail: instrument.payerEmail,
        }
      : null,
    instrumentUnavailable: problem ?? null,
    deals: await complementaryDeals(db, ctx, order, now),
  };
}

/** The add-on's own basket, named by the customer and the click's idempotency key. */
const addonBasketToken = (customerId: number, idempotencyKey: string) =>
  `addon${createHash("sha256").update(`${customerId}:${idempotencyKey}`).digest("base64url").slice(0, 32)}`;

/**
 * Adds a deal to the order in one click: paid with the order's stored instrument, delivered to
 * the order's address, as a new order under the click's idempotency key; or, when that
 * instrument cannot pay again, put in the basket once for checkout.
 */
export async function addToOrder(
  deps: OrderDeps,
  ctx: OrderAddonContext,
  body: OrderAddonBody,
  idempotencyKey: string | undefined,
): Promise<{ created: boolean; result: OrderAddonResult }> {
  if (!idempotencyKey || idempotencyKey.length < 8 || idempotencyKey.length > 100) {
    throw new ApiError(400, "IDEMPOTENCY_KEY_REQUIRED", ORDER_MESSAGES.idempotencyKey);
  }
  const order = await paidOrderOf(deps.db, ctx, body.order);
  const now = deps.clock();
  const basketCtx = { db: deps.db, now, brand: ctx.brand, customer: ctx.customer };
  const product = { dealId: body.dealId, productId: body.productId, quantity: 1 };
  const { instrument } = await orderInstrument(deps.db, order, now);
  if (!instrument) {
    const token = await addOnceToCustomerBasket(basketCtx, ctx.customer, product);
    return { created: true, result: { status: "checkout", basketToken: token } };
  }
  const token = await separateBasket(basketCtx, addonBasketToken(ctx.customer.id, idempotencyKey), {
    products: [product],
  });
  const placed = await placeOrder(
    deps,
    { brand: ctx.brand, customer: ctx.customer },
    token,
    {
      useWallet: false,
      ...(order.address ? { address: order.address } : {}),
      payment: {
        method: instrument.type === "paypal" ? "paypal" : "credit_card",
        instrumentType: "EXISTING",
        instrumentId: String(instrument.id),
        saveInstrument: false,
      },
    },
    idempotencyKey,
  );
  const paid = placed.created ? placed.settled.order : await settledOrder(deps.db, placed.orderId);
  if (paid.status === "failed") {
    throw new ApiError(402, "PAYMENT_FAILED", paid.failureMessage ?? "The payment failed.");
  }
  return {
    created: placed.created,
    result: { status: "paid", confirmation: await orderConfirmation(deps.db, paid) },
  };
}
