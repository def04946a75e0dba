/**
 * Search API throughput through the response cache: the first page of 24 results for a
 * London search on the 50,000-deal catalogue (design.md "Speed": >= 25 % of the bare route),
 * and the typo path (no deal has the word, so the words are corrected and searched again).
 * search-origin measures search without the cache.
 */
import { brandHeaders, rowBesideBaseline, type Suite } from "../lib/suite.ts";

export const SEARCH_PATH = "/v1/search/london?q=spa%20day&pageSize=24";
export const TYPO_SEARCH_PATH = "/v1/search/london?q=masage&pageSize=24";

export const search: Suite = {
  name: "search",
  responseCache: true,
  async run(context) {
    const rows = [];
    for (const path of [SEARCH_PATH, TYPO_SEARCH_PATH]) {
      const target = { url: `${context.appUrl}${path}`, headers: brandHeaders("main-uk") };
      rows.push(...(await rowBesideBaseline("search", `GET ${path} (cached)`, target, context)));
    }
    return rows;
  },
};
