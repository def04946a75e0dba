/**
 * What a listing's filter form shows (product.md §2 "Routes": sort options, price filter
 * lists, facet parameters): built on the server from the shared listing-query rules, so the
 * browser gets plain data and no rule code.
 */
import type { Brand } from "@deals/domain/brand";
import { NIGHTS_RANGE, PASSENGER_COUNTS } from "@deals/domain/constants";
import {
  DEFAULT_SORT_OPTION,
  type ListingQuery,
  type ListingStay,
  PRICE_FILTER_OPTIONS,
  parseListingQuery,
  priceFilterSteps,
  SORT_OPTIONS,
  sortQueryParams,
} from "@deals/domain/listing-query";
import { formatMoney } from "@deals/domain/money";
import type { DealListResponse } from "./api-types.ts";
import { type SortChoice, withSearch } from "./listing-search.ts";

export const SORT_CHOICES: readonly SortChoice[] = SORT_OPTIONS.map((option) => ({
  id: option.id,
  label: option.label,
  params: sortQueryParams(option.id),
}));

/** Parameters that choose what the page is about, not how it is filtered: kept by the form. */
export const KEPT_PARAMS = ["q", "searchTag", "giftFor"] as const;

/** The travel dates a shopper chooses on travel listings (check-in, then nights or check-out). */
export const STAY_PARAMS = ["checkIn", "checkOut", "nights", "guests"] as const;

/** The subcategory facet: the listing's next level down, as checkboxes. */
export const CATEGORY_FACET_PARAM = "categories";

/**
 * Reads a storefront listing query, leaving out what is not valid rather than refusing the
 * page: a shared link with one bad value still shows the deals.
 */
export function tolerantListingQuery(search: URLSearchParams): ListingQuery {
  const params = new URLSearchParams(search);
  for (;;) {
    const parsed = parseListingQuery(params, { pageNumbering: "url" });
    if (parsed.ok) return parsed.query;
    for (const { param } of parsed.errors) {
      if ((STAY_PARAMS as readonly string[]).includes(param)) {
        // The dates only make sense together: one bad part drops the stay.
        for (const name of STAY_PARAMS) params.delete(name);
      } else if (param === "facets") {
        for (const name of [...params.keys()])
          if (name.startsWith("f_") || name.startsWith("uFilter")) params.delete(name);
      } else if (params.has(param)) {
        params.delete(param);
      } else {
        // An error across parameters (a sort order not offered) names one of a pair.
        params.delete("orderBy");
        params.delete("order");
      }
    }
  }
}

/** The filters the shopper chose, as API listing parameters, then those the page fixes. */
export function apiListingSearch(query: ListingQuery, fixed: Record<string, string> = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(sortQueryParams(query.sort.id))) search.set(name, value);
  if (query.minPrice !== undefined) search.set("minPrice", String(query.minPrice));
  if (query.maxPrice !== undefined) search.set("maxPrice", String(query.maxPrice));
  for (const name of KEPT_PARAMS) {
    const value = query[name];
    if (value) search.set(name, value);
  }
  if (query.categories.length > 0) search.set(CATEGORY_FACET_PARAM, query.categories.join(","));
  for (const [name, values] of Object.entries(query.facets))
    for (const value of values) search.append(name, value);
  if (query.vip) search.set("vip", "true");
  if (query.stay) for (const [name, value] of stayParams(query.stay)) search.set(name, value);
  for (const [name, value] of Object.entries(fixed)) search.set(name, value);
  return search;
}

/** A chosen stay as the query a storefront page carries: check-in, nights and guests. */
export function stayParams(stay: ListingStay): URLSearchParams {
  return new URLSearchParams({
    checkIn: stay.checkIn,
    nights: String(stay.nights),
    guests: String(stay.guests),
  });
}

/**
 * The price list that suits a listing, by its dearest deal in major units: the short lists
 * up to 200 and up to 1000, else the finer steps up to the dearest deal.
 */
export function priceFilterList(maxPriceMajor: number): readonly number[] {
  if (maxPriceMajor <= 200) return PRICE_FILTER_OPTIONS.upTo200;
  if (maxPriceMajor <= 1000) return PRICE_FILTER_OPTIONS.upTo1000;
  return priceFilterSteps(maxPriceMajor);
}

export interface FilterOption {
  value: string;
  label: string;
  count?: number;
  checked: boolean;
}

