/**
 * The loader behind every listing page (product.md §2 "Page types"): location homepages,
 * category pages down to sub-subcategories, the shop, escapes, gifts, near-me pages, the
 * VIP and wellness collections, early bird, special pages and the gift finder. Filters,
 * sort and page live in the URL.
 */
import type { LastChanceArrival } from "@deals/domain/availability";
import type { Brand } from "@deals/domain/brand";
import { DEFAULT_DEALS_PAGE_SIZE } from "@deals/domain/constants";
import { COOKIES } from "@deals/domain/cookies";
import {
  canonicalListingUrl,
  DEFAULT_SORT_OPTION,
  type ListingQuery,
  type ListingStay,
  storefrontPageNumber,
} from "@deals/domain/listing-query";
import { distanceAway } from "@deals/domain/location";
import { formatMoney } from "@deals/domain/money";
import { STOCK_LABEL_TEXT, stockLabel } from "@deals/domain/price-display";
import { type AppLoadContext, data, redirect } from "react-router";
import { type ApiClient, ApiError, createApiClient } from "./api.ts";
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
import { recentViewedDealIds } from "./recently-viewed.server.ts";
import { breadcrumbList, type Crumb, organizationWithSearch } from "./structured-data.ts";
import { loadTravelMenu, type TravelMenu } from "./travel-menu.server.ts";

/**
 * How a listing names itself: after its location ("Spa Days deals in London"), its part of
 * the catalogue ("Electronics: Shop"), the shopper's surroundings ("Spa deals near you"),
 * or the rule that chose its deals ("VIP deals", "Black Friday deals in London").
 */
export type ListingKind = "location" | "branch" | "near-me" | "collection" | "special";

