/**
 * Placing an order: POST /v1/checkout/{basketToken} with an idempotency-key header.
 *
 * The sequence, chosen so that no failure can lose money or stock:
 *  1. Check everything that needs no lock: the basket (re-priced by the server, lines that can
 *     no longer be bought removed with their message), the promo code, the address, the
 *     passengers, the payment method against the cart guards, the card against the card rules.
 *  2. Reserve, in one statement (new-order.ts): insert the order as pending under the unique
 *     (buyer, idempotency key) (a concurrent duplicate waits on that insert and then gets the
 *     first order back), its lines and payment row, take the promo use and the wallet debit,
 *     and last the stock and the deal totals, by one conditional update per counter in a
 *     fixed lock order. Any refusal undoes the whole statement: nothing was charged, nothing
 *     is held.
 *  3. Authorise and capture with the provider under the order's own reference, in one call
 *     where the provider can (a sale; a repeat returns the first answer), else authorise then
 *     capture. A decline or a failed capture fails the order: the authorisation
 *     is voided, the stock, deal totals, credit and promo use go back, the basket stays as it
 *     was.
 *  4. Complete, in one statement: the order paid, one voucher per unit, the basket emptied of
 *     what was bought, the confirmation email in the outbox.
 * A crash after 2 leaves a pending order. The shopper's retry with the same key settles it at
 * once (settleRepeat); otherwise reconciliation (payments/reconcile.ts), after its grace, asks
 * the provider what happened to its reference and completes it, captures and completes it,
 * or fails it, and refunds or voids any provider transaction whose order did not complete.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "@deals/db";
import { maySavePaymentMethod } from "@deals/domain/activation";
import type { Brand } from "@deals/domain/brand";
import { CARD_MESSAGES, checkPaymentChoice, validateCard } from "@deals/domain/payment";
import { PROMO_MESSAGES } from "@deals/domain/promo";
import { MAX_QUANTITY_REACHED_MESSAGE } from "@deals/domain/quantity";
import { GUESTS_PER_ROOM, STAY_MESSAGES, stayPassengersMessage } from "@deals/domain/travel-stay";
import {
  validateEmail,
  validatePassenger,
  validatePassengerCount,
  validatePostcode,
} from "@deals/domain/validation";
import { EXTENSION_MESSAGES } from "@deals/domain/voucher-extension";
import { ApiError } from "../../errors.ts";
import { type Customer, loginRequired } from "../accounts/auth.ts";
import { expressBuyTokenUsedSince, redeemExpressBuyToken } from "../accounts/service.ts";
import { removeLines } from "../basket/service.ts";
import { customerBuyerKey } from "../checkout/buyer.ts";
import type { PricedBasket, RemovedLine } from "../checkout/pricing.ts";
import { checkoutBasket, paymentProblems } from "../checkout/service.ts";
import { type CheckoutState, loadCheckoutState, paymentContext } from "../checkout/state.ts";
import { salesWindowStarts } from "../deals/service.ts";
import { EXTENSION_REFUSAL } from "../extension/taking.ts";
import { findInstrument } from "../payments/instruments.ts";
import type { PaymentProviders, PaymentSource } from "../payments/port.ts";
import { RECONCILE_GRACE_MS, settleFromProvider } from "../payments/reconcile.ts";
import { loadPromo } from "../promo/queries.ts";
import { isDuplicateOrder, type NewOrder, type PendingOrder, placePendingOrder } from "./new-order.ts";
import {
  findGuestOrder,
  findOrder,
  findOrderByKey,
  linesOf,
  type OrderRow,
  paymentReference,
} from "./queries.ts";
import type { PaymentInput, PlaceOrderBody } from "./schemas.ts";
import { type Capture, completeOrder, failOrder, type Settled } from "./settle.ts";
import { stockRefusalMessage } from "./stock.ts";
import { orderRefusal } from "./taking.ts";

export interface OrderDeps {
  db: Db;
  clock: () => Date;
  providers: PaymentProviders;
}

export interface OrderContext {
  brand: Brand;
  customer: Customer | null;
  /** The request's id (x-request-id), kept on the order and payment rows. */
  requestId?: string;
}

export const ORDER_MESSAGES = {
  idempotencyKey: "The idempotency-key header is required: 8 to 100 characters.",
  emptyBasket: "Your basket is empty.",
  paymentRequired: "Choose how to pay.",
  expressToken: "This express checkout has expired. Please start it again.",
  totalChanged: "The total of your basket has changed. Please review your order.",
  walletChanged: "Your wallet balance has changed. Please review your order.",
  fullAddress: "Enter your full address: first line, town and postcode.",
  passengers: "Enter the details of every passenger, as on their passports.",
  instrument: "This stored payment method is not available.",
  paymentDetails: "Enter the payment details for this method.",
  successful: "Payment successful",
  makingPayment: "Making payment",
} as const;

