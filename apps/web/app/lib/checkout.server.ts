/**
 * The checkout page's server side: loading the checkout data (a 422 drops the basket and
 * starts a new one: services.md §7.4), and each of its forms' actions: sign in or register
 * inline, promo code, VIP upsell, address lookup, passengers, and paying.
 */
import { randomUUID } from "node:crypto";
import type { Brand } from "@deals/domain/brand";
import { classifyPromoMessage, promoAnalyticsEvent } from "@deals/domain/promo";
import { validatePostcode, validateRequired } from "@deals/domain/validation";
import { type AppLoadContext, data, redirect } from "react-router";
import { ADDRESS_NOT_FOUND_HINT, chosenAddress, withAddress } from "./address-lookup.ts";
import { ApiError } from "./api.ts";
import { accountsClient, afterLogin } from "./auth.server.ts";
import { basketClient, clearBasketCookie } from "./basket.server.ts";
import type { BasketClient, CheckoutData, CheckoutQuery, PlaceOrderBody } from "./basket-api.ts";
import { draftCookie } from "./checkout-draft.server.ts";
import { DRAFT_PREFIX, type PayDraft, payDraft } from "./checkout-draft.ts";
import {
  ADDRESS_FIELDS,
  type CheckoutResult,
  EXPRESS_EMAIL_FIELD,
  fieldForApiError,
  type PayFormResult,
  readExpressForm,
  readPayForm,
} from "./checkout-form.ts";
import { readCookie } from "./cookies.server.ts";
import { cookieHeaders, formText } from "./forms.ts";
import { readRegistration } from "./registration-form.ts";
import { afterSignIn } from "./sign-in.server.ts";
import { readSignIn } from "./sign-in-form.ts";

export const checkoutPath = (token: string) => `/checkout/${encodeURIComponent(token)}`;

/** The confirmation of an order, by its reference (never its row id). */
export const confirmationPath = (reference: string) => `/order-confirmation/${encodeURIComponent(reference)}`;

/** A new key per checkout render: the pay form keeps it, so a double click or retry is one order. */
export const newIdempotencyKey = () => randomUUID();

/**
 * The request without the browser's cookies: a call the server makes on its own account (a
 * new empty basket during a page load, which carries no Origin for the API's CSRF check).
 */
function withoutCookies(request: Request): Request {
  const headers = new Headers();
  const host = request.headers.get("host");
  if (host) headers.set("host", host);
  return new Request(request.url, { headers });
}

/**
 * The checkout data; a basket the API can no longer use (422) is dropped and a new empty one
 * started, whose checkout the shopper is sent to (services.md §2, §7.4).
 */
export async function loadCheckout(
  context: AppLoadContext,
  brand: Brand,
  request: Request,
  token: string | undefined,
  query: CheckoutQuery,
): Promise<CheckoutData> {
  try {
    return (await basketClient(context, brand, request).checkout(token, query)).data;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    const fresh = basketClient(context, brand, withoutCookies(request));
    const { data: basket, setCookies } = await fresh.create([]);
    throw redirect(checkoutPath(basket.id), {
      headers: cookieHeaders([clearBasketCookie(request)], setCookies),
    });
  }
}

interface ActionInput {
  context: AppLoadContext;
  brand: Brand;
  request: Request;
  form: FormData;
  token: string;
}

const answer = (result: CheckoutResult, status = 200) => data(result, { status });

/** An API refusal (4xx) becomes the form's message; anything else is a real failure. */
function refusal(intent: string, error: unknown, extra: Partial<CheckoutResult> = {}) {
  if (error instanceof ApiError && error.status < 500) {
    return answer(
      { intent, ...extra, formError: { code: error.code, message: error.message } },
      error.status,
    );
  }
  throw error;
}

/**
 * Back to the checkout signed in: this basket joins the customer's one basket (whose checkout
 * that is from now on), what the guest had typed in the pay form comes along, and the spent
 * login-redirect hints are cleared.
 */
