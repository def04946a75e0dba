/**
 * The buying calls of the API (services.md §7.3 basket, §7.4 checkout): the basket and its
 * lines, the checkout data, promo codes, the VIP upsell, placing the order, the order
 * confirmation and the customer's vouchers. Like the accounts client, each call forwards what
 * the API needs from the browser's request (its cookies: the session and nothing else the
 * API reads; its Origin or Referer for the CSRF check; its Host), and an answer carries the
 * API's Set-Cookie headers (the basket cookie) for the page to pass on.
 */

import type { ExpressBuyToken } from "@deals/api/modules/accounts/schemas";
import type { Basket, BasketProductInput, PatchBasketProductBody } from "@deals/api/modules/basket/schemas";
import type { CheckoutData } from "@deals/api/modules/checkout/schemas";
import type { ExtensionOfferView, ExtensionStarted } from "@deals/api/modules/extension/schemas";
import type { GuestOrder, OrderConfirmation, PlaceOrderBody } from "@deals/api/modules/orders/schemas";
import type { PromoResultBody } from "@deals/api/modules/promo/schemas";
import type { StayBody, stayAnswerSchema } from "@deals/api/modules/travel/schemas";
import type {
  PrintableVoucher,
  RefundBody,
  RefundResult,
  Voucher,
  VoucherList,
} from "@deals/api/modules/vouchers/schemas";
import type { Brand } from "@deals/domain/brand";
import type { z } from "zod";
import type { Answer } from "./accounts-api.ts";
import { ApiError, apiErrorFrom, apiHeaders } from "./api.ts";
import type { ApiFetch } from "./context.ts";

type StayAnswer = z.infer<typeof stayAnswerSchema>;

export type {
  Basket,
  CheckoutData,
  ExtensionOfferView,
  GuestOrder,
  OrderConfirmation,
  PlaceOrderBody,
  PrintableVoucher,
  PromoResultBody,
  RefundResult,
  Voucher,
  VoucherList,
};
export type CheckoutProduct = CheckoutData["deals"][number]["products"][number];

/** A Klarna session or a Clearpay checkout opened for the basket's total (services.md §7.4). */
export interface PayLaterSession {
  provider: "KLARNA" | "CLEARPAY";
  sessionId: string;
  clientToken: string;
  amount: number;
  currency: "GBP" | "EUR";
  expiresAt: string;
}

const PAY_LATER_PATHS = { klarna: "/v1/payment/kn/sessions", clearpay: "/v1/payment/cp/checkouts" } as const;

/** services.md §8 "Checkout load without a token". */
export const NO_TOKEN_MESSAGE = "No token provided";

/** What a checkout load may ask for besides the basket (services.md §7.4 "query params"). */
export interface CheckoutQuery {
  wallet?: boolean;
  /** The checkout timer ran out: stays whose hold ended leave the basket. */
  timerElapsed?: boolean;
}

const FORWARDED = ["cookie", "origin", "referer", "host"];

function forwardedHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  return headers;
}

/**
 * Calls the API as the shopper's own request would: their session cookie, Origin and Host
 * forwarded; a failed answer throws the API's error.
 */
export function shopperCaller(fetcher: ApiFetch, brand: Brand, request: Request) {
  const forwarded = forwardedHeaders(request);

  return async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...apiHeaders(brand), ...forwarded, ...extra };
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetcher(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw await apiErrorFrom(response);
    return { data: (await response.json()) as T, setCookies: response.headers.getSetCookie() };
  };
}