/** The basket changed under the shopper: these lines were removed and nothing was charged. */
export class BasketChangedError extends ApiError {
  readonly removed: RemovedLine[];

  constructor(removed: RemovedLine[]) {
    const first = removed[0]!;
    super(
      409,
      first.message === MAX_QUANTITY_REACHED_MESSAGE ? "MAX_QUANTITY_REACHED" : "ITEM_UNAVAILABLE",
      first.message,
    );
    this.removed = removed;
  }
}

const refuse = (status: number, code: string, message: string) => new ApiError(status, code, message);

// ---- step 1: checks that need no lock ----

interface Buyer {
  key: string;
  email: string;
  customerId: number;
}

/**
 * A guest's twin request (the same basket and key) may have used the express-buy token a moment
 * ago: wait this long for its order. A token never issued, expired or used earlier fails at once.
 */
const GUEST_TWIN_WAIT_MS = 3_000;

/**
 * The signed-in customer, or a guest at an express checkout identified by the express-buy
 * token the accounts module issued for their email (product.md §6: a guest buyer activates
 * the account later). Anyone else must sign in.
 */
async function buyerOf(
  deps: OrderDeps,
  ctx: OrderContext,
  body: PlaceOrderBody,
  basketToken: string | undefined,
  idempotencyKey: string,
): Promise<Buyer | { repeat: OrderRow }> {
  if (ctx.customer) {
    return { key: customerBuyerKey(ctx.customer), email: ctx.customer.email, customerId: ctx.customer.id };
  }
  if (!body.expressBuyToken) throw loginRequired();
  const guestOrder = () => findGuestOrder(deps.db, basketToken ?? "", idempotencyKey);
  const repeat = await guestOrder();
  if (repeat) return { repeat };
  const guest = await redeemExpressBuyToken(deps.db, body.expressBuyToken, deps.clock());
  if (guest) return { key: customerBuyerKey(guest), email: guest.email, customerId: guest.id };
  const justUsed = new Date(deps.clock().getTime() - GUEST_TWIN_WAIT_MS);
  if (!(await expressBuyTokenUsedSince(deps.db, body.expressBuyToken, justUsed))) throw expressTokenInvalid();
  const deadline = Date.now() + GUEST_TWIN_WAIT_MS;
  while (Date.now() < deadline) {
    const twin = await guestOrder();
    if (twin) return { repeat: twin };
    await sleep(50);
  }
  throw expressTokenInvalid();
}

const expressTokenInvalid = () => new ApiError(401, "EXPRESS_TOKEN_INVALID", ORDER_MESSAGES.expressToken);

function checkAddress(priced: PricedBasket, body: PlaceOrderBody, brand: Brand) {
  const address = body.address;
  const postcodeProblem = validatePostcode(address?.postCode, brand.countryCode);
  if (postcodeProblem) throw refuse(400, "ADDRESS_INVALID", postcodeProblem);
  const delivered = priced.items.some((i) => i.line.deliveryOptionType === "delivery");
  if (delivered && (!address?.addressLine1?.trim() || !address.town?.trim())) {
    throw refuse(400, "ADDRESS_INVALID", ORDER_MESSAGES.fullAddress);
  }
}

function checkPassengers(priced: PricedBasket, body: PlaceOrderBody, now: Date) {
  if (!priced.items.some((i) => i.product.deal.dealType === "travel")) return;
  const passengers = body.passengers ?? [];
  const countProblem = validatePassengerCount(passengers.length);
  if (countProblem) throw refuse(400, "PASSENGERS_INVALID", countProblem);
  // A held stay names its guests: one passenger each, in rooms of 2.
  const guests = priced.items.reduce((sum, i) => sum + (i.stay ? i.line.quantity * GUESTS_PER_ROOM : 0), 0);
  if (guests > 0 && passengers.length !== guests) {
    throw refuse(400, "PASSENGERS_INVALID", stayPassengersMessage(guests));
  }
  for (const passenger of passengers) {
    const errors = validatePassenger(passenger as Parameters<typeof validatePassenger>[0], now);
    const first = Object.values(errors)[0];
    if (first) throw refuse(400, "PASSENGERS_INVALID", `${ORDER_MESSAGES.passengers} ${first}`);
  }
}