export interface FacetGroup {
  param: string;
  legend: string;
  options: FilterOption[];
}

export interface ListingFilters {
  /** The listing's path: where the form is sent. */
  action: string;
  /** Fields the page keeps whatever the filters (a search query, a gift tag). */
  kept: [string, string][];
  sorts: readonly SortChoice[];
  sort: string;
  /** Price choices in major units, as text for the select. */
  prices: { value: string; label: string }[];
  minPrice: string;
  maxPrice: string;
  facets: FacetGroup[];
  /** The travel date fields, on travel listings only: no check-in until one is chosen. */
  stay: {
    checkIn: string;
    nights: string;
    guests: string;
    min: string;
    nightOptions: number[];
    guestOptions: number[];
  } | null;
  /** How many filters are on, and the page without them. */
  active: number;
  clearHref: string;
}

export function listingFilters(
  path: string,
  query: ListingQuery,
  facetedNavigation: DealListResponse["facetedNavigation"],
  brand: Brand,
  travel = false,
  today = new Date().toISOString().slice(0, 10),
): ListingFilters {
  const kept: [string, string][] = KEPT_PARAMS.flatMap((name) => {
    const value = query[name];
    return value ? [[name, value] as [string, string]] : [];
  });
  const dearest = Math.ceil(facetedNavigation.stats.maxPrice / 100);
  const values = new Set(priceFilterList(Math.max(dearest, query.maxPrice ?? 0)));
  // A price from a shared link stays selectable even when it is not on the list.
  for (const chosen of [query.minPrice, query.maxPrice]) if (chosen !== undefined) values.add(chosen);
  const prices = [...values]
    .sort((a, b) => a - b)
    .map((major) => ({
      value: String(major),
      label: formatMoney(major * 100, brand.currency, brand.locale),
    }));

  const facets: FacetGroup[] = [];
  const subcategories = facetedNavigation.navigations.filter((item) => item.count > 0);
  if (subcategories.length > 0 || query.categories.length > 0) {
    facets.push({
      param: CATEGORY_FACET_PARAM,
      legend: "Category",
      options: subcategories.map((item) => ({
        value: item.shortName,
        label: item.linkText,
        count: item.count,
        checked: query.categories.includes(item.shortName),
      })),
    });
  }

  for (const filter of facetedNavigation.filters) {
    const chosen = query.facets[filter.name] ?? [];
    const options = filter.values
      .filter((value) => value.count > 0 || chosen.includes(value.value))
      .map((value) => ({
        value: value.value,
        label: value.label,
        count: value.count,
        checked: chosen.includes(value.value),
      }));
    if (options.length > 0) facets.push({ param: filter.name, legend: filter.label, options });
  }

  // The VIP-only toggle (product.md §6 "VIP member": VIP-only deals and toggle); the VIP hub
  // and its categories list nothing else, and search has its own toggle.
  if (!/^\/(deals\/vip|search)(\/|$)/.test(path)) {
    facets.push({
      param: "vip",
      legend: "VIP",
      options: [{ value: "true", label: "VIP deals only", checked: query.vip }],
    });
  }

  const active =
    (query.vip ? 1 : 0) +
    (query.minPrice === undefined ? 0 : 1) +
    (query.maxPrice === undefined ? 0 : 1) +
    query.categories.length +
    Object.values(query.facets).reduce((sum, list) => sum + list.length, 0) +
    (query.sort.id === DEFAULT_SORT_OPTION.id ? 0 : 1) +
    (query.stay ? 1 : 0);
  return {
    action: path,
    kept,
    sorts: SORT_CHOICES,
    sort: query.sort.id,
    prices,
    minPrice: query.minPrice === undefined ? "" : String(query.minPrice),
    maxPrice: query.maxPrice === undefined ? "" : String(query.maxPrice),
    facets,
    stay: travel
      ? {
          checkIn: query.stay?.checkIn ?? "",
          nights: String(query.stay?.nights ?? NIGHTS_RANGE.min),
          guests: String(query.stay?.guests ?? PASSENGER_COUNTS[0]),
          min: today,
          nightOptions: Array.from(
            { length: NIGHTS_RANGE.max - NIGHTS_RANGE.min + 1 },
            (_, i) => NIGHTS_RANGE.min + i,
          ),
          guestOptions: [...PASSENGER_COUNTS],
        }
      : null,
    active,
    clearHref: withSearch(path, new URLSearchParams(kept)),
  };
}
