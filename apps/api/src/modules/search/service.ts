/**
 * Search (services.md §7.7 "GET {search base}/{location} with q"): deals whose headline,
 * title, merchant, categories or place hold every word of the query, ranked by how well
 * they match; when none do, deals with similar words (typos). Facets, sort, price range
 * and vip as on listings; sponsored deals marked as such; and, when little is found,
 * searches to try instead. Suggestions while typing and the top searches come from the
 * searches shoppers made.
 */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { SPONSORED_RESULTS_MAX, SUGGEST_LIMIT, TOP_SEARCHES } from "@deals/domain/constants";
import { addDealDays, dealDayOf } from "@deals/domain/deal-day";
import { canonicalListingUrl } from "@deals/domain/listing-query";
import { dealListWindow } from "@deals/domain/paging";
import { didYouMean } from "@deals/domain/search-suggestion";
import { invalidParameter } from "../../errors.ts";
import { KeptBriefly } from "../../kept-briefly.ts";
import { isShortName } from "../../short-name.ts";
import { onPage } from "../deals/deal-list-json.ts";
import { listedSummaries } from "../deals/kept-summaries.ts";
import { type DealFilter, findCategoriesByShortName, type SearchMatch } from "../deals/queries.ts";
import type { DealListResponse, ListingInput, SponsoredDeal } from "../deals/schemas.ts";
import {
  dealDayKey,
  facetFilters,
  isoDealDay,
  liveSince,
  orderFor,
  priceStats,
  queryCategoryNames,
  queryFilter,
} from "../deals/service.ts";
import { storefrontOrigin, toDealSummary } from "../deals/summaries.ts";
import { cachedListingSummary, listingSummaryTtlMs } from "../deals/summary-cache.ts";
import { findBrandLocation, locationNotFound } from "../locations/service.ts";
import { type CategoryMatch, correctWords, findCategoriesLike, topSearches } from "./queries.ts";
import { searchPage } from "./ranked-pages.ts";
import type { Suggestions, TopSearches } from "./schemas.ts";
import type { SearchLog } from "./search-log.ts";
import { normaliseSearch } from "./search-log.ts";
import { sponsoredDeals } from "./sponsored-deals.ts";

/** Fewer results than this and the answer suggests other searches too (ours). */
const FEW_RESULTS = 3;
const SEARCH_SUGGESTIONS = 5;
/** Top searches weighed for "Did you mean": only those that read like the query are offered. */
const SUGGESTION_CANDIDATES = 50;

/** The first day whose searches count towards the top searches. */
function topSearchesSince(now: Date): string {
  return isoDealDay(addDealDays(dealDayOf(now), -TOP_SEARCHES.windowDays));
}

/**
 * Searches to try when a query found little: categories, then top searches, that read like
 * it (didYouMean); none for a query like no real word.
 */
async function searchSuggestions(db: Db, brand: Brand, text: string, now: Date): Promise<string[]> {
  const [categories, popular] = await Promise.all([
    findCategoriesLike(db, brand.countryCode, text, SEARCH_SUGGESTIONS),
    topSearches(db, brand.id, topSearchesSince(now), SUGGESTION_CANDIDATES),
  ]);
  const candidates = [
    ...categories.map((category) => category.name.toLowerCase()),
    ...popular.map((search) => search.query),
  ];
  return didYouMean(normaliseSearch(text), candidates, SEARCH_SUGGESTIONS);
}

/**
 * A search that finds little is usually asked again: at 3,000 deals over half the bench's
 * searches found fewer than three, and each wrote the waiting counts and read the categories and
 * top searches before answering, one write after another (docs/scaling.md "Searches that find
 * little, and catalogue sizes compared like for like"). So a brand's suggestions for a query are
 * kept as long as a listing's summary; each read first writes the counts waiting, so it weighs
 * every search made until then.
 */
const suggestionsByQuery = new KeptBriefly<string[]>(1000);

function keptSuggestions(db: Db, brand: Brand, text: string, now: Date, log: SearchLog): Promise<string[]> {
  const key = `${brand.id}\n${normaliseSearch(text)}`;
  return suggestionsByQuery.get(db, key, listingSummaryTtlMs(), async () => {
    await log.flush();
    return searchSuggestions(db, brand, text, now);
  });
}