interface ChosenPayment {
  method: PaymentInput["method"];
  instrumentType: PaymentInput["instrumentType"];
  provider: keyof PaymentProviders;
  source: PaymentSource;
  vaultType?: "card" | "paypal";
  instrumentId?: number;
}

async function choosePayment(
  deps: OrderDeps,
  ctx: OrderContext,
  state: CheckoutState,
  payment: PaymentInput | undefined,
  basketToken: string,
): Promise<ChosenPayment | null> {
  if (state.priced.summary.totalOrderAmount === 0) return null; // wallet credit covers it all
  if (!payment) throw refuse(400, "PAYMENT_REQUIRED", ORDER_MESSAGES.paymentRequired);
  const choice = checkPaymentChoice(paymentContext(state, ctx.brand, ctx.customer !== null), {
    method: payment.method,
    instrumentType: payment.instrumentType,
    ...(payment.instrumentId === undefined ? {} : { instrumentId: payment.instrumentId }),
  });
  if (!choice.ok) throw refuse(422, "PAYMENT_METHOD_UNAVAILABLE", choice.reason);
  const base = {
    method: payment.method,
    instrumentType: payment.instrumentType,
    provider: choice.option.provider,
  };
  const details = () => refuse(400, "PAYMENT_DETAILS_REQUIRED", ORDER_MESSAGES.paymentDetails);

  if (payment.instrumentType === "EXISTING") {
    const instrument = await findInstrument(deps.db, ctx.customer!.id, Number(payment.instrumentId));
    if (!instrument) throw refuse(422, "PAYMENT_METHOD_UNAVAILABLE", ORDER_MESSAGES.instrument);
    return { ...base, source: { kind: "vaulted", token: instrument.token }, instrumentId: instrument.id };
  }
  switch (payment.method) {
    case "credit_card": {
      const check = validateCard(
        {
          number: payment.card?.number,
          expiry: payment.card?.expiry,
          securityCode: payment.card?.securityCode,
        },
        deps.clock(),
      );
      const problem = check.errors.number ?? check.errors.expiry ?? check.errors.securityCode;
      if (problem) throw refuse(400, cardErrorCode(problem), problem);
      return {
        ...base,
        source: {
          kind: "card",
          number: payment.card!.number!,
          expiry: payment.card!.expiry!,
          securityCode: payment.card!.securityCode!,
          vault: payment.saveInstrument && ctx.customer !== null && maySavePaymentMethod(ctx.customer),
        },
        vaultType: "card",
      };
    }
    case "paypal": {
      if (!payment.paypal || validateEmail(payment.paypal.payerEmail)) throw details();
      return {
        ...base,
        source: {
          kind: "paypal",
          payerEmail: payment.paypal.payerEmail,
          credit: payment.paypal.credit,
          vault: payment.saveInstrument && ctx.customer !== null && maySavePaymentMethod(ctx.customer),
        },
        vaultType: "paypal",
      };
    }
    case "google_pay":
    case "apple_pay":
      if (!payment.walletToken) throw details();
      return { ...base, source: { kind: "device-wallet", token: payment.walletToken } };
    case "klarna":
    case "clearpay":
      if (!payment.sessionId) throw details();
      return { ...base, source: { kind: "session", sessionId: payment.sessionId, basketToken } };
  }
}

/** One code per card rule, so a client can point at the field. */
function cardErrorCode(message: string): string {
  if (message === CARD_MESSAGES.expired) return "CARD_EXPIRED";
  if (message === CARD_MESSAGES.brandRefused) return "CARD_BRAND_REFUSED";
  if (message === CARD_MESSAGES.securityCodeRequired || message === CARD_MESSAGES.securityCodeInvalid) {
    return "CARD_SECURITY_CODE";
  }
  if (message === CARD_MESSAGES.expiryInvalid) return "CARD_EXPIRY_INVALID";
  return "CARD_NUMBER_INVALID";
}

/** Takes lines that can no longer be bought out of the basket (packs and wrap follow). */
// ---- step 2: reserve ----

class ReserveRefused extends Error {
  constructor(readonly failure: ApiError) {
    super(failure.message);
  }
}

type Reservation =
  | ({ created: true } & PendingOrder)
  /** The idempotency key was already used: this is that order. */
  | { created: false; orderId: number };

