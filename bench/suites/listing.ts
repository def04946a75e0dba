/**
 * Listing API throughput through the response cache: the first page of 24 London deals from
 * the 50,000-deal catalogue asked for again and again (design.md "Speed": >= 90 % of the
 * bare route, p99 <= 20 ms). listing-origin measures the listing without the cache.
 */
import { brandHeaders, rowBesideBaseline, type Suite } from "../lib/suite.ts";

export const LISTING_PATH = "/v1/deals/london?page=0&pageSize=24";

export const listing: Suite = {
  name: "listing",
  responseCache: true,
  run(context) {
    const target = { url: `${context.appUrl}${LISTING_PATH}`, headers: brandHeaders("main-uk") };
    return rowBesideBaseline("listing", `GET ${LISTING_PATH} (cached)`, target, context);
  },
};
