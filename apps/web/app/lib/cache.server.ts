/**
 * Cache-Control of page responses (design.md "Where it goes past one machine": listing pages
 * cacheable at a CDN with s-maxage and stale-while-revalidate). A page whose content depends
 * on a cookie of the request is never cached publicly.
 */
import { COOKIES } from "@deals/domain/cookies";
import { readCookie } from "./cookies.server.ts";

/** Anonymous listing pages: a minute in browsers, five at the CDN, served stale while refreshed. */
export const LISTING_CACHE_CONTROL = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * The session cookie (the shell greets the customer), the basket cookie (the header shows
 * their basket count) and the wishlist cookie (the hearts show their wishes): with any, every
 * page is theirs.
 */
const PERSONAL_COOKIES = ["sid", COOKIES.basketToken.name, COOKIES.wishlistId.name];

/**
 * Headers for a cacheable page. `readsCookies` names the cookies the page itself reads
 * (the saved location on `/`); the session and basket cookies always count.
 */
export function pageCacheHeaders(
  request: Request,
  readsCookies: readonly string[] = [],
): Record<string, string> {
  const personal = [...PERSONAL_COOKIES, ...readsCookies].some(
    (name) => readCookie(request, name) !== undefined,
  );
  if (personal) return { "Cache-Control": PRIVATE_CACHE_CONTROL };
  // A shared cache must not hand this anonymous copy to a request that carries those cookies.
  return { "Cache-Control": LISTING_CACHE_CONTROL, Vary: "Cookie" };
}

/** A route's `headers` export: the caching its loader chose, and any cookie it set. */
export function cacheHeadersFrom({ loaderHeaders }: { loaderHeaders: Headers }): Headers {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Vary", "Set-Cookie"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