export interface ListingSource {
  kind: ListingKind;
  /** The API listing path: location, national-deal, travel, gifts, near-me, vip, ... then categories. */
  apiSegments: string[];
  /** The top of the listing's trail: a location's homepage, the shop, a collection. */
  base: Crumb;
  /** Storefront category segments, in order, under `categoryRoot`. */
  categories: string[];
  /** The path the category segments follow (the base's, but /near-me for the hub). */
  categoryRoot: string;
  /** Query parameters the page sets itself (the gift finder's choices). */
  fixed?: Record<string, string>;
  /** A title and description the page has whatever the listing (the near-me hub, the gift finder). */
  fixedHead?: { heading: string; description: string };
  /** Crumbs between Home and the base (a special page sits under its location). */
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

/** First segments naming a collection the API chooses by rule; the API gives the title. */
const COLLECTIONS: Record<string, string> = {
  vip: "VIP deals",
  "wellness-collection": "The Wellness Collection",
  "early-bird": "Early bird deals",
};

const GSHOP_SEGMENT = "gshop";
const SPECIAL_SEGMENT = "special";

/** "wine-tasting" → "Wine tasting": a name for a level the API does not name. */
export function nameFromSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The listing under /deals/{segments...}: a location and its categories, the shop or
 * escapes and theirs, a collection (vip, wellness-collection), or a location's special
 * page (special/{slug}). A gshop segment and what follows it name a landing page of the
 * listing before it (product.md §2 "Page head").
 */
export function dealsPathSource(segments: readonly string[]): ListingSource {
  const [first = "", ...rest] = segments.map((s) => s.toLowerCase());
  const gshopAt = rest.indexOf(GSHOP_SEGMENT);
  const below = gshopAt < 0 ? rest : rest.slice(0, gshopAt);
  const branch = BRANCHES[first];
  const collection = COLLECTIONS[first];
  const firstPath = `/deals/${first}`;
  if (branch || collection) {
    return {
      kind: branch ? "branch" : "collection",
      apiSegments: [branch?.apiSegment ?? first, ...below],
      base: { name: branch?.name ?? collection ?? first, path: firstPath },
      categories: below,
      categoryRoot: firstPath,
      travel: branch?.apiSegment === "travel",
    };
  }
  const [feature, slug, ...categories] = below;
  if (feature === SPECIAL_SEGMENT && slug) {
    const specialPath = `${firstPath}/${SPECIAL_SEGMENT}/${slug}`;
    return {
      kind: "special",
      apiSegments: [first, SPECIAL_SEGMENT, slug, ...categories],
      base: { name: nameFromSlug(slug), path: specialPath },
      categories,
      categoryRoot: specialPath,
      parents: [{ name: nameFromSlug(first), path: firstPath }],
    };
  }
  return {
    kind: "location",
    apiSegments: [first, ...below],
    base: { name: nameFromSlug(first), path: firstPath },
    categories: below,
    categoryRoot: firstPath,
  };
}

/** The gifts listing: /gifts[/{category}...]. */
export function giftsSource(categories: readonly string[]): ListingSource {
  return {
    kind: "branch",
    apiSegments: ["gifts", ...categories],
    base: { name: "Gifts", path: "/gifts" },
    categories: [...categories],
    categoryRoot: "/gifts",
  };
}

/** Early bird deals: /early-bird. */
export function earlyBirdSource(): ListingSource {
  return {
    kind: "collection",
    apiSegments: ["early-bird"],
    base: { name: COLLECTIONS["early-bird"] ?? "Early bird deals", path: "/early-bird" },
    categories: [],
    categoryRoot: "/early-bird",
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
    base: { name: NEAR_ME_HUB_HEAD.heading, path: "/near-me/hub" },
    categories: [...categories],
    categoryRoot: "/near-me",
    ...(hub ? { fixedHead: NEAR_ME_HUB_HEAD } : {}),
  };
}

/** The names of the levels below the base, as the API names them where it does. */
function levelNames(
  source: ListingSource,
  listing: DealListResponse,
  travelMenu: TravelMenu | null,
): string[] {
  const named =
    source.kind === "branch"
      ? [listing.subCategory?.name]
      : [listing.category?.name, listing.subCategory?.name];
  // The travel menu names the destinations the listing does not.
  const destinations = travelMenu?.groups.flatMap((group) => [group, ...group.items]) ?? [];
  return source.categories.map((slug, i) => {
    const path = `${source.categoryRoot}/${source.categories.slice(0, i + 1).join("/")}`;
    return named[i] ?? destinations.find((link) => link.url === path)?.name ?? nameFromSlug(slug);
  });
}

export interface ListingNames {
  /** The base's name: the location, the part of the catalogue, the collection's title. */
  base: string;
  /** The listing's location, when it has one. */
  where: string | null;
  /** The deepest category's name, on a category page. */
  what: string | undefined;
}

/** "Deals in London", "Spa Days deals in London", "Shop", "Electronics: Shop", "VIP deals". */
export function listingHeading(kind: ListingKind, { base, where, what }: ListingNames): string {
  switch (kind) {
    case "location":
      return what ? `${what} deals in ${base}` : `Deals in ${base}`;
    case "near-me":
      return what ? `${what} deals near you` : "Deals near you";
    case "special": {
      const title = where ? `${base} in ${where}` : base;
      return what ? `${what}: ${title}` : title;
    }
    default:
      return what ? `${what}: ${base}` : base;
  }
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
  /** Near-me from a position: "1.2 miles away" (km on Irish sites). */
  distance?: string;
  /** With travel dates chosen: "£300 for 2 nights, 2 guests". */
  stayPrice?: string;
}

/** "£300 for 2 nights, 2 guests": the price of the stay the shopper chose. */
export function stayPriceText(
  amountMinor: number,
  stay: ListingStay,
  brand: Pick<Brand, "currency" | "locale">,
) {
  const nights = `${stay.nights} ${stay.nights === 1 ? "night" : "nights"}`;
  return `${formatMoney(amountMinor, brand.currency, brand.locale)} for ${nights}, ${stay.guests} guests`;
}

/** The deal page's address with the chosen stay, so its calendar preselects it (hotel-ad parameters). */
function withStay(urlPath: string, stay: ListingStay): string {
  const search = new URLSearchParams({
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: String(stay.guests),
  });
  return `${urlPath}${urlPath.includes("?") ? "&" : "?"}${search}`;
}

/**
 * `source`: the route the card is shown on, when it is one that keeps a last-chance deal on
 * sale (product.md §4): the card's link says so, and the deal page lets the shopper buy.
 */
export function dealCardView(
  deal: DealSummary,
  locale: Brand["locale"],
  now: Date,
  source?: LastChanceArrival,
): DealCardView {
  const label = stockLabel(deal, now);
  return {
    id: deal.id,
    urlPath: source ? `${deal.urlPath}?source=${source}` : deal.urlPath,
    headline: deal.headline,
    image: deal.image,
    location: deal.location?.name ?? null,
    stockLabel: label && STOCK_LABEL_TEXT[label.kind],
    price: dealPriceView(deal, locale),
    ...(deal.distanceKm === undefined ? {} : { distance: distanceAway(deal.distanceKm, locale) }),
  };
}

/** A travel listing's card with the chosen stay: its price, and a link that keeps the dates. */
export function stayCardView(
  card: DealCardView,
  deal: DealSummary,
  stay: ListingStay,
  brand: Pick<Brand, "currency" | "locale">,
): DealCardView {
  const price = deal.dynamicTravelPackagePrice;
  return {
    ...card,
    urlPath: withStay(card.urlPath, stay),
    ...(typeof price === "number" ? { stayPrice: stayPriceText(price, stay, brand) } : {}),
  };
}

/**
 * One page of the listing. The API refuses a facet value it does not offer (400); a shared
 * link with one is shown without the shopper's filters rather than as a missing page.
 */
async function fetchListing(
  api: ApiClient,
  source: ListingSource,
  query: ListingQuery,
  pageNumber: number,
  recentViewed: readonly number[],
) {
  const page = (filters: ListingQuery) => {
    const search = apiListingSearch(filters, source.fixed);
    for (const id of recentViewed) search.append("recentViewedDeal", String(id));
    return api.deals(source.apiSegments, {
      page: pageNumber - 1,
      pageSize: DEFAULT_DEALS_PAGE_SIZE,
      query: search,
    });
  };
  try {
    return await page(query);
  } catch (error) {
    const filtered = query.categories.length > 0 || Object.keys(query.facets).length > 0;
    if (!(error instanceof ApiError && error.status === 400 && filtered)) throw error;
    return page({ ...query, categories: [], facets: {} });
  }
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
  // Deals like those the shopper viewed come first, in the listing's own order; a sort the
  // shopper chose stays exactly as chosen.
  const recentViewed = query.sort.id === DEFAULT_SORT_OPTION.id ? recentViewedDealIds(request) : [];
  const [listing, travelMenu] = await Promise.all([
    orNotFound(fetchListing(api, source, query, pageNumber, recentViewed)),
    source.travel ? loadTravelMenu(api, brand) : null,
  ]);
  const pageCount = Math.max(1, Math.ceil(listing.count / listing.pageSize));
  if (pageNumber > pageCount) throw notFound();

  const levels = levelNames(source, listing, travelMenu);
  const where = listing.location?.name ?? null;
  const baseName =
    source.kind === "location"
      ? (where ?? source.base.name)
      : (listing.collection?.title ?? source.base.name);
  const heading =
    source.fixedHead?.heading ?? listingHeading(source.kind, { base: baseName, where, what: levels.at(-1) });
  const parents =
    source.kind === "special" && listing.location
      ? [{ name: listing.location.name, path: `/deals/${listing.location.shortName}` }]
      : source.parents;
  const crumbs = listingCrumbs({ ...source, parents }, baseName, levels);
  const intro = source.fixedHead ? null : (listing.collection?.description ?? null);

  const pageSuffix = pageNumber > 1 ? `, page ${pageNumber}` : "";
  const gshop = gshopHead(url.pathname);
  const title = `${heading}${pageSuffix} | ${brand.name}`;
  const counted = `${listing.count} ${listing.count === 1 ? "deal" : "deals"} on ${brand.name}, every price shown with its fees.`;
  const head: PageHead = {
    title: gshop ? `${title} | ${gshop.titleEnd}` : title,
    description: source.fixedHead?.description ?? (intro ? `${intro} ${counted}` : `${heading}: ${counted}`),
    canonical: canonicalListingUrl(url.origin, gshop?.canonicalPath ?? url.pathname, url.searchParams),
    siteName: brand.name,
    structuredData: [
      breadcrumbList(url.origin, crumbs),
      ...(source.isHome ? [organizationWithSearch(url.origin, brand)] : []),
    ],
    ...(gshop ? { robots: gshop.robots } : {}),
  };
  const now = new Date();
  return data(
    {
      heading,
      intro,
      count: listing.count,
      deals: listing.deals.map((deal) => {
        const card = dealCardView(deal, brand.locale, now);
        return source.travel && query.stay ? stayCardView(card, deal, query.stay, brand) : card;
      }),
      pagination: paginationLinks(url.pathname, url.searchParams, pageNumber, pageCount),
      filters: listingFilters(url.pathname, query, listing.facetedNavigation, brand, source.travel),
      crumbs,
      travelMenu,
      head,
    },
    {
      headers: {
        // The recently viewed deals order the page: with them it is the shopper's own.
        ...pageCacheHeaders(request, [...(source.readsCookies ?? []), COOKIES.recentViewedDeal.name]),
        ...(setCookie ? { "Set-Cookie": setCookie } : {}),
      },
    },
  );
}

export type ListingData = Awaited<ReturnType<typeof loadListing>>["data"];