async function backSignedIn(
  { context, brand, request, token }: ActionInput,
  session: { customerToken: string; setCookies: string[] },
  draft: PayDraft,
) {
  const carried = await afterSignIn(context, brand, request, session, token);
  const { clearHints } = afterLogin(request);
  const keep = draftCookie(request, draft);
  return redirect(checkoutPath(carried.basketToken ?? token), {
    headers: cookieHeaders(keep ? [...carried.setCookies, keep] : carried.setCookies, clearHints),
  });
}

/** The pay form's draft posted along with the sign-in or register form. */
const postedDraft = (form: FormData) => payDraft(form.entries(), DRAFT_PREFIX);

/** Sign in without leaving the checkout. */
export async function signIn(input: ActionInput) {
  const draft = postedDraft(input.form);
  const { values, password, errors } = readSignIn(input.form);
  if (errors) return answer({ intent: "login", values, errors, draft }, 400);
  try {
    const { data: session, setCookies } = await accountsClient(
      input.context,
      input.brand,
      input.request,
    ).login({ ...values, password, rememberMe: false });
    return await backSignedIn(input, { ...session, setCookies }, draft);
  } catch (error) {
    return refusal("login", error, { values, draft });
  }
}

/**
 * Create an account inline: it is signed in at once and pays here; the emailed link confirms
 * the address later (product.md §6, @deals/domain/activation).
 */
export async function register(input: ActionInput) {
  const draft = postedDraft(input.form);
  const { values, errors, body } = readRegistration(input.form, "newPassword");
  if (errors) return answer({ intent: "register", values, errors, draft }, 400);
  try {
    const { data: session, setCookies } = await accountsClient(
      input.context,
      input.brand,
      input.request,
    ).register("/v1/register", body);
    return await backSignedIn(input, { ...session, setCookies }, draft);
  } catch (error) {
    return refusal("register", error, { values, draft });
  }
}

/** Applies a promo code; the result is classified for the shopper and for analytics. */
export async function applyPromo({ context, brand, request, form, token }: ActionInput) {
  const code = formText(form, "promoCode");
  const problem = validateRequired(code);
  if (problem)
    return answer({ intent: "promo", values: { promoCode: code }, errors: { promoCode: problem } }, 400);
  const promoResult = (message: string, applicable: boolean) => ({
    code,
    message,
    applicable,
    outcome: classifyPromoMessage(message),
    analyticsEvent: promoAnalyticsEvent(message),
  });
  try {
    const { data: applied } = await basketClient(context, brand, request).applyPromo(token, code);
    return answer({ intent: "promo", promo: promoResult(applied.message, true) });
  } catch (error) {
    if (error instanceof ApiError && error.code === "PROMO_CODE_REFUSED") {
      return answer(
        { intent: "promo", values: { promoCode: code }, promo: promoResult(error.message, false) },
        422,
      );
    }
    return refusal("promo", error, { values: { promoCode: code } });
  }
}

export async function removePromo({ context, brand, request, token }: ActionInput) {
  try {
    await basketClient(context, brand, request).removePromo(token);
    return answer({ intent: "promo-remove", message: "Promo code removed." });
  } catch (error) {
    return refusal("promo-remove", error);
  }
}

/** The VIP upsell: ticked puts the one-year membership in the basket, unticked takes it out. */
export async function setVip({ context, brand, request, form, token }: ActionInput) {
  try {
    await basketClient(context, brand, request).vipStatus(token, form.get("vipStatus") === "on");
    return answer({ intent: "vip" });
  } catch (error) {
    return refusal("vip", error);
  }
}

export async function setVoucherProtection({ context, brand, request, form, token }: ActionInput) {
  try {
    await basketClient(context, brand, request).voucherProtection(
      token,
      form.get("voucherProtection") === "on",
    );
    return answer({ intent: "protection" });
  } catch (error) {
    return refusal("protection", error);
  }
}

