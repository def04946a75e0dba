/**
 * Addresses of the running marketplace and direct reads of its API, used to know what a page
 * should show (the pages themselves are only ever read through the browser).
 */
import type { Currency } from "@deals/domain/brand";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { inject } from "vitest";

/** A page address on the test server; a brand id picks that brand's `{id}.localhost` host. */
export function siteUrl(path: string, brandId?: BrandId): string {
  const url = new URL(path, inject("baseUrl"));
  if (brandId) url.hostname = `${brandId}.localhost`;
  return url.href;
}

/** GET an API route as the given brand's site does (contracts.md "Request headers"). */
export async function apiGet<T>(path: string, brandId: BrandId = "main-uk"): Promise<T> {
  const brand = BRANDS[brandId];
  const response = await fetch(siteUrl(path), {
    headers: { accept: "application/json", brand: brand.key, "country-code": brand.countryCode },
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

// The few response fields the journeys read (contracts.md "apps/api").
export interface DealCard {
  id: number;
  urlPath: string;
  headline: string;
  currency: Currency;
  fullPrice: number;
}

export interface DealList {
  deals: DealCard[];
  mainDeal: DealCard | null;
}

export interface NavItem {
  linkText: string;
  url: string;
  isLocal: boolean;
  subNavigations: NavItem[];
}

/** The first page of a location's deals, as the homepage of that location lists them. */
export function locationDeals(location: string, brandId: BrandId = "main-uk"): Promise<DealList> {
  return apiGet<DealList>(`/v1/deals/${location}?page=0&pageSize=24`, brandId);
}

/** A category of London's local deals from the header navigation: /deals/london/{category}. */
export async function londonCategory(): Promise<NavItem> {
  const { navigations } = await apiGet<{ navigations: NavItem[] }>("/v1/navigations?location=london");
  const category = navigations.find((item) => /^\/deals\/london\/[^/]+$/.test(item.url));
  if (!category) throw new Error(`No London category among ${navigations.map((n) => n.url).join(", ")}`);
  return category;
}