export function createBasketClient(fetcher: ApiFetch, brand: Brand, request: Request) {
  const call = shopperCaller(fetcher, brand, request);
  const segment = encodeURIComponent;
  const basketPath = (token: string) => `/v1/basket/${segment(token)}`;

  return {
    /** A new basket holding `products`; the API sets the basket cookie. */
    create: (products: BasketProductInput[]) => call<Basket>("POST", "/v1/basket", { products }),
    basket: (token: string) => call<Basket>("GET", `${basketPath(token)}?giftPacks=true`),
    addProduct: (token: string, product: BasketProductInput) =>
      call<Basket>("POST", `${basketPath(token)}/product`, product),
    changeLine: (token: string, lineId: string, change: PatchBasketProductBody) =>
      call<Basket>("PATCH", `${basketPath(token)}/product/${segment(lineId)}`, change),
    removeLine: (token: string, lineId: string) =>
      call<Basket>("DELETE", `${basketPath(token)}/product/${segment(lineId)}`),
    /** Holds a stay's rooms (and seats) for 15 minutes and puts it in the basket. */
    holdStay: (token: string, stay: StayBody) => call<StayAnswer>("POST", `${basketPath(token)}/stay`, stay),
    /** Links the basket to the signed-in customer (services.md §7.3 PATCH basket/{id}). */
    link: (token: string) => call<Basket>("PATCH", `/v1/basket/${segment(token)}`, { id: token }),
    customerBaskets: (customerToken: string) =>
      call<Basket[]>("GET", `/v1/basket?customerToken=${encodeURIComponent(customerToken)}`),
    /** The one-year VIP membership in (true) or out of (false) the basket; never pre-ticked. */
    vipStatus: (token: string, vipStatus: boolean) =>
      call<Basket>("POST", "/v1/update-vip-status", { basketToken: token, vipStatus }),
    /** Voucher protection (the DVP add-on) in (true) or out of (false) the basket; never pre-ticked. */
    voucherProtection: (token: string, wanted: boolean) =>
      call<Basket>("POST", `${basketPath(token)}/addon`, { addonType: "DVP", quantity: wanted ? 1 : 0 }),
    /** The checkout data; a missing token fails before any call (services.md §8). */
    checkout: (token: string | undefined, query: CheckoutQuery = {}) => {
      if (!token) throw new ApiError(400, "TOKEN_REQUIRED", NO_TOKEN_MESSAGE);
      const search = new URLSearchParams({ timestamp: String(Date.now()) });
      if (query.wallet) search.set("wallet", "true");
      if (query.timerElapsed) search.set("timerElapsed", "true");
      return call<CheckoutData>("GET", `/v1/checkout/${segment(token)}?${search}`);
    },
    applyPromo: (token: string, promoCode: string) =>
      call<PromoResultBody>("POST", "/v1/promocode", { basketToken: token, promoCode }),
    removePromo: (token: string) => call<{ removed: boolean }>("DELETE", `/v1/promocode/${segment(token)}`),
    /** Pays for the basket; the same idempotency key always answers the same order. */
    placeOrder: (token: string, idempotencyKey: string, body: PlaceOrderBody) =>
      call<OrderConfirmation>("POST", `/v1/checkout/${segment(token)}`, body, {
        "idempotency-key": idempotencyKey,
      }),
    order: (orderId: number) => call<OrderConfirmation>("GET", `/v1/order/${orderId}`),
    orderByReference: (reference: string) =>
      call<OrderConfirmation>("GET", `/v1/order/reference/${segment(reference)}`),
    /** A guest's express-buy token for their email (services.md §7.2 "Express-buy token"). */
    expressBuyToken: (email: string) =>
      call<ExpressBuyToken>("POST", "/v1/express-buy-token", { expressBuyTokenRequest: { email } }),
    /** Opens the pay-later session the order is then paid with. */
    openPayLaterSession: (method: keyof typeof PAY_LATER_PATHS, token: string) =>
      call<PayLaterSession>("POST", PAY_LATER_PATHS[method], { basketToken: token }),
    /** A guest's order, by the basket and the idempotency key it was placed under. */
    guestOrder: (token: string, idempotencyKey: string) =>
      call<GuestOrder>("GET", `/v1/checkout/${segment(token)}/order`, undefined, {
        "idempotency-key": idempotencyKey,
      }),
    vouchers: (page: number, pageSize: number, status?: string) => {
      const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
      if (status) search.set("status", status);
      return call<VoucherList>("GET", `/v1/voucher?${search}`);
    },
    /** One voucher as printed: merchant, addresses, how to redeem, fine print. */
    voucher: (id: number) => call<PrintableVoucher>("GET", `/v1/voucher/${id}`),
    /** The voucher's PDF, as the API answered it. */
    voucherPdf: async (id: number) => {
      const response = await fetcher(`/v1/voucher/${id}/pdf`, {
        headers: { ...apiHeaders(brand), ...forwardedHeaders(request) },
      });
      if (!response.ok) throw await apiErrorFrom(response);
      return response;
    },
    /** "I've used this voucher", once the shopper confirmed it. */
    markUsed: (id: number, confirmed: boolean) =>
      call<Voucher>("POST", `/v1/voucher/${id}/redeem`, { confirmed }),
    /** Returns a shop item (services.md §7.7 /v1/create-return-order). */
    requestReturn: (voucherId: number, reason: string) =>
      call<Voucher>("POST", "/v1/create-return-order", { voucherId, reason }),
    /** The returned item is on its way back. */
    returnSent: (id: number) => call<Voucher>("POST", `/v1/voucher/${id}/return-sent`),
    /** A self-serve refund; the same idempotency key always answers the same refund. */
    refund: (id: number, idempotencyKey: string, body: RefundBody) =>
      call<RefundResult>("POST", `/v1/voucher/${id}/refund`, body, { "idempotency-key": idempotencyKey }),
    /** What extending a voucher costs and gives (the extendLanding page). */
    extensionOffer: (productOrderId: string, voucherId: string) =>
      call<ExtensionOfferView>(
        "GET",
        `/v1/voucher-extension?${new URLSearchParams({ productOrderId, voucherId })}`,
      ),
    /** Puts the extension in the basket; pay it at /checkout/{basketToken}. */
    startExtension: (productOrderId: string, voucherId: number) =>
      call<ExtensionStarted>("POST", "/v1/voucher-extension", { productOrderId, voucherId }),
  };
}

export type BasketClient = ReturnType<typeof createBasketClient>;
