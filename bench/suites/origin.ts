/**
 * The origin without the response cache (RESPONSE_CACHE_TTL_MS=0), every request a different
 * URL, as the long tail of real traffic and every signed-in shopper meet it (design.md
 * "Speed": listing >= 1,500 req/s and p99 <= 60 ms, search >= 1,000 req/s and p99 <= 80 ms,
 * pages >= 800 req/s and p99 <= 250 ms, on PostgreSQL; on PGlite no failures and
 * p99 <= 500 ms; latency flat within 20 % from 3,000 to 50,000 deals). Each target is measured
 * anonymous and signed in (the session cookie), on the benchmark catalogue and in turn on the
 * 3,000-deal one when it is open beside it; listings and searches on the pages full in both.
 */
import { checkPaths, type LoadResult, measureInTurn, measureLoad } from "../lib/load.ts";
import {
  type BenchContext,
  type BenchRow,
  brandHeaders,
  row,
  type ServedCatalogue,
  type Suite,
  signedIn,
} from "../lib/suite.ts";
import { dealPagePaths, fullListings, fullSearches } from "../lib/varied.ts";

/** How many of a list's paths are asked once before the load, to fail early on a broken one. */
const CHECKED_PATHS = 10;

/** The catalogues a target is measured on: the benchmark's, then the smaller beside it. */
const servedCatalogues = (context: BenchContext): ServedCatalogue[] =>
  context.smaller ? [context, context.smaller] : [context];

/** The paths of a target on one catalogue (listings' and searches' are the same on both). */
export type PathsOf = (catalogue: ServedCatalogue) => readonly string[] | Promise<readonly string[]>;

async function anonymousAndSignedIn(
  context: BenchContext,
  suite: string,
  target: string,
  headers: Record<string, string>,
  pathsOf: PathsOf,
): Promise<BenchRow[]> {
  const catalogues = servedCatalogues(context);
  const paths = await Promise.all(catalogues.map(pathsOf));
  for (const [index, catalogue] of catalogues.entries()) {
    await checkPaths({ url: catalogue.appUrl, headers, paths: paths[index]!.slice(0, CHECKED_PATHS) });
  }
  const rows: BenchRow[] = [];
  for (const who of ["anonymous", "signed in"] as const) {
    const loads = catalogues.map((catalogue, index) => ({
      url: catalogue.appUrl,
      headers: who === "anonymous" ? headers : signedIn(headers, catalogue.shopperSid),
      paths: paths[index]!,
    }));
    const results: LoadResult[] =
      loads.length === 1 ? [await measureLoad(loads[0]!)] : (await measureInTurn(loads)).results;
    for (const [index, result] of results.entries()) {
      rows.push({ ...row(suite, `${target}, ${who}`, result, context), deals: catalogues[index]!.deals });
    }
  }
  return rows;
}

const LISTINGS = "(10 locations × 5 pages × 5 sorts)";

const appUrls = (context: BenchContext) => servedCatalogues(context).map((catalogue) => catalogue.appUrl);

/** The listings full on every catalogue measured, so both sizes are asked for the same pages. */
const listingsOf = (context: BenchContext) => fullListings(...appUrls(context));

export const listingOrigin: Suite = {
  name: "listing-origin",
  responseCache: false,
  bothSizes: true,
  async run(context) {
    const { kept, label } = await listingsOf(context);
    return anonymousAndSignedIn(
      context,
      "listing-origin",
      `listing API, ${label} ${LISTINGS}`,
      brandHeaders("main-uk"),
      () => kept.map((listing) => listing.api),
    );
  },
};

export const searchOrigin: Suite = {
  name: "search-origin",
  responseCache: false,
  bothSizes: true,
  async run(context) {
    const { kept, label } = await fullSearches(...appUrls(context));
    return anonymousAndSignedIn(
      context,
      "search-origin",
      `search API, ${label} (12 queries incl. 3 typos × 10 locations)`,
      brandHeaders("main-uk"),
      () => kept,
    );
  },
};

/**
 * The page targets: the homepage, the listing pages full on every server named, and each
 * catalogue's own first deals (also measured by bench/spread.ts).
 */
export async function pageTargets(...appUrls: string[]): Promise<[string, PathsOf][]> {
  const { kept, label } = await fullListings(...appUrls);
  return [
    ["HTML render: homepage, GET /", () => ["/"]],
    [`HTML render: listing page, ${label} ${LISTINGS}`, () => kept.map((listing) => listing.page)],
    [
      "HTML render: deal page, the 10 locations' first 24 deals",
      (catalogue) => dealPagePaths(catalogue.appUrl),
    ],
  ];
}

export const pagesOrigin: Suite = {
  name: "pages-origin",
  responseCache: false,
  bothSizes: true,
  async run(context) {
    const rows: BenchRow[] = [];
    for (const [target, pathsOf] of await pageTargets(...appUrls(context))) {
      rows.push(
        ...(await anonymousAndSignedIn(context, "pages-origin", target, { accept: "text/html" }, pathsOf)),
      );
    }
    return rows;
  },
};
