/**
 * Reports a page that answered 404 (services.md §7.8 "page-not-found reports"): sent from
 * the server without waiting, so the shopper's 404 page never waits on it or fails with it.
 */
import type { ApiClient } from "./api.ts";

/** The API keeps paths and referrers up to this length; a longer one is cut, not lost. */
const MAX_REPORTED_LENGTH = 2000;

export function recordNotFound(api: ApiClient, request: Request): void {
  const url = new URL(request.url);
  const referrer = request.headers.get("referer");
  const hit = {
    path: `${url.pathname}${url.search}`.slice(0, MAX_REPORTED_LENGTH),
    ...(referrer ? { referrer: referrer.slice(0, MAX_REPORTED_LENGTH) } : {}),
  };
  api.notFoundHit(hit).catch((error: unknown) => console.warn("page-not-found report failed", error));
}
