/**
 * Page types derived from the URL (product.md §2 "Page types"), the deal URL shape, and the
 * shell's mapping of path segments to listing locations.
 */
import { parseCatalogueId } from "./deal-id.ts";
import { queryFlag, toSearchParams } from "./query-params.ts";

export const PAGE_TYPES = [
  "account",
  "category",
  "checkout",
  "claim-experience-gift",
  "claim-gift",
  "dashboard",
  "deal",
  "dealPreview",
  "early-bird",
  "extendLanding",
  "gift-finder",
  "gifts",
  "guide",
  "homepage",
  "map-view",
  "myaccount",
  "order-addon",
  "ppc",
  "recentlyViewed",
  "recommended",
  "root",
  "search",
  "special",
  "travel",
  "vipCategory",
  "vipDeal",
  "vouchers",
  "wellness-collection",
] as const;
/** The spec names `extendLanding` but gives it no path: ours is /extend. */
export type PageType = (typeof PAGE_TYPES)[number];

/** Pages whose type comes from the first path segment alone (product.md §2, §2 "Routes"). */
const FIRST_SEGMENT_TYPES = new Map<string, PageType>(
  Object.entries({
    gifts: "gifts",
    "gift-finder": "gift-finder",
    "recommended-for-you": "recommended",
    "early-bird": "early-bird",
    "recently-viewed": "recentlyViewed",
    search: "search",
    welcome: "ppc",
    insights: "dashboard",
    "map-view": "map-view",
    checkout: "checkout",
    "order-addon": "order-addon",
    mygift: "claim-gift",
    extend: "extendLanding",
    // Sign-in pages use the Account layout; they are not protected, so no login loop.
    login: "account",
    register: "account",
    "forgot-password": "account",
    travel: "travel",
    escapes: "travel",
    // Hyperlocal listings, the hub included, are category pages.
    "near-me": "category",
  }),
);

const TRAVEL_SEGMENTS = ["travel", "escapes"];

/** Lower-case, decoded, non-empty path segments; a query or fragment is ignored. */
export function pathSegments(path: string): string[] {
  const pathOnly = path.split(/[?#]/, 1)[0] ?? "";
  return pathOnly
    .split("/")
    .filter((s) => s !== "")
    .map((s) => {
      try {
        return decodeURIComponent(s).toLowerCase();
      } catch {
        return s.toLowerCase();
      }
    });
}

/**
 * The page type of a URL path and query, or null for a page without one (static pages,
 * wishlist, gift-card redemption and the like). Rules in order (product.md §2):
 * 1. a dealPreview query flag gives dealPreview;
 * 2. no first segment gives root;
 * 3. guides gives guide, or claim-experience-gift with the claim-gift query flag;
 * 4. a third segment special gives special, gift-finder gives gift-finder;
 * 5. the first segments of FIRST_SEGMENT_TYPES; /myaccount/vouchers gives vouchers, the
 *    rest of /myaccount gives myaccount;
 * 6. /deals (and /deal-preview, treated as deals): vip second gives vipCategory, travel or
 *    escapes gives travel, wellness-collection gives its own type, /deals/{location} is a
 *    location homepage, deeper paths are category pages;
 * 7. /deal: vip second gives vipDeal, a deal URL gives deal, other travel paths give travel,
 *    anything else is a category page.
 */
export function pageTypeFor(path: unknown, query?: unknown): PageType | null {
  if (typeof path !== "string") return null;
  const params = toSearchParams(query);
  if (queryFlag(params, "dealPreview")) return "dealPreview";

  const segments = pathSegments(path);
  const [first, second, third] = segments;
  if (first === undefined) return "root";
  if (first === "guides") return queryFlag(params, "claim-gift") ? "claim-experience-gift" : "guide";
  if (third === "special") return "special";
  if (third === "gift-finder") return "gift-finder";

  const byFirst = FIRST_SEGMENT_TYPES.get(first);
  if (byFirst) return byFirst;
  if (first === "myaccount") return second === "vouchers" ? "vouchers" : "myaccount";

  if (first === "deals" || first === "deal-preview") {
    if (second === undefined) return "homepage";
    if (second === "vip") return "vipCategory";
    if (TRAVEL_SEGMENTS.includes(second)) return "travel";
    if (second === "wellness-collection") return "wellness-collection";
    return segments.length === 2 ? "homepage" : "category";
  }
  if (first === "deal") {
    if (second === "vip") return "vipDeal";
    if (parseDealPath(path)) return "deal";
    if (second !== undefined && TRAVEL_SEGMENTS.includes(second)) return "travel";
    return "category";
  }
  return null;
}

/** True on travel listings and deals, whose paths use travel or escapes (product.md §2). */
export function isTravelPath(path: string): boolean {
  const [first, second] = pathSegments(path);
  return (
    (first !== undefined && TRAVEL_SEGMENTS.includes(first)) ||
    ((first === "deals" || first === "deal") && second !== undefined && TRAVEL_SEGMENTS.includes(second))
  );
}

/** The hyperlocal hub, which has a fixed title and description (product.md §2). */
export function isNearMeHubPath(path: string): boolean {
  const segments = pathSegments(path);
  return segments.length === 2 && segments[0] === "near-me" && segments[1] === "hub";
}

/**
 * Shell mapping (product.md §2): the gifts path lists gift deals and the shop path lists
 * national deals; any other segment is a location and passes through.
 */
const SHELL_SEGMENTS = new Map([
  ["gifts", "gifts"],
  ["shop", "national-deal"],
]);

export function shellSegmentFor(segment: string): string {
  const key = segment.toLowerCase();
  return SHELL_SEGMENTS.get(key) ?? key;
}

export interface DealPath {
  category: string;
  subcategory: string;
  subsubcategory: string;
  /** The deal id, or "e" for an evergreen deal URL. */
  dealId: number | "e";
  blurb?: string;
  productId?: number;
}

const SEGMENT_SLUG = /^[a-z0-9][a-z0-9_-]{0,99}$/;
/**
 * A deal's blurb is its headline's words, so longer than a category's short name can be: a
 * 130-character headline wrote a blurb its own deal page then refused (a dead link).
 */
const BLURB = /^[a-z0-9][a-z0-9_-]{0,199}$/;

/**
 * Reads /deal/{category}/{sub}/{subsub}/{dealId}[/blurb] with an optional product id after
 * the deal id or the blurb (product.md §2; the page head reads it as the second number,
 * /{n}/{productId}/). Returns null for any other shape. Never throws.
 */
export function parseDealPath(path: unknown): DealPath | null {
  if (typeof path !== "string") return null;
  const [first, category, subcategory, subsubcategory, idText, ...rest] = pathSegments(path);
  if (first !== "deal" || idText === undefined || rest.length > 2) return null;
  if (![category, subcategory, subsubcategory].every((s) => s !== undefined && SEGMENT_SLUG.test(s)))
    return null;
  const dealId = idText === "e" ? "e" : parseCatalogueId(idText);
  if (dealId === null) return null;

  const dealPath: DealPath = {
    category: category!,
    subcategory: subcategory!,
    subsubcategory: subsubcategory!,
    dealId,
  };
  for (const segment of rest) {
    const productId = parseCatalogueId(segment);
    if (productId !== null && dealPath.productId === undefined) dealPath.productId = productId;
    else if (
      productId === null &&
      dealPath.blurb === undefined &&
      dealPath.productId === undefined &&
      BLURB.test(segment)
    ) {
      dealPath.blurb = segment;
    } else return null;
  }
  return dealPath;
}
