/**
 * The one typed client of the API (services.md §7). Server loaders pass `context.apiFetch`;
 * the browser can pass `fetch` to call same-origin `/v1/...`.
 */
import type { Brand } from "@deals/domain/brand";
import type { ClientLogRecord } from "@deals/domain/client-log";
import { API_VERSION } from "@deals/domain/constants";
import type { TilesRequest } from "@deals/domain/tiles";
import type {
  AdEvents,
  Availability,
  DealDetail,
  DealList,
  DealListResponse,
  DealUrlResolution,
  Flight,
  Guide,
  Homepage,
  Location,
  LocationList,
  NavigationList,
  Recorded,
  ReviewSort,
  ReviewsResponse,
  ReviewsSummary,
  Site,
  SocialCue,
  SponsoredSession,
  StaticPage,
  Suggestions,
  TopSearches,
} from "./api-types.ts";
import type { ApiFetch } from "./context.ts";

/** An API answer outside 2xx, with the code and message of its error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

/** Reads `{ error: { code, message } }`; a body of another shape still gives an ApiError. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code = typeof error?.code === "string" ? error.code : `HTTP_${response.status}`;
  const message = typeof error?.message === "string" ? error.message : `The API answered ${response.status}.`;
  return new ApiError(response.status, code, message);
}

/** Headers every API call sends (services.md §7): the brand family and the site's country. */
export function apiHeaders(brand: Brand): Record<string, string> {
  return {
    accept: "application/json",
    brand: brand.key,
    "country-code": brand.countryCode,
    version: API_VERSION,
  };
}

export interface ListingPageRequest {
  /** 0-based, as the API counts pages. */
  page: number;
  pageSize: number;
  /** Further listing parameters (sort, price range, facets); its page and pageSize are replaced. */
  query?: URLSearchParams;
}

/** Which reviews to list: 0-based page, like every API page. */
export interface ReviewsQuery {
  dealId: number;
  filterByDeal: boolean;
  page: number;
  size: number;
  sortBy: ReviewSort;
}

