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
import { basketClient, clearBasketCookie, withCookies } from "./basket.server.ts";
import type { BasketClient, CheckoutData } from "./basket-api.ts";
import { ADDRESS_FIELDS, type CheckoutResult, fieldForApiError, readPayForm } from "./checkout-form.ts";
import { cookieHeaders, formText } from "./forms.ts";
import { readRegistration } from "./registration-form.ts";
import { readSignIn } from "./sign-in-form.ts";

export const CHECKOUT_REGISTERED_HINT = "Once your account is active, sign in here to pay.";

export const checkoutPath = (token: string) => `/checkout/${encodeURIComponent(token)}`;

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
  wallet: boolean,
): Promise<CheckoutData> {
  try {
    return (await basketClient(context, brand, request).checkout(token, { wallet })).data;
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

/** Sign in without leaving the checkout; the basket is then linked to the customer. */
export async function signIn({ context, brand, request, form, token }: ActionInput) {
  const { values, password, errors } = readSignIn(form);
  if (errors) return answer({ intent: "login", values, errors }, 400);
  try {
    const { setCookies } = await accountsClient(context, brand, request).login({
      ...values,
      password,
      rememberMe: false,
    });
    const signedIn = withCookies(request, setCookies);
    await basketClient(context, brand, signedIn)
      .link(token)
      .catch((error: unknown) => console.warn("basket not linked after sign-in", error));
    const { clearHints } = afterLogin(request);
    throw redirect(new URL(request.url).pathname, { headers: cookieHeaders(setCookies, clearHints) });
  } catch (error) {
    if (error instanceof Response) throw error;
    return refusal("login", error, { values });
  }
}

/** Create an account inline; it signs in once activated from the email, and comes back here. */
export async function register({ context, brand, request, form }: ActionInput) {
  const { values, errors, body } = readRegistration(form, "newPassword");
  if (errors) return answer({ intent: "register", values, errors }, 400);
  try {
    const { data: registered } = await accountsClient(context, brand, request).register("/v1/register", body);
    return answer({ intent: "register", message: `${registered.message} ${CHECKOUT_REGISTERED_HINT}` });
  } catch (error) {
    return refusal("register", error, { values });
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

/** Pays for the basket under the form's idempotency key; success goes to the confirmation. */
export async function pay({ context, brand, request, form, token }: ActionInput, now: Date) {
  const client: BasketClient = basketClient(context, brand, request);
  const checkout = (await client.checkout(token, { wallet: form.get("useWallet") === "true" })).data;
  const read = readPayForm(form, {
    country: brand.countryCode,
    requirements: checkout.requirements,
    offered: checkout.paymentMethods.offered,
    totalOrderAmount: checkout.orderSummary.totalOrderAmount,
    now,
  });
  if (!read.body)
    return answer(
      { intent: "pay", values: read.values, ...(read.errors ? { errors: read.errors } : {}) },
      400,
    );
  const key = formText(form, "idempotencyKey") || newIdempotencyKey();
  try {
    const { data: order } = await client.placeOrder(token, key, read.body);
    throw redirect(`/order-confirmation/${order.productOrder.id}`);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    // That attempt has ended: the next one is a new order, under a new key.
    const base = { intent: "pay", values: read.values, idempotencyKey: newIdempotencyKey() };
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
