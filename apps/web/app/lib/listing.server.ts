/**
 * The loader behind every listing page (product.md §2 "Page types"): location homepages,
 * category pages down to sub-subcategories, the shop, escapes, gifts, near-me pages and the
 * pages built on them (the gift finder). Filters, sort and page live in the URL.
 */
import type { Brand } from "@deals/domain/brand";
import { DEFAULT_DEALS_PAGE_SIZE } from "@deals/domain/constants";
import { canonicalListingUrl, storefrontPageNumber } from "@deals/domain/listing-query";
import type { PageType } from "@deals/domain/page-type";
import { STOCK_LABEL_TEXT, stockLabel } from "@deals/domain/price-display";
import { type AppLoadContext, data, redirect } from "react-router";
import { createApiClient } from "./api.ts";
import type { DealImage, DealListResponse, DealSummary } from "./api-types.ts";
import { requestBrand } from "./brand.server.ts";
import { pageCacheHeaders } from "./cache.server.ts";
import { gshopHead, type PageHead } from "./head.ts";
import {
  apiListingSearch,
  listingFilters,
  SORT_CHOICES,
  tolerantListingQuery,
} from "./listing-filters.server.ts";
import { isUntidyListingSearch, listingSearchFromForm, withSearch } from "./listing-search.ts";
import { notFound, orNotFound } from "./not-found.ts";
import { paginationLinks } from "./pagination.server.ts";
import { dealPriceView, type PriceView } from "./price-view.server.ts";
import { breadcrumbList, type Crumb, organizationWithSearch } from "./structured-data.ts";
import { loadTravelMenu } from "./travel-menu.server.ts";

/**
 * How a listing names itself: after its location ("Spa deals in London"), after its part of
 * the catalogue ("Electronics: Shop"), or near the shopper ("Spa deals near you").
 */
export type ListingKind = "location" | "branch" | "near-me";

export interface ListingSource {
  kind: ListingKind;
  /** The API listing path: location, national-deal, travel, gifts or near-me, then categories. */
  apiSegments: string[];
  pageType: PageType | null;
  /** The top of the listing's trail: a location's homepage, the shop, escapes, gifts. */
  base: Crumb;
  /** Storefront category segments, in order, under `categoryRoot`. */
  categories: string[];
  /** The path the category segments follow (the base's, but /near-me for the hub). */
  categoryRoot: string;
  /** Query parameters the page sets itself (the gift finder's tags and budget). */
  fixed?: Record<string, string>;
  /** A title and description the page has whatever the listing (the near-me hub). */
  fixedHead?: { heading: string; description: string };
  /** Crumbs between Home and the base (the gift finder sits under gifts). */
  parents?: Crumb[];
  /** Cookies the page read to choose its deals (the saved location on `/`). */
  readsCookies?: string[];
  /** The site's front page: it describes the organisation and its search. */
  isHome?: boolean;
  /** Shows the travel sub-menu. */
  travel?: boolean;
}

/** The first /deals segments that are parts of the catalogue, not locations (product.md §2). */
const BRANCHES: Record<string, { name: string; apiSegment: string }> = {
  shop: { name: "Shop", apiSegment: "national-deal" },
  escapes: { name: "Escapes", apiSegment: "travel" },
  travel: { name: "Escapes", apiSegment: "travel" },
};

const GSHOP_SEGMENT = "gshop";

/** "wine-tasting" → "Wine tasting": a name for a level the API does not name. */
export function nameFromSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The listing under /deals/{segments...}: a location and its categories, or the shop or
 * escapes and theirs. A gshop segment and what follows it name a landing page of the
 * listing before it (product.md §2 "Page head").
 */
export function dealsPathSource(segments: readonly string[], pageType: PageType | null): ListingSource {
  const [first = "", ...rest] = segments.map((s) => s.toLowerCase());
  const gshopAt = rest.indexOf(GSHOP_SEGMENT);
  const categories = gshopAt < 0 ? rest : rest.slice(0, gshopAt);
  const branch = BRANCHES[first];
  return {
    kind: branch ? "branch" : "location",
    apiSegments: [branch?.apiSegment ?? first, ...categories],
    pageType,
    base: { name: branch?.name ?? nameFromSlug(first), path: `/deals/${first}` },
    categories,
    categoryRoot: `/deals/${first}`,
    travel: branch?.apiSegment === "travel",
  };
}

/** The gifts listing: /gifts[/{category}...]. */
export function giftsSource(categories: readonly string[]): ListingSource {
  return {
    kind: "branch",
    apiSegments: ["gifts", ...categories],
    pageType: "gifts",
    base: { name: "Gifts", path: "/gifts" },
    categories: [...categories],
    categoryRoot: "/gifts",
  };
}

/** The hyperlocal hub's fixed title and description (product.md §2 "Page types"). */
export const NEAR_ME_HUB_HEAD = {
  heading: "Deals near me",
  description:
    "Local deals near you: restaurants, spa days, fitness, activities and days out, from every place we cover.",
};

