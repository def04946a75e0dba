/**
 * The search page's loader (product.md §2 "search with suggestions, top searches and
 * sponsored results"): results for q in the shopper's location with the listing filters,
 * sort and vip parameter, sponsored deals marked, and for a search that finds nothing, other
 * spellings and the top searches. Any q gets a page: an unusable one is explained, never run.
 */
import { DEFAULT_DEALS_PAGE_SIZE, LISTING_QUERY_LIMITS } from "@deals/domain/constants";
import { canonicalListingUrl, parseListingQuery, storefrontPageNumber } from "@deals/domain/listing-query";
import { type AppLoadContext, data, redirect } from "react-router";
import { type ApiClient, createApiClient } from "./api.ts";
import type { DealListResponse } from "./api-types.ts";
import { requestBrand } from "./brand.server.ts";
import { pageCacheHeaders } from "./cache.server.ts";
import { NOT_INDEXED, type PageHead } from "./head.ts";
import { dealCardView } from "./listing.server.ts";
import {
  apiListingSearch,
  listingFilters,
  SORT_CHOICES,
  tolerantListingQuery,
} from "./listing-filters.server.ts";
import { isUntidyListingSearch, listingSearchFromForm, withSearch } from "./listing-search.ts";
import { eligibleLocations, homeLocation, LOCATION_COOKIE } from "./location.server.ts";
import { isMissing, notFound } from "./not-found.ts";
import { paginationLinks } from "./pagination.server.ts";
import { searchHref } from "./search-suggestions.ts";

export const SEARCH_PATH = "/search";

/**
 * Why the typed text cannot be searched for, in the shopper's words, or null. The listing
 * rules decide what is searchable; the text itself is never repeated back.
 */
export function searchTextProblem(text: string): string | null {
  if (parseListingQuery({ q: text }).ok) return null;
  const { maxTextLength } = LISTING_QUERY_LIMITS;
  return text.length > maxTextLength
    ? `Your search is too long. Please use ${maxTextLength} characters or fewer.`
    : "Your search holds characters we cannot search for. Please type it again.";
}

/** The location searched: `?location=` when it is one of the brand's, else the shopper's own. */
async function searchLocation(api: ApiClient, request: Request, url: URL) {
  const brand = requestBrand(request);
  const eligible = await eligibleLocations(api);
  const asked = url.searchParams.get("location")?.toLowerCase();
  const named = eligible?.find((location) => location.shortName === asked);
  return named?.shortName ?? homeLocation(request, brand, eligible).shortName;
}

/** services.md §8: a failed lookup leaves the list empty, never the page. */
async function topSearchQueries(api: ApiClient): Promise<string[]> {
  try {
    return (await api.topSearches()).searches.map((entry) => entry.query);
  } catch (error) {
    console.warn("top searches unavailable", error);
    return [];
  }
}

/** A link for each query, to the search page for it. */
function searchLinks(queries: readonly string[]) {
  return queries.map((query) => ({ query, href: searchHref(query) }));
}

export async function loadSearch(request: Request, context: AppLoadContext) {
  const brand = requestBrand(request);
  const url = new URL(request.url);
  // A filter form sent without JavaScript: go to the tidy address it stands for.
  if (isUntidyListingSearch(url.searchParams)) {
    throw redirect(withSearch(SEARCH_PATH, listingSearchFromForm(url.searchParams, SORT_CHOICES)));
  }
  const api = createApiClient(context.apiFetch, brand);
  const location = await searchLocation(api, request, url);
  const typed = url.searchParams.get("q") ?? "";
  const problem = searchTextProblem(typed);
  const query = tolerantListingQuery(url.searchParams);
  const pageNumber = storefrontPageNumber(url.searchParams);
  const headers = pageCacheHeaders(request, [LOCATION_COOKIE]);

  let results: DealListResponse | null = null;
  if (!problem && query.q) {
    try {
      results = await api.search(location, {
        page: pageNumber - 1,
        pageSize: DEFAULT_DEALS_PAGE_SIZE,
        query: apiListingSearch(query),
      });
    } catch (error) {
      // The API refuses what it cannot search for (400): the page says so, like a too long q.
      if (!isMissing(error)) throw error;
    }
  }
  const count = results?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / DEFAULT_DEALS_PAGE_SIZE));
  if (pageNumber > pageCount) throw notFound();

  const now = new Date();
  const searched = results?.searchResult?.query ?? query.q ?? "";
  const heading = searched ? `Results for “${searched}”` : "Search deals";
  const head: PageHead = {
    title: `${searched ? `${searched}: search` : "Search"} | ${brand.name}`,
    description: searched
      ? `${count} ${count === 1 ? "deal" : "deals"} on ${brand.name} for ${searched}, every price shown with its fees.`
      : `Search every deal on ${brand.name}.`,
    canonical: canonicalListingUrl(url.origin, SEARCH_PATH, url.searchParams),
    // Result pages are endless variations: crawlers follow them to the deals, not index them.
    robots: NOT_INDEXED,
    siteName: brand.name,
  };
  const nothingFound = count === 0;
  const page = {
    heading,
    query: searched,
    location,
    problem,
    count,
    fuzzy: results?.searchResult?.fuzzy ?? false,
    deals: (results?.deals ?? []).map((deal) => dealCardView(deal, brand.locale, now, "search")),
    sponsored: (results?.sponsored.deals ?? []).map((deal) => ({
      adId: deal.adId,
      card: dealCardView(deal, brand.locale, now, "sponsored-search"),
    })),
    vip: query.vip,
    vipToggle: vipToggleHref(url.searchParams, !query.vip),
    filters: results ? listingFilters(SEARCH_PATH, query, results.facetedNavigation, brand) : null,
    pagination: paginationLinks(SEARCH_PATH, url.searchParams, pageNumber, pageCount),
    otherSpellings: searchLinks(results?.searchResult?.suggestions ?? []),
    topSearches: nothingFound ? searchLinks(await topSearchQueries(api)) : [],
    head,
  };
  return data(page, { status: problem ? 400 : 200, headers });
}

/** The same search with VIP deals only, or with every deal again (services.md §7.7 "vip"). */
function vipToggleHref(search: URLSearchParams, vip: boolean): string {
  const next = new URLSearchParams(search);
  next.delete("page");
  if (vip) next.set("vip", "true");
  else next.delete("vip");
  return withSearch(SEARCH_PATH, next);
}

export type SearchData = Awaited<ReturnType<typeof loadSearch>>["data"];
