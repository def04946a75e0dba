/**
 * The origin without the response cache (RESPONSE_CACHE_TTL_MS=0), every request a different
 * URL, as the long tail of real traffic and every signed-in shopper meet it (design.md
 * "Speed": listing >= 1,500 req/s and p99 <= 60 ms, search >= 1,000 req/s and p99 <= 80 ms,
 * pages >= 800 req/s and p99 <= 250 ms, on PostgreSQL; on PGlite no failures and
 * p99 <= 500 ms). Each target is measured anonymous and signed in (the session cookie).
 */
import { checkPaths, type LoadTarget, measureLoad } from "../lib/load.ts";
import { type BenchContext, type BenchRow, brandHeaders, row, type Suite, signedIn } from "../lib/suite.ts";
import { dealPagePaths, fullListings, searchApiPaths } from "../lib/varied.ts";

/** How many of a list's paths are asked once before the load, to fail early on a broken one. */
const CHECKED_PATHS = 10;

async function anonymousAndSignedIn(
  context: BenchContext,
  suite: string,
  target: string,
  base: LoadTarget & { paths: readonly string[] },
): Promise<BenchRow[]> {
  await checkPaths({ ...base, paths: base.paths.slice(0, CHECKED_PATHS) });
  const rows: BenchRow[] = [];
  const variants = [
    ["anonymous", base.headers ?? {}],
    ["signed in", signedIn(base.headers ?? {}, context.shopperSid)],
  ] as const;
  for (const [who, headers] of variants) {
    const result = await measureLoad({ ...base, headers });
    rows.push(row(suite, `${target}, ${who}`, result, context));
  }
  return rows;
}

const LISTINGS = "(10 locations × 5 pages × 5 sorts)";

export const listingOrigin: Suite = {
  name: "listing-origin",
  responseCache: false,
  async run(context) {
    const { kept, label } = await fullListings(context.appUrl);
    return anonymousAndSignedIn(context, "listing-origin", `listing API, ${label} ${LISTINGS}`, {
      url: context.appUrl,
      headers: brandHeaders("main-uk"),
      paths: kept.map((listing) => listing.api),
    });
  },
};

/**
 * Every search, at every catalogue size: one that finds little is as real a request as one that
 * fills a page (it suggests other searches), where a listing past its last page is not.
 */
export const searchOrigin: Suite = {
  name: "search-origin",
  responseCache: false,
  run: (context) =>
    anonymousAndSignedIn(
      context,
      "search-origin",
      "search API, 120 URLs (12 queries incl. 3 typos × 10 locations)",
      { url: context.appUrl, headers: brandHeaders("main-uk"), paths: searchApiPaths() },
    ),
};

export const pagesOrigin: Suite = {
  name: "pages-origin",
  responseCache: false,
  async run(context) {
    const html = { url: context.appUrl, headers: { accept: "text/html" } };
    const { kept, label } = await fullListings(context.appUrl);
    const pages = [
      ["homepage, GET /", ["/"]],
      [`listing page, ${label} ${LISTINGS}`, kept.map((listing) => listing.page)],
      ["deal page, the 10 locations' first 24 deals", await dealPagePaths(context.appUrl)],
    ] as const;
    const rows: BenchRow[] = [];
    for (const [target, paths] of pages) {
      rows.push(
        ...(await anonymousAndSignedIn(context, "pages-origin", `HTML render: ${target}`, {
          ...html,
          paths,
        })),
      );
    }
    return rows;
  },
};
