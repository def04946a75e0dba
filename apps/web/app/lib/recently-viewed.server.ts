/**
 * The recently viewed deals a listing is sent (services.md listing query: up to 5
 * `recentViewedDeal` values), read from the cookie the deal page writes beside the browser's
 * own list (deal-page-script.ts).
 */
import { MAX_RECENT_VIEWED_DEAL_PARAMS } from "@deals/domain/constants";
import { COOKIES } from "@deals/domain/cookies";
import { parseCatalogueId } from "@deals/domain/deal-id";
import { readCookie } from "./cookies.server.ts";

/** The ids, newest first, each once; junk is dropped rather than sent. */
export function recentViewedDealIds(request: Request): number[] {
  const ids = (readCookie(request, COOKIES.recentViewedDeal.name) ?? "")
    .split(",")
    .map((text) => parseCatalogueId(text.trim()))
    .filter((id) => id !== null);
  return [...new Set(ids)].slice(0, MAX_RECENT_VIEWED_DEAL_PARAMS);
}
