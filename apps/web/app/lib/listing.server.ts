/**
 * The loader behind every listing page: the location homepages, the shop and escapes
 * pages and their category listings.
 */
import type { Brand } from "@deals/domain/brand";
import { DEFAULT_DEALS_PAGE_SIZE } from "@deals/domain/constants";
import { canonicalListingUrl, storefrontPageNumber } from "@deals/domain/listing-query";
import { shellSegmentFor } from "@deals/domain/page-type";
import { STOCK_LABEL_TEXT, stockLabel } from "@deals/domain/price-display";
import type { AppLoadContext } from "react-router";
import { createApiClient } from "./api.ts";
import type { DealImage, DealListResponse, DealSummary } from "./api-types.ts";
import { requestBrand } from "./brand.server.ts";
import type { PageHead } from "./head.ts";
import { notFound, orNotFound } from "./not-found.ts";
import { paginationLinks } from "./pagination.server.ts";
import { dealPriceView, type PriceView } from "./price-view.server.ts";

/** A listing's place in the storefront URL: /deals/{location}[/{category}[/{sub}[/{subsub}]]]. */
export interface ListingPlace {
  location: string;
  category?: string | undefined;
  subcategory?: string | undefined;
  subsubcategory?: string | undefined;
}

/** First segments that name a kind of deal rather than a location, and their headings. */
const DEAL_KINDS: Record<string, string> = { shop: "Shop", escapes: "Escapes", gifts: "Gifts" };

/**
 * The API listing path for a storefront place: the shell mapping turns shop into
 * national-deal; escapes are the API's travel listings (contracts.md "apps/api").
 */
export function apiListingSegments(place: ListingPlace): string[] {
  const first = place.location === "escapes" ? "travel" : shellSegmentFor(place.location);
  return [first, place.category, place.subcategory, place.subsubcategory].filter(
    (s): s is string => s !== undefined,
  );
}

/** "Deals in London", "Spa deals in London", "Shop", "Electricals: Shop". */
export function listingHeading(
  place: ListingPlace,
  listing: Pick<DealListResponse, "location" | "category" | "subCategory">,
): string {
  const kind = DEAL_KINDS[place.location];
  const where = listing.location?.name ?? kind ?? place.location;
  const what = listing.subCategory?.name ?? listing.category?.name;
  if (kind) return what ? `${what}: ${where}` : where;
  return what ? `${what} deals in ${where}` : `Deals in ${where}`;
}

/** What a deal card shows (only this reaches the browser). */
export interface DealCardView {
  id: number;
  urlPath: string;
  headline: string;
  image: DealImage | null;
  location: string | null;
  /** "Sold out", "Expiring soon" and the like (product.md §4 "Stock labels"). */
  stockLabel: string | null;
  price: PriceView;
}

export function dealCardView(deal: DealSummary, locale: Brand["locale"], now: Date): DealCardView {
  const label = stockLabel(deal, now);
  return {
    id: deal.id,
    urlPath: deal.urlPath,
    headline: deal.headline,
    image: deal.image,
    location: deal.location?.name ?? null,
    stockLabel: label && STOCK_LABEL_TEXT[label.kind],
    price: dealPriceView(deal, locale),
  };
}

export async function loadListing(request: Request, context: AppLoadContext, place: ListingPlace) {
  const brand = requestBrand(request);
  const url = new URL(request.url);
  const pageNumber = storefrontPageNumber(url.searchParams);
  const api = createApiClient(context.apiFetch, brand);
  const listing = await orNotFound(
    api.deals(apiListingSegments(place), { page: pageNumber - 1, pageSize: DEFAULT_DEALS_PAGE_SIZE }),
  );
  const pageCount = Math.max(1, Math.ceil(listing.count / listing.pageSize));
  if (pageNumber > pageCount) throw notFound();

  const now = new Date();
  const heading = listingHeading(place, listing);
  const pageSuffix = pageNumber > 1 ? `, page ${pageNumber}` : "";
  const head: PageHead = {
    title: `${heading}${pageSuffix} | ${brand.name}`,
    description: `${heading}: ${listing.count} ${listing.count === 1 ? "deal" : "deals"} on ${brand.name}, every price shown with its fees.`,
    canonical: canonicalListingUrl(url.origin, url.pathname, url.searchParams),
  };
  return {
    heading,
    count: listing.count,
    deals: listing.deals.map((deal) => dealCardView(deal, brand.locale, now)),
    pagination: paginationLinks(url.pathname, url.searchParams, pageNumber, pageCount),
    head,
  };
}

export type ListingData = Awaited<ReturnType<typeof loadListing>>;