/** What the shopper is told when a part of the order statement refused (orders/taking.ts). */
async function refusalFailure(deps: OrderDeps, input: NewOrder, reason: string): Promise<ApiError> {
  const { brand, buyer, state, now } = input;
  const { priced } = state;
  if (reason === "wallet") return refuse(409, "WALLET_CHANGED", ORDER_MESSAGES.walletChanged);
  if (reason === "promo" && priced.promo?.ok) {
    const terms = await loadPromo(deps.db, priced.promo.code, brand.id, buyer.key);
    const message =
      terms.promo?.maxUses !== undefined && terms.usage.totalUses >= terms.promo.maxUses
        ? PROMO_MESSAGES.expired
        : PROMO_MESSAGES.alreadyUsed;
    return refuse(422, "PROMO_CODE_REFUSED", message);
  }
  if (reason === EXTENSION_REFUSAL) {
    return refuse(409, "EXTENSION_UNAVAILABLE", EXTENSION_MESSAGES.alreadyExtended);
  }
  if (reason === "stay") {
    // A hold ran out between the checks and the order: its line goes, the shopper is told.
    const stays = priced.items.filter((i) => i.stay);
    return new BasketChangedError(stays.map((i) => ({ line: i.line, message: STAY_MESSAGES.holdExpired })));
  }
  const productId = Number(reason.split(":")[1]);
  const items = priced.items.filter((i) => i.product.id === productId);
  const quantity = items.reduce((sum, i) => sum + i.line.quantity, 0);
  const message = items[0] && (await stockRefusalMessage(deps.db, reason, quantity, salesWindowStarts(now)));
  if (!message) throw new Error(`The order statement refused for an unknown reason: ${reason}`);
  return new BasketChangedError([{ line: items[0]!.line, message }]);
}

async function reserve(deps: OrderDeps, input: NewOrder): Promise<Reservation> {
  try {
    return { created: true, ...(await placePendingOrder(deps.db, input)) };
  } catch (error) {
    // The same key committed first (our insert waited for it): that order is the answer.
    if (isDuplicateOrder(error)) {
      const first = await findOrderByKey(deps.db, input.buyer.key, input.idempotencyKey);
      return { created: false, orderId: first!.id };
    }
    const reason = orderRefusal(error);
    if (reason === undefined) throw error;
    throw new ReserveRefused(await refusalFailure(deps, input, reason));
  }
}

// ---- step 3 and 4: pay and settle ----

async function pay(
  deps: OrderDeps,
  pending: PendingOrder,
  payment: ChosenPayment | null,
  amountMinor: number,
  currency: Brand["currency"],
): Promise<Settled> {
  const now = () => deps.clock();
  const orderId = pending.order.id;
  if (!payment) return completeOrder(deps.db, pending, { transactionId: null, cardType: null }, now());
  const provider = deps.providers[payment.provider];
  const authorisation = await provider.authorise({
    reference: paymentReference(orderId),
    amountMinor,
    currency,
    method: payment.method,
    source: payment.source,
    capture: true,
  });
  if (authorisation.status === "declined") {
    return failOrder(deps.db, orderId, { message: authorisation.message, paymentStatus: "declined" }, now());
  }
  const captured = authorisation.captured
    ? { ok: true as const }
    : await provider.capture(authorisation.transactionId);
  if (!captured.ok) {
    await provider.void(authorisation.transactionId);
    return failOrder(deps.db, orderId, { message: captured.message, paymentStatus: "voided" }, now());
  }
  const capture: Capture = {
    transactionId: authorisation.transactionId,
    cardType: authorisation.cardType,
    ...(authorisation.vaulted && payment.vaultType
      ? { vaulted: authorisation.vaulted, vaultType: payment.vaultType }
      : {}),
  };
  const settled = await completeOrder(deps.db, pending, capture, now());
  // Reconciliation failed the order meanwhile (its stock is back on sale): the money goes back.
  if (settled.order.status === "failed") await provider.refund(authorisation.transactionId);
  return settled;
}

/**
 * A repeat of an idempotency key whose order is still pending: the first request may have died
 * (a crash, a cut connection) or may still be paying. This request settles it at once rather
 * than leave the shopper's money taken with nothing to show until reconciliation runs. With
 * the payment details of this request, it pays under the order's own reference, as the first
 * request did: the provider answers a repeat with its first result (port.ts), so a twin still
 * paying and this request charge once. Without them, the provider is asked about the
 * reference as reconciliation does; a reference it has never seen stays pending (the first
 * request may be on its way there) until the grace is over.
 */
async function settleRepeat(deps: OrderDeps, orderId: number, payment: ChosenPayment | null): Promise<void> {
  const order = await findOrder(deps.db, orderId);
  if (order?.status !== "pending") return;
  if (payment && payment.provider === order.provider) {
    const pending = { order, lines: await linesOf(deps.db, orderId) };
    await pay(deps, pending, payment, order.totalMinor, order.currency);
    return;
  }
  const now = deps.clock();
  const failUnknown = now.getTime() - order.createdAt.getTime() > RECONCILE_GRACE_MS;
  await settleFromProvider(deps, order, now, { failUnknown });
}