export async function search(
  db: Db,
  brand: Brand,
  locationShortName: string | undefined,
  input: ListingInput,
  now: Date,
  log: SearchLog,
): Promise<DealListResponse> {
  const query = input.listing;
  const text = query.q ? query.q.replace(/\s+/g, " ") : "";
  if (text === "") throw invalidParameter("q is required: the words to search for");
  const [location, categoryRows] = await Promise.all([
    locationShortName === undefined ? undefined : findBrandLocation(db, brand, locationShortName),
    findCategoriesByShortName(db, brand.countryCode, [
      ...new Set(queryCategoryNames(query).filter(isShortName)),
    ]),
  ]);
  if (locationShortName !== undefined && !location) throw locationNotFound();

  // A search lists a location's local deals and every national deal, and closed last-chance
  // deals, which a shopper arriving from search may still buy (product.md §4).
  const base: DealFilter = {
    ...queryFilter(query, categoryRows, now),
    brandId: brand.id,
    locationId: location?.id,
    includeNational: true,
    includeLastChance: true,
  };
  // The default sort of a search is by relevance; the other sort options apply as listed.
  const order = query.sort.id === "popularity" ? "relevance" : orderFor(query);
  const window = dealListWindow({ page: query.page, pageSize: query.pageSize, offset: query.offset ?? 0 });
  // The summary first: it is usually in memory, and when it counts no deal the page and the
  // sponsored deals (both among those it counts) are not read at all.
  const run = async (match: SearchMatch) => {
    const filter = { ...base, search: match };
    const summary = await cachedListingSummary(db, filter, "category");
    if (summary.count === 0) return { summary, deals: [], sponsoredRows: [] };
    const [deals, sponsoredRows] = await Promise.all([
      searchPage(db, brand.id, filter, order, { offset: window.start, limit: window.end - window.start }),
      sponsoredDeals(db, brand.id, filter, now, SPONSORED_RESULTS_MAX),
    ]);
    return { summary, deals, sponsoredRows };
  };
  let correctedQuery: string | null = null;
  let { deals, summary, sponsoredRows } = await run({ text, mode: "words" });
  if (summary.count === 0) {
    // Typos: search again with each word corrected to the closest word deals use.
    const words = searchWords(text);
    const corrected = (await correctedWords(db, words)).join(" ");
    if (corrected !== words.join(" ")) {
      correctedQuery = corrected;
      ({ deals, summary, sponsoredRows } = await run({ text: corrected, mode: "words" }));
    }
  }
  // A search counts under the words that found its deals: a typo corrected to "restaurant"
  // counts as "restaurant", so the top searches list only searches spelt right.
  log.record(brand.id, correctedQuery ?? text, summary.count, dealDayKey(now));
  const suggestions = summary.count < FEW_RESULTS ? await keptSuggestions(db, brand, text, now, log) : [];

  const sponsored: SponsoredDeal[] = sponsoredRows.map((row) => ({
    ...toDealSummary(row),
    sponsored: true,
    adId: row.adId,
  }));
  return {
    deals: onPage(deals, query.page),
    mainDeal: null,
    count: summary.count,
    page: query.page,
    pageSize: query.pageSize,
    facetedNavigation: {
      navigations: summary.navigations,
      filters: facetFilters(summary, base.facets ?? {}),
      stats: priceStats(summary),
    },
    sponsored: { deals: sponsored, sessionId: null },
    searchResult: {
      query: text,
      fuzzy: correctedQuery !== null,
      correctedQuery,
      total: summary.count,
      suggestions,
    },
    canonicalUrl: canonicalListingUrl(storefrontOrigin(brand), "/search", {
      q: text,
      page: String(query.page + 1),
    }),
    evergreenUrl: null,
    redirectUrl: null,
    location: location ? { shortName: location.shortName, name: location.name } : null,
    category: null,
    subCategory: null,
    collection: null,
  };
}

/**
 * Misspelt searches come back again and again, and correcting one is a trigram look-up over
 * every word deals use: each set of words is corrected once and kept as long as a listing's
 * summary, the words' count, is (a correction may lag a change to the catalogue as a count does).
 */
const corrections = new KeptBriefly<string[]>(1000);

function correctedWords(db: Db, words: string[]): Promise<string[]> {
  return corrections.get(db, words.join(" "), listingSummaryTtlMs(), () => correctWords(db, words));
}

/** The words of a query: runs of letters and digits, lower case. */
function searchWords(text: string): string[] {
  return normaliseSearch(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

// ---- while typing ----

/** A to_tsquery text of the typed words (letters and digits only), the last as a prefix. */
export function prefixQuery(text: string): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  return words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(" & ");
}

/** Where a category's listing lives on the storefront (as the header navigation links it). */
function categoryUrl(category: CategoryMatch, location: string): string {
  const roots = { national: "/deals/shop", travel: "/deals/escapes", gifts: "/gifts" } as const;
  const local = category.canonicalPathType === "local";
  if (category.level === 1) {
    return local
      ? `/deals/${location}/${category.shortName}`
      : roots[category.canonicalPathType as keyof typeof roots];
  }
  const parent = local
    ? `/deals/${location}/${category.parentShortName}`
    : roots[category.canonicalPathType as keyof typeof roots];
  return `${parent}/${category.shortName}`;
}

export async function suggest(
  db: Db,
  brand: Brand,
  typed: string,
  locationShortName: string | undefined,
  now: Date,
  log: SearchLog,
): Promise<Suggestions> {
  const text = normaliseSearch(typed);
  const tsQuery = prefixQuery(text);
  await log.flush();
  // Nothing typed yet: the top searches alone.
  if (text === "") {
    const searches = await topSearches(db, brand.id, topSearchesSince(now), SUGGEST_LIMIT);
    return { query: text, searches: searches.map((entry) => entry.query), categories: [], deals: [] };
  }
  const [searches, categories, deals] = await Promise.all([
    topSearches(db, brand.id, topSearchesSince(now), SUGGEST_LIMIT, text),
    findCategoriesLike(db, brand.countryCode, text, SUGGEST_LIMIT),
    tsQuery === null
      ? []
      : listedSummaries(
          db,
          { brandId: brand.id, liveSince: liveSince(now), search: { text: tsQuery, mode: "prefix" } },
          "popularity",
          { offset: 0, limit: SUGGEST_LIMIT },
        ),
  ]);
  const location =
    locationShortName !== undefined && isShortName(locationShortName)
      ? locationShortName
      : brand.defaultLocation;
  return {
    query: text,
    searches: searches.map((entry) => entry.query),
    categories: categories.map((category) => ({
      name: category.name,
      shortName: category.shortName,
      url: categoryUrl(category, location),
    })),
    deals,
  };
}

export async function getTopSearches(db: Db, brand: Brand, now: Date, log: SearchLog): Promise<TopSearches> {
  await log.flush();
  const searches = await topSearches(db, brand.id, topSearchesSince(now), TOP_SEARCHES.limit);
  return { searches };
}
