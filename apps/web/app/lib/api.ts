/**
 * The one typed client of the API (services.md §7). Server loaders pass `context.apiFetch`;
 * the browser can pass `fetch` to call same-origin `/v1/...`.
 */
import type { Brand } from "@deals/domain/brand";
import { API_VERSION } from "@deals/domain/constants";
import type { DealDetail, DealListResponse, Location, LocationList, NavigationList } from "./api-types.ts";
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
}

export function createApiClient(fetcher: ApiFetch, brand: Brand) {
  async function get<T>(path: string): Promise<T> {
    const response = await fetcher(path, { headers: apiHeaders(brand) });
    if (!response.ok) throw await apiErrorFrom(response);
    return (await response.json()) as T;
  }
  const segment = encodeURIComponent;

  return {
    locations: () => get<LocationList>("/v1/locations"),
    location: (shortName: string) => get<Location>(`/v1/location/${segment(shortName)}`),
    navigations: (location: string) => get<NavigationList>(`/v1/navigations?location=${segment(location)}`),
    /** `segments`: the API's first segment (location, national-deal, travel) then categories. */
    deals: (segments: readonly string[], { page, pageSize }: ListingPageRequest) =>
      get<DealListResponse>(`/v1/deals/${segments.map(segment).join("/")}?page=${page}&pageSize=${pageSize}`),
    deal: (id: string) => get<DealDetail>(`/v1/deal/${segment(id)}`),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