export function createApiClient(fetcher: ApiFetch, brand: Brand) {
  async function get<T>(path: string, extraHeaders: Record<string, string> = {}): Promise<T> {
    const response = await fetcher(path, { headers: { ...apiHeaders(brand), ...extraHeaders } });
    if (!response.ok) throw await apiErrorFrom(response);
    return (await response.json()) as T;
  }
  async function send(path: string, body: unknown): Promise<Response> {
    const headers = { ...apiHeaders(brand), "content-type": "application/json" };
    const response = await fetcher(path, { method: "POST", headers, body: JSON.stringify(body) });
    if (!response.ok) throw await apiErrorFrom(response);
    return response;
  }
  const post = async <T>(path: string, body: unknown): Promise<T> =>
    (await (await send(path, body)).json()) as T;
  const segment = encodeURIComponent;
  const ids = (dealIds: readonly number[]) => dealIds.map((id) => `id=${id}`).join("&");

  return {
    locations: () => get<LocationList>("/v1/locations"),
    location: (shortName: string) => get<Location>(`/v1/location/${segment(shortName)}`),
    navigations: (location: string) => get<NavigationList>(`/v1/navigations?location=${segment(location)}`),
    /** `segments`: the API's first segment (location, national-deal, travel) then categories. */
    deals: (segments: readonly string[], { page, pageSize, query }: ListingPageRequest) => {
      const search = new URLSearchParams(query);
      search.set("page", String(page));
      search.set("pageSize", String(pageSize));
      return get<DealListResponse>(`/v1/deals/${segments.map(segment).join("/")}?${search}`);
    },
    /** `path`: the storefront path asked for; the answer's redirectUrl says if it is not canonical. */
    deal: (id: string, path?: string) =>
      get<DealDetail>(`/v1/deal/${segment(id)}${path === undefined ? "" : `?path=${segment(path)}`}`),
    /** Which deal a storefront deal path names (an evergreen `e` path included), and its canonical path. */
    dealUrl: (path: string) => get<DealUrlResolution>(`/v1/deal-url?path=${segment(path)}`),
    /** Deals by id in the order given, unknown ids left out (recently viewed). */
    dealsById: (dealIds: readonly number[]) => get<DealList>(`/v1/deals?${ids(dealIds)}`),
    /** A static page of this site, /page/{slug}; redirectUrl names the site's own when it has another. */
    staticPage: (slug: string) => get<StaticPage>(`/v1/staticpage/${segment(slug)}`),
    /** A guide, /guides/{slug}, with the other guides and the listing it shows deals from. */
    guide: (slug: string) => get<Guide>(`/v1/guides/${segment(slug)}`),
    /** A location's popular deals and the national ones (services.md §7.7 recommendations). */
    locationRecommendations: (location: string, limit: number) =>
      get<DealList>(`/v1/recommendations?location=${segment(location)}&limit=${limit}`),
    /** A location's homepage: the main deal, secondary deals and the collection rows, in one call. */
    homepage: (location: string) => get<Homepage>(`/v1/homepage/${segment(location)}`),
    /** Tiles (services.md §7.1): unknown until checked, as the spec has the caller check the shape. */
    tiles: (request: TilesRequest) => {
      const search = new URLSearchParams({
        brand: request.brand,
        country: request.country,
        navigation: request.navigation,
        subNavigation: request.subNavigation,
        ...(request.location === null ? {} : { location: request.location }),
      });
      return get<unknown>(`/v1/tiles?${search}`);
    },
    /**
     * Recommended for you from the deals viewed (newest first) and, with the shopper's
     * `cookie` (their session), the deals they bought.
     */
    recommendedForYou: (location: string, viewed: readonly number[], cookie: string | null) =>
      get<DealList>(
        `/v1/recommended-for-you?location=${segment(location)}${viewed.map((id) => `&id=${id}`).join("")}`,
        cookie === null ? {} : { cookie },
      ),
    /** A location's newest local and national deals (services.md §7.7 new products). */
    newProducts: (location: string, pageSize: number) =>
      get<DealList>(`/v1/new-products/${segment(location)}?page=0&pageSize=${pageSize}`),
    socialCue: (dealId: number) => get<SocialCue>(`/v1/socialcue/deal/${dealId}`),
    /** A page of search results (q and the listing parameters in `query`), a location's and national deals. */
    search: (location: string, { page, pageSize, query }: ListingPageRequest) => {
      const search = new URLSearchParams(query);
      search.set("page", String(page));
      search.set("pageSize", String(pageSize));
      return get<DealListResponse>(`/v1/search/${segment(location)}?${search}`);
    },
    /** Searches, categories and deals for what the shopper has typed so far. */
    suggest: (typed: string, location: string) =>
      get<Suggestions>(`/v1/suggest?q=${segment(typed)}&location=${segment(location)}`),
    topSearches: () => get<TopSearches>("/v1/top-searches"),
    /** The deals a listing of `location` (its first API segment) showed (services.md §7.8). */
    dealImpressions: (location: string, dealIds: readonly number[]) =>
      post<Recorded>(`/v1/deal/${segment(location)}/impressions`, { dealIds }),
    /** A merchant's reviews, a page at a time (services.md §7.7 "Reviews"). */
    reviews: (merchantId: number, query: ReviewsQuery) => {
      const search = new URLSearchParams({
        dealId: String(query.dealId),
        filterByDeal: String(query.filterByDeal),
        page: String(query.page),
        size: String(query.size),
        sortBy: query.sortBy,
      });
      return get<ReviewsResponse>(`/v1/reviews/${merchantId}?${search}`);
    },
    /** The site's own rating from every review of its deals (the exit promo's trust rating). */
    reviewsSummary: () => get<ReviewsSummary>("/v1/reviews/summary"),
    /** What a partner site named by `?site=` is (services.md §7.7 "a site lookup to detect VIP"). */
    site: (name: string) => get<Site>(`/v1/site/${segment(name)}`),
    /** "Customers also viewed": deals like the one being viewed, popular first. */
    recommendations: (dealId: number, limit: number) =>
      get<DealList>(`/v1/recommendations?dealId=${dealId}&limit=${limit}`),
    /** A storefront path that answered 404 (services.md §7.8 "page-not-found reports"). */
    notFoundHit: async (hit: { path: string; referrer?: string }) => {
      await send("/v1/notFoundHit", hit);
    },
    /** An error the storefront met (services.md §3 "Client error log record"), for the server log. */
    log: async (record: ClientLogRecord) => {
      await send("/v1/log", record);
    },
    /** Opens (or keeps, when `sessionId` is known) a sponsored-search session. */
    sponsoredSession: (body: { customerToken?: string; sessionId?: string }) =>
      post<SponsoredSession>("/v1/sponsored/customer", body),
    /** A calendar deal's nights from today for `guests` (rooms of 2), months and stay lengths. */
    availability: async (dealId: number, guests: number) =>
      (await get<{ data: Availability }>(`/v1/availability/deal/${dealId}?guests=${guests}`)).data,
    /** A package's flights out on `date` and back `nights` later: the cheapest per airport, or one airport's. */
    flights: async (dealId: number, date: string, nights: number, airport?: string) =>
      (
        await get<{ flights: Flight[] }>(
          airport
            ? `/v1/flights/${dealId}/${date}?nights=${nights}&departureAirport=${segment(airport)}`
            : `/v1/flights/cheapest/${dealId}/${date}?nights=${nights}`,
        )
      ).flights,
    /** Impressions or clicks of sponsored deals (services.md §7.8 "ad events"). */
    adEvents: (events: AdEvents) => post<Recorded>("/v1/sponsored/impressionAndClick", events),
    /** Notify me: an email when a sold-out or out-of-stock deal is back on sale. */
    notifyMe: (dealId: number, email: string) =>
      post<{ message: string }>("/v1/deal/sold-out-notification", { dealId, email }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
