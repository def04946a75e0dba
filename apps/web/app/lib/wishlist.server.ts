/**
 * The shopper's wishlist as the storefront keeps it (product.md §3 "Wishlist", §6 "Visitor":
 * a wishlist id held in a cookie): the wished ids for the hearts, a heart's toggle, and the
 * merge of a guest's list into the customer's on sign-in.
 */
import type { Brand } from "@deals/domain/brand";
import { COOKIES, wishlistIdCookieMaxAge } from "@deals/domain/cookies";
import { isValidCustomerToken } from "@deals/domain/tokens";
import type { AppLoadContext } from "react-router";
import { ApiError } from "./api.ts";
import { clearCookie, readCookie, setCookie } from "./cookies.server.ts";
import { createWishlistClient, type WishlistClient } from "./wishlist-api.ts";

const WISHLIST_ID = /^[A-Za-z0-9_-]{20,64}$/;

export function wishlistClient(context: AppLoadContext, brand: Brand, request: Request): WishlistClient {
  return createWishlistClient(context.apiFetch, brand, request);
}

/** The wishlist cookie's id, when it can be one. */
export function wishlistIdCookie(request: Request): string | undefined {
  const id = readCookie(request, COOKIES.wishlistId.name);
  return id && WISHLIST_ID.test(id) ? id : undefined;
}

function wishlistCookie(request: Request, id: string, setAfter: "login" | "merge" | "fetch"): string {
  return setCookie(request, { ...COOKIES.wishlistId, maxAgeSeconds: wishlistIdCookieMaxAge(setAfter) }, id);
}

/** The wished deal ids, for the hearts; none without a cookie, and none rather than a broken page. */
export async function loadWishedDealIds(
  context: AppLoadContext,
  brand: Brand,
  request: Request,
): Promise<number[]> {
  const id = wishlistIdCookie(request);
  if (!id) return [];
  try {
    return (await wishlistClient(context, brand, request).get(id, 0)).dealIds;
  } catch (error) {
    if (!(error instanceof ApiError)) console.warn("wishlist unavailable", error);
    return [];
  }
}

export interface WishToggle {
  wished: boolean;
  setCookies: string[];
}

/**
 * Wishes or unwishes a deal. Without a list (or with a cookie naming a list that is gone or
 * not this shopper's) a new one is made: the customer's own when signed in.
 */
export async function toggleWish(
  context: AppLoadContext,
  brand: Brand,
  request: Request,
  dealId: number,
  wish: boolean,
): Promise<WishToggle> {
  const client = wishlistClient(context, brand, request);
  const id = wishlistIdCookie(request);
  if (!wish) {
    if (id) await client.remove(id, dealId).catch(ignoreMissingList);
    return { wished: false, setCookies: [] };
  }
  if (id) {
    const added = await client.add(id, dealId).catch(ignoreMissingList);
    if (added) return { wished: true, setCookies: [] };
  }
  const made = await client.create(dealId);
  return { wished: true, setCookies: [wishlistCookie(request, made.id!, "fetch")] };
}

function ignoreMissingList(error: unknown): undefined {
  if (error instanceof ApiError && error.status === 404 && error.code === "WISHLIST_NOT_FOUND")
    return undefined;
  throw error;
}

/**
 * On sign-in (`signedIn` carries the new session): a guest list is merged into the
 * customer's; without one the customer's own list is looked up. Answers the cookie to set.
 */
export async function wishlistAfterSignIn(
  context: AppLoadContext,
  brand: Brand,
  signedIn: Request,
  customerToken: string,
): Promise<string[]> {
  if (!isValidCustomerToken(customerToken)) return [];
  const client = wishlistClient(context, brand, signedIn);
  const guestId = wishlistIdCookie(signedIn);
  try {
    const list = guestId ? await client.merge(guestId, customerToken).catch(ignoreMissingList) : undefined;
    if (list?.id) return [wishlistCookie(signedIn, list.id, "merge")];
    const own = await client.byCustomerToken(customerToken);
    if (own.id) return [wishlistCookie(signedIn, own.id, "login")];
    return guestId ? [clearCookie(signedIn, COOKIES.wishlistId)] : [];
  } catch (error) {
    console.warn("wishlist merge failed", error);
    return [];
  }
}
