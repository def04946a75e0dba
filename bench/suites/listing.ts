/**
 * Listing API throughput: the first page of 24 London deals from the 50,000-deal catalogue
 * (design.md "Speed": >= 50 % of the bare route, p99 <= 20 ms).
 */
import { measureLoad } from "../lib/load.ts";
import { brandHeaders, row, type Suite } from "../lib/suite.ts";

export const LISTING_PATH = "/v1/deals/london?page=0&pageSize=24";

export const listing: Suite = {
  name: "listing",
  async run({ appUrl, baseline }) {
    const result = await measureLoad({ url: `${appUrl}${LISTING_PATH}`, headers: brandHeaders("main-uk") });
    return [row("listing", `GET ${LISTING_PATH}`, result, baseline)];
  },
};