/** Step 1: everything that needs no lock, in the order a shopper would want to hear about it. */
async function checkBeforePaying(
  deps: OrderDeps,
  ctx: OrderContext,
  basketToken: string | undefined,
  body: PlaceOrderBody,
  buyer: Buyer,
) {
  const now = deps.clock();
  const { basket, products } = await checkoutBasket({ db: deps.db, now, ...ctx }, basketToken, buyer.key);
  const state = await loadCheckoutState(
    deps.db,
    { basket, products, brand: ctx.brand, customer: ctx.customer, buyerKey: buyer.key, now },
    // Stored instruments only matter when paying with one.
    { useWallet: body.useWallet, details: body.payment?.instrumentType === "EXISTING" },
  );
  const { priced } = state;
  if (priced.removed.length > 0) {
    await removeLines(deps.db, basket.token, priced.removed, now, ctx.brand);
    throw new BasketChangedError(priced.removed);
  }
  if (priced.items.length === 0 && priced.addons.length === 0) {
    throw refuse(422, "BASKET_EMPTY", ORDER_MESSAGES.emptyBasket);
  }
  const [problem] = paymentProblems(state, { db: deps.db, now, ...ctx });
  if (problem) throw refuse(422, "PAYMENT_REFUSED", problem);
  if (priced.promo && !priced.promo.ok) throw refuse(422, "PROMO_CODE_REFUSED", priced.promo.message);
  if (body.expectedTotal !== undefined && body.expectedTotal !== priced.summary.totalOrderAmount) {
    throw refuse(409, "TOTAL_CHANGED", ORDER_MESSAGES.totalChanged);
  }
  checkAddress(priced, body, ctx.brand);
  checkPassengers(priced, body, now);
  const payment = await choosePayment(deps, ctx, state, body.payment, basket.token);

  return { basket, state, payment, now };
}

export type PlacedOrder =
  /** This call placed the order and settled it (paid or failed). */
  | { created: true; settled: Settled }
  /** The idempotency key named an order placed before (or being placed by a twin request). */
  | { created: false; orderId: number };

async function repeated(
  deps: OrderDeps,
  orderId: number,
  payment: ChosenPayment | null,
): Promise<PlacedOrder> {
  await settleRepeat(deps, orderId, payment);
  return { created: false, orderId };
}

export async function placeOrder(
  deps: OrderDeps,
  ctx: OrderContext,
  basketToken: string | undefined,
  body: PlaceOrderBody,
  idempotencyKey: string | undefined,
): Promise<PlacedOrder> {
  if (!idempotencyKey || idempotencyKey.length < 8 || idempotencyKey.length > 100) {
    throw refuse(400, "IDEMPOTENCY_KEY_REQUIRED", ORDER_MESSAGES.idempotencyKey);
  }
  const identified = await buyerOf(deps, ctx, body, basketToken, idempotencyKey);
  if ("repeat" in identified) return repeated(deps, identified.repeat.id, null);
  const buyer = identified;
  let checked: Awaited<ReturnType<typeof checkBeforePaying>>;
  try {
    checked = await checkBeforePaying(deps, ctx, basketToken, body, buyer);
  } catch (error) {
    // A retry, a double click or a second tab with the same key: the first order is the answer,
    // even though its basket has been emptied since. Looked up only here, off the busy path.
    const known = error instanceof ApiError && (await findOrderByKey(deps.db, buyer.key, idempotencyKey));
    if (known) return repeated(deps, known.id, null);
    throw error;
  }
  const { basket, state, payment, now } = checked;
  const { priced } = state;

  let reservation: Reservation;
  try {
    reservation = await reserve(deps, {
      brand: ctx.brand,
      buyer,
      idempotencyKey,
      state,
      body,
      payment,
      now,
      requestId: ctx.requestId ?? null,
    });
  } catch (error) {
    if (!(error instanceof ReserveRefused)) throw error;
    if (error.failure instanceof BasketChangedError) {
      await removeLines(deps.db, basket.token, error.failure.removed, now, ctx.brand);
    }
    throw error.failure;
  }
  if (!reservation.created) return repeated(deps, reservation.orderId, payment);
  const settled = await pay(deps, reservation, payment, priced.summary.totalOrderAmount, ctx.brand.currency);
  return { created: true, settled };
}
