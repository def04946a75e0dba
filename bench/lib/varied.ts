/**
 * Varied URLs for the origin suites: the long tail of real traffic, which a short memory cache
 * does not hold. Each list is shuffled with a fixed seed, so runs ask for the same pages in
 * the same order and neighbouring requests are seldom alike.
 */
import { brandHeaders } from "./suite.ts";

/** Ten main-UK locations, large and small. */
export const BENCH_LOCATIONS = [
  "london",
  "manchester",
  "birmingham",
  "leeds",
  "glasgow",
  "edinburgh",
  "bristol",
  "brighton",
  "york",
  "norwich",
] as const;

/** The five sorts (product.md §2), as their query parameters; the default has none. */
export const BENCH_SORTS = [
  "",
  "&orderBy=price&order=desc",
  "&orderBy=price&order=asc",
  "&orderBy=discount&order=desc",
  "&orderBy=dateAdded&order=desc",
] as const;

export const BENCH_PAGES = [0, 1, 2, 3, 4] as const;

/** Deals a page of the listing and search paths asks for. */
export const PAGE_SIZE = 24;

/** Twelve searches, three of them misspelt (corrected and searched again). */
export const BENCH_QUERIES = [
  "spa day",
  "massage",
  "afternoon tea",
  "cocktail",
  "steak",
  "hotel",
  "gin tasting",
  "facial",
  "brunch",
  "masage",
  "aftrnoon tea",
  "cocktial",
] as const;

/** A fixed-seed shuffle (mulberry32), so every run orders the URLs alike. */
export function shuffled<T>(items: readonly T[], seed = 14): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const list = [...items];
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** One listing the origin suites ask for: its API path and its storefront page. */
export interface BenchListing {
  api: string;
  page: string;
}

/** 250 listings: 10 locations × pages 0–4 × 5 sorts, 24 deals a page. */
export function benchListings(): BenchListing[] {
  return shuffled(
    BENCH_LOCATIONS.flatMap((location) =>
      BENCH_PAGES.flatMap((page) =>
        BENCH_SORTS.map((sort) => ({
          api: `/v1/deals/${location}?page=${page}&pageSize=${PAGE_SIZE}${sort}`,
          page: `/deals/${location}?page=${page + 1}${sort}`,
        })),
      ),
    ),
  );
}

/**
 * Those of `asked` whose API page is full on every server named, labelled "N URLs" or "N of M
 * URLs". Past its last page a listing answers a short or empty page, and a search that finds few
 * deals a short one, far cheaper to read and render than a full one: a smaller catalogue is
 * measured on the pages full in both, so catalogue sizes compare like for like.
 */
async function fullOnEvery<T>(
  asked: readonly T[],
  apiPath: (item: T) => string,
  appUrls: readonly string[],
): Promise<{ kept: T[]; label: string }> {
  const kept: T[] = [];
  for (const item of asked) {
    let full = true;
    for (const appUrl of appUrls) {
      const response = await fetch(`${appUrl}${apiPath(item)}`, { headers: brandHeaders("main-uk") });
      const body = (await response.json()) as { deals?: unknown[] };
      full &&= response.ok && body.deals?.length === PAGE_SIZE;
    }
    if (full) kept.push(item);
  }
  if (kept.length === 0) throw new Error("None of the bench's URLs has a full page");
  const label =
    kept.length === asked.length ? `${asked.length} URLs` : `${kept.length} of ${asked.length} URLs`;
  return { kept, label };
}

/** The bench's listings whose page is full on every server named. */
export const fullListings = (...appUrls: string[]) =>
  fullOnEvery(benchListings(), (listing) => listing.api, appUrls);

/** The bench's searches whose first page is full on every server named. */
export const fullSearches = (...appUrls: string[]) => fullOnEvery(searchApiPaths(), (path) => path, appUrls);

/** 120 search API paths: 12 queries in each of 10 locations. */
export function searchApiPaths(): string[] {
  return shuffled(
    BENCH_LOCATIONS.flatMap((location) =>
      BENCH_QUERIES.map((q) => `/v1/search/${location}?q=${encodeURIComponent(q)}&pageSize=${PAGE_SIZE}`),
    ),
  );
}

/** Deal pages of the ten locations' first listing pages, as a shopper finds them. */
export async function dealPagePaths(appUrl: string): Promise<string[]> {
  const paths: string[] = [];
  for (const location of BENCH_LOCATIONS) {
    const response = await fetch(`${appUrl}/v1/deals/${location}?page=0&pageSize=${PAGE_SIZE}`, {
      headers: brandHeaders("main-uk"),
    });
    const body = (await response.json()) as { deals: { urlPath: string }[] };
    paths.push(...body.deals.map((deal) => deal.urlPath));
  }
  if (paths.length === 0) throw new Error("The listings have no deal pages to measure");
  return shuffled([...new Set(paths)]);
}
