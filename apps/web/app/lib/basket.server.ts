/**
 * The shopper's basket as the storefront finds it: by the basket cookie the API sets on
 * creation (services.md §9 "Tokens and cookies"), trusted only when it can be a token
 * (services.md §5), plus the one-off notice the add-to-basket action leaves for the basket page.
 */
import type { Brand } from "@deals/domain/brand";
import { COOKIES, type CookieSpec } from "@deals/domain/cookies";
import { isValidBasketToken } from "@deals/domain/tokens";
import type { AppLoadContext } from "react-router";
import { ApiError } from "./api.ts";
import { type BasketClient, createBasketClient } from "./basket-api.ts";
import { clearCookie, readCookie, setCookie } from "./cookies.server.ts";

export function basketClient(context: AppLoadContext, brand: Brand, request: Request): BasketClient {
  return createBasketClient(context.apiFetch, brand, request);
}

/** The basket cookie's token, or undefined when there is none worth asking the API about. */
export function basketToken(request: Request): string | undefined {
  const token = readCookie(request, COOKIES.basketToken.name);
  return isValidBasketToken(token) ? token : undefined;
}

/** Drops the basket cookie, as a checkout load answered 422 does (services.md §7.4). */
export function clearBasketCookie(request: Request): string {
  return clearCookie(request, COOKIES.basketToken);
}

/**
 * The header's basket count: units of deal products in the shopper's basket. Without a basket
 * cookie there is nothing to ask, so anonymous pages stay free of any call (and cacheable); a
 * basket the API no longer knows, or any failure, shows 0 rather than breaking the page.
 */
export async function loadBasketCount(
  context: AppLoadContext,
  brand: Brand,
  request: Request,
): Promise<number> {
  const token = basketToken(request);
  if (!token) return 0;
  try {
    return (await basketClient(context, brand, request).basket(token)).data.quantity;
  } catch (error) {
    if (!(error instanceof ApiError)) console.warn("basket count unavailable", error);
    return 0;
  }
}

/**
 * On sign-in (`signedIn` carries the new session): the customer has one basket wherever they
 * sign in (services.md §7.3). A guest basket (`guest`, by default the cookie's) joins it: the
 * API answers the basket to keep and sets its cookie. Without one, the customer's own basket
 * is found by customerToken. Answers that basket's token and the cookies to set.
 */
export async function basketAfterSignIn(
  context: AppLoadContext,
  brand: Brand,
  signedIn: Request,
  customerToken: string,
  guest = basketToken(signedIn),
): Promise<{ token: string | undefined; setCookies: string[] }> {
  const client = basketClient(context, brand, signedIn);
  try {
    if (guest) {
      const linked = await client.link(guest).catch((error: unknown) => {
        // A basket the API no longer knows (or not this customer's): look for their own.
        if (error instanceof ApiError && error.status === 404) return undefined;
        throw error;
      });
      if (linked) return { token: linked.data.id, setCookies: linked.setCookies };
    }
    const [own] = (await client.customerBaskets(customerToken)).data;
    if (own) return { token: own.id, setCookies: [setCookie(signedIn, COOKIES.basketToken, own.id)] };
    return { token: undefined, setCookies: guest ? [clearBasketCookie(signedIn)] : [] };
  } catch (error) {
    console.warn("basket not found after sign-in", error);
    return { token: guest, setCookies: [] };
  }
}

/**
 * The request as it would be sent after the browser applied `setCookies` (a sign-in's
 * session cookie): for a call that must already run as the signed-in customer.
 */
export function withCookies(request: Request, setCookies: readonly string[]): Request {
  const jar = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name) jar.set(name, value.join("="));
  }
  for (const cookie of setCookies) {
    const [pair = ""] = cookie.split(";");
    const [name, ...value] = pair.trim().split("=");
    if (name) jar.set(name, value.join("="));
  }
  const headers = new Headers(request.headers);
  headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
  return new Request(request.url, { method: "GET", headers });
}

// ---- the notice the add-to-basket action leaves for the basket page ----

/** What happened to the last add to basket, shown once on the basket page. */
export interface BasketNotice {
  kind: "added" | "refused";
  text: string;
}

/** Lives just long enough for the redirect that follows it. */
const NOTICE_COOKIE: CookieSpec = {
  name: "basket_notice",
  maxAgeSeconds: 60,
  secure: false,
  domainWide: false,
};

export function setBasketNotice(request: Request, notice: BasketNotice): string {
  return setCookie(request, NOTICE_COOKIE, JSON.stringify(notice));
}

/** The notice, if one is waiting, and the Set-Cookie that spends it. */
export function takeBasketNotice(request: Request): { notice: BasketNotice | null; clear: string[] } {
  const value = readCookie(request, NOTICE_COOKIE.name);
  if (value === undefined) return { notice: null, clear: [] };
  return { notice: parseNotice(value), clear: [clearCookie(request, NOTICE_COOKIE)] };
}

function parseNotice(value: string): BasketNotice | null {
  try {
    const parsed = JSON.parse(value) as Partial<BasketNotice> | null;
    const kind = parsed?.kind;
    if ((kind === "added" || kind === "refused") && typeof parsed?.text === "string") {
      return { kind, text: parsed.text.slice(0, 300) };
    }
  } catch {
    // Not ours, or mangled: no notice.
  }
  return null;
}