/** Hyperlocal listings: the hub at /near-me/hub, categories at /near-me/{category}... */
export function nearMeSource(categories: readonly string[]): ListingSource {
  const hub = categories.length === 0;
  return {
    kind: "near-me",
    apiSegments: ["near-me", ...categories],
    pageType: "category",
    base: { name: NEAR_ME_HUB_HEAD.heading, path: "/near-me/hub" },
    categories: [...categories],
    categoryRoot: "/near-me",
    ...(hub ? { fixedHead: NEAR_ME_HUB_HEAD } : {}),
  };
}

/** The names of the levels below the base, as the API names them where it does. */
function levelNames(source: ListingSource, listing: DealListResponse): string[] {
  const named =
    source.kind === "branch"
      ? [listing.subCategory?.name]
      : [listing.category?.name, listing.subCategory?.name];
  return source.categories.map((slug, i) => named[i] ?? nameFromSlug(slug));
}

/** "Deals in London", "Spa Days deals in London", "Shop", "Electronics: Shop", "Spa deals near you". */
export function listingHeading(kind: ListingKind, baseName: string, what: string | undefined): string {
  if (kind === "branch") return what ? `${what}: ${baseName}` : baseName;
  if (kind === "near-me") return what ? `${what} deals near you` : "Deals near you";
  return what ? `${what} deals in ${baseName}` : `Deals in ${baseName}`;
}

/** The trail from Home to the listing. */
export function listingCrumbs(source: ListingSource, baseName: string, names: readonly string[]): Crumb[] {
  const crumbs: Crumb[] = [{ name: "Home", path: "/" }, ...(source.parents ?? [])];
  if (!source.isHome) crumbs.push({ name: baseName, path: source.base.path });
  source.categories.forEach((slug, i) => {
    const path = `${source.categoryRoot}/${source.categories.slice(0, i + 1).join("/")}`;
    crumbs.push({ name: names[i] ?? nameFromSlug(slug), path });
  });
  return crumbs;
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

/** `setCookie`: a cookie the page sets as it answers (the saved location, saved again). */
export async function loadListing(
  request: Request,
  context: AppLoadContext,
  source: ListingSource,
  setCookie?: string,
) {
  const brand = requestBrand(request);
  const url = new URL(request.url);
  // A filter form sent without JavaScript: go to the tidy address it stands for.
  if (isUntidyListingSearch(url.searchParams)) {
    throw redirect(withSearch(url.pathname, listingSearchFromForm(url.searchParams, SORT_CHOICES)));
  }
  const query = tolerantListingQuery(url.searchParams);
  const pageNumber = storefrontPageNumber(url.searchParams);
  const api = createApiClient(context.apiFetch, brand);
  const [listing, travelMenu] = await Promise.all([
    orNotFound(
      api.deals(source.apiSegments, {
        page: pageNumber - 1,
        pageSize: DEFAULT_DEALS_PAGE_SIZE,
        query: apiListingSearch(query, source.fixed),
      }),
    ),
    source.travel ? loadTravelMenu(api, brand) : null,
  ]);
  const pageCount = Math.max(1, Math.ceil(listing.count / listing.pageSize));
  if (pageNumber > pageCount) throw notFound();

  const now = new Date();
  const baseName =
    source.kind === "location" ? (listing.location?.name ?? source.base.name) : source.base.name;
  const names = levelNames(source, listing);
  const heading = source.fixedHead?.heading ?? listingHeading(source.kind, baseName, names.at(-1));
  const crumbs = listingCrumbs(source, baseName, names);
  const pageSuffix = pageNumber > 1 ? `, page ${pageNumber}` : "";
  const gshop = gshopHead(url.pathname);
  const title = `${heading}${pageSuffix} | ${brand.name}`;
  const head: PageHead = {
    title: gshop ? `${title} | ${gshop.titleEnd}` : title,
    description:
      source.fixedHead?.description ??
      `${heading}: ${listing.count} ${listing.count === 1 ? "deal" : "deals"} on ${brand.name}, every price shown with its fees.`,
    canonical: canonicalListingUrl(url.origin, gshop?.canonicalPath ?? url.pathname, url.searchParams),
    siteName: brand.name,
    structuredData: [
      breadcrumbList(url.origin, crumbs),
      ...(source.isHome ? [organizationWithSearch(url.origin, brand)] : []),
    ],
    ...(gshop ? { robots: gshop.robots } : {}),
  };
  const pagination = paginationLinks(url.pathname, url.searchParams, pageNumber, pageCount);
  return data(
    {
      pageType: source.pageType,
      heading,
      count: listing.count,
      deals: listing.deals.map((deal) => dealCardView(deal, brand.locale, now)),
      pagination,
      filters: listingFilters(url.pathname, query, listing.facetedNavigation, brand),
      crumbs,
      travelMenu,
      head,
    },
    {
      headers: {
        ...pageCacheHeaders(request, source.readsCookies),
        ...(setCookie ? { "Set-Cookie": setCookie } : {}),
      },
    },
  );
}

export type ListingData = Awaited<ReturnType<typeof loadListing>>["data"];