/** Card details and secrets are never sent back into the page. */
const NOT_ECHOED = new Set(["cardNumber", "cardExpiry", "cardSecurityCode", "intent", "idempotencyKey"]);

/** What the shopper typed in the pay form, to show again after a step that is not paying. */
function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !NOT_ECHOED.has(name)) values[name] = value.trim();
  }
  for (const name of ADDRESS_FIELDS) values[name] ??= "";
  return values;
}

/** Another number of passengers (without JavaScript, the form is drawn again for it). */
export function changePassengers({ form }: ActionInput) {
  return answer({ intent: "passengers", values: typedValues(form) });
}

/** The addresses of a postcode (or Eircode); "choose" fills the chosen one in (no JavaScript). */
export async function lookUpAddress(
  { context, brand, request, form }: ActionInput,
  intent: "lookup" | "choose",
) {
  const values = typedValues(form);
  const problem = validatePostcode(values.postCode, brand.countryCode);
  if (problem) return answer({ intent, values, errors: { postCode: problem } }, 400);
  try {
    const { data: lookup } = await accountsClient(context, brand, request).lookUpPostcode(
      values.postCode ?? "",
    );
    const chosen = chosenAddress(form, intent, lookup);
    if (!chosen)
      return answer({
        intent,
        values: { ...values, postCode: lookup.postCode },
        addresses: lookup.addresses,
      });
    return answer({
      intent,
      values: withAddress(values, chosen),
      message: "Address filled in: check it before you pay.",
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return answer(
        { intent, values, errors: { postCode: error.message, postCodeHint: ADDRESS_NOT_FOUND_HINT } },
        404,
      );
    }
    return refusal(intent, error, { values });
  }
}

type PlacedOrder = Awaited<ReturnType<BasketClient["placeOrder"]>>["data"];

/**
 * Reads the pay form against the checkout as it stands, then places the order under the
 * form's idempotency key; success goes to the confirmation. `place` makes the request.
 */
async function payWith(
  { context, brand, request, form, token }: ActionInput,
  now: Date,
  intent: "pay" | "express",
  place: (
    client: BasketClient,
    body: NonNullable<PayFormResult["body"]>,
    key: string,
  ) => Promise<PlacedOrder>,
  confirmationHeaders: (order: PlacedOrder, key: string) => HeadersInit = () => ({}),
) {
  const client: BasketClient = basketClient(context, brand, request);
  const wallet = intent === "pay" && form.get("useWallet") === "true";
  const checkout = (await client.checkout(token, { wallet })).data;
  const payForm = {
    country: brand.countryCode,
    requirements: checkout.requirements,
    offered: checkout.paymentMethods.offered,
    totalOrderAmount: checkout.orderSummary.totalOrderAmount,
    now,
  };
  const read = intent === "express" ? readExpressForm(form, payForm) : readPayForm(form, payForm);
  if (!read.body)
    return answer({ intent, values: read.values, ...(read.errors ? { errors: read.errors } : {}) }, 400);
  const key = formText(form, "idempotencyKey") || newIdempotencyKey();
  try {
    const order = await place(client, read.body, key);
    throw redirect(confirmationPath(order.productOrder.reference), {
      headers: confirmationHeaders(order, key),
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    // That attempt has ended: the next one is a new order, under a new key.
    const base = { intent, values: read.values, idempotencyKey: newIdempotencyKey() };
    const field = fieldForApiError(error.code);
    if (field) return answer({ ...base, errors: { [field]: error.message } }, error.status);
    return answer(
      {
        ...base,
        formError: { code: error.code, message: error.message },
        paymentFailed: error.code === "PAYMENT_FAILED",
      },
      error.status,
    );
  }
}

/** Pays for the signed-in customer's basket. */
export function pay(input: ActionInput, now: Date) {
  return payWith(input, now, "pay", async (client, body, key) => {
    return (await client.placeOrder(input.token, key, body)).data;
  });
}

/**
 * The device wallet's token. The payment providers run as their sandboxes
 * (apps/api payments/sandbox.ts), where the gateway's test nonce stands for what the wallet
 * sheet hands back; a live gateway's adapter takes the sheet's token instead.
 */
const SANDBOX_WALLET_NONCES = {
  apple_pay: "fake-apple-pay-visa-nonce",
  google_pay: "fake-google-pay-visa-nonce",
} as const;

type OrderPayment = NonNullable<PlaceOrderBody["payment"]>;

/** The express method's own part: the wallet's token, or a pay-later session for the total. */
async function expressPayment(
  client: BasketClient,
  token: string,
  payment: OrderPayment,
): Promise<OrderPayment> {
  switch (payment.method) {
    case "apple_pay":
    case "google_pay":
      return { ...payment, walletToken: SANDBOX_WALLET_NONCES[payment.method] };
    case "klarna":
    case "clearpay": {
      const { data: session } = await client.openPayLaterSession(payment.method, token);
      return { ...payment, sessionId: session.sessionId };
    }
    default:
      return payment;
  }
}

/**
 * A guest pays at the express checkout (product.md §6): an express-buy token for their email
 * (a new guest account is emailed how to activate it; an account registered here and not yet
 * activated pays the same way), then the order under the form's idempotency key. The
 * confirmation finds the order again by the cookie set here.
 */
export function payExpress(input: ActionInput, now: Date) {
  const email = formText(input.form, EXPRESS_EMAIL_FIELD);
  return payWith(
    input,
    now,
    "express",
    async (client, body, key) => {
      const payment = body.payment && (await expressPayment(client, input.token, body.payment));
      // A fresh token per attempt: the order uses it up, whether the payment goes through or not.
      const { data: issued } = await client.expressBuyToken(email);
      const order = await client.placeOrder(input.token, key, {
        ...body,
        expressBuyToken: issued.expressBuyToken,
        ...(payment ? { payment } : {}),
      });
      return order.data;
    },
    (order, key) => ({
      "Set-Cookie": guestOrderCookie(input.request, {
        reference: order.productOrder.reference,
        basketToken: input.token,
        idempotencyKey: key,
      }),
    }),
  );
}

// ---- the guest's way back to their order ----

/** What finds a guest's order again: the basket and the key it was placed under. */
export interface GuestOrderRef {
  reference: string;
  basketToken: string;
  idempotencyKey: string;
}

const GUEST_ORDER_COOKIE = "guest_order";
const GUEST_ORDER_PATH = "/order-confirmation";
/** Long enough to come back to the confirmation the same day; the vouchers are emailed too. */
const GUEST_ORDER_MAX_AGE_SECONDS = 24 * 60 * 60;

/** HttpOnly: the key is the guest's proof of the order, for the server's eyes only. */
export function guestOrderCookie(request: Request, ref: GuestOrderRef): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const value = encodeURIComponent(JSON.stringify(ref));
  return `${GUEST_ORDER_COOKIE}=${value}; Path=${GUEST_ORDER_PATH}; Max-Age=${GUEST_ORDER_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The guest's order named by the cookie, when it is the one asked for: by its reference, or by
 * its id in a cookie set before confirmations were addressed by reference.
 */
export function guestOrderRef(request: Request, wanted: string): GuestOrderRef | undefined {
  const value = readCookie(request, GUEST_ORDER_COOKIE);
  if (!value) return undefined;
  try {
    const ref = JSON.parse(value) as (Partial<GuestOrderRef> & { orderId?: number }) | null;
    const named = ref?.reference === wanted || (ref?.orderId !== undefined && String(ref.orderId) === wanted);
    if (named && typeof ref?.basketToken === "string" && typeof ref.idempotencyKey === "string") {
      return { reference: wanted, basketToken: ref.basketToken, idempotencyKey: ref.idempotencyKey };
    }
  } catch {
    // Not ours, or mangled: no guest order.
  }
  return undefined;
}
