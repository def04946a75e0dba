/**
 * The origin without the response cache (RESPONSE_CACHE_TTL_MS=0), every request a different
 * URL, as the long tail of real traffic and every signed-in shopper meet it (design.md
 * "Speed": listing >= 1,500 req/s and p99 <= 60 ms, search >= 1,000 req/s and p99 <= 80 ms,
 * pages >= 800 req/s and p99 <= 250 ms, on PostgreSQL; on PGlite no failures and
 * p99 <= 500 ms). Each target is measured anonymous and signed in (the session cookie).
 */
import { checkPaths, type LoadTarget, measureLoad, pathsAnswering } from "../lib/load.ts";
import { type BenchContext, type BenchRow, brandHeaders, row, type Suite, signedIn } from "../lib/suite.ts";
import {
  BENCH_LOCATIONS,
  listingApiPaths,
  listingPagePaths,
  searchApiPaths,
  shuffled,
} from "../lib/varied.ts";

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

/** "N URLs", or "N of M URLs" when a smaller catalogue has only N of the M pages asked for. */
function counted(kept: readonly string[], asked: readonly string[]): string {
  return kept.length === asked.length ? `${asked.length} URLs` : `${kept.length} of ${asked.length} URLs`;
}

export const listingOrigin: Suite = {
  name: "listing-origin",
  responseCache: false,
  async run(context) {
    const api = { url: context.appUrl, headers: brandHeaders("main-uk") };
    // Past its last page a listing answers an empty page, far cheaper than a full one: a smaller
    // catalogue is measured on the pages that list deals, as the pages suite is.
    const asked = listingApiPaths();
    const listsDeals = (body: string) => (JSON.parse(body) as { deals: unknown[] }).deals.length > 0;
    const paths = await pathsAnswering({ ...api, paths: asked }, listsDeals);
    return anonymousAndSignedIn(
      context,
      "listing-origin",
      `listing API, ${counted(paths, asked)} (10 locations × 5 pages × 5 sorts)`,
      { ...api, paths },
    );
  },
};

export const searchOrigin: Suite = {
  name: "search-origin",
  responseCache: false,
  run: (context) =>
    anonymousAndSignedIn(
      context,
      "search-origin",
      "search API, 120 URLs (12 queries incl. 3 typos × 10 locations)",
      {
        url: context.appUrl,
        headers: brandHeaders("main-uk"),
        paths: searchApiPaths(),
      },
    ),
};

/** Deal pages of the ten locations' first listing pages, as a shopper finds them. */
async function dealPagePaths(appUrl: string): Promise<string[]> {
  const paths: string[] = [];
  for (const location of BENCH_LOCATIONS) {
    const response = await fetch(`${appUrl}/v1/deals/${location}?page=0&pageSize=24`, {
      headers: brandHeaders("main-uk"),
    });
    const body = (await response.json()) as { deals: { urlPath: string }[] };
    paths.push(...body.deals.map((deal) => deal.urlPath));
  }
  if (paths.length === 0) throw new Error("The listings have no deal pages to measure");
  return shuffled([...new Set(paths)]);
}

export const pagesOrigin: Suite = {
  name: "pages-origin",
  responseCache: false,
  async run(context) {
    const html = { url: context.appUrl, headers: { accept: "text/html" } };
    // Past its last page a listing answers 404: a smaller catalogue is measured on the pages it has.
    const listingPaths = listingPagePaths();
    const listingPages = await pathsAnswering({ ...html, paths: listingPaths });
    const pages = [
      ["homepage, GET /", ["/"]],
      [
        `listing page, ${counted(listingPages, listingPaths)} (10 locations × 5 pages × 5 sorts)`,
        listingPages,
      ],
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
