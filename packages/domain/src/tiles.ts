/**
 * Tiles request parameters (services.md §2 and §3 "Tiles request parameters"): on homepage,
 * vip category and category pages the location is the first path segment unless it is
 * "shop", the navigation is the first three segments and the sub-navigation the full path;
 * elsewhere the location comes from the page details and the navigation is the whole path.
 */
import { TILES_BRAND, TILES_COUNTRY } from "./constants.ts";
import { type PageType, pathSegments } from "./page-type.ts";

export interface TilesRequest {
  brand: string;
  country: string;
  location: string | null;
  navigation: string;
  subNavigation: string;
}

const TILE_PAGE_TYPES: readonly PageType[] = ["homepage", "vipCategory", "category"];

export function tilesFetchedFor(pageType: PageType | null): boolean {
  return pageType !== null && TILE_PAGE_TYPES.includes(pageType);
}

/**
 * The tiles query for a page, or null when the page type shows no tiles. `path` is the
 * pathname after the listing root (for /deals/london/food, "london/food");
 * `pageLocation` is the location the page details carry.
 */
export function tilesRequestFor(
  pageType: PageType | null,
  path: string,
  pageLocation: string | null,
): TilesRequest | null {
  if (!tilesFetchedFor(pageType)) return null;
  const segments = pathSegments(path);
  const whole = segments.join("/");
  const first = segments[0] ?? null;
  return {
    brand: TILES_BRAND,
    country: TILES_COUNTRY,
    location: first === "shop" ? pageLocation : first,
    navigation: segments.slice(0, 3).join("/"),
    subNavigation: whole,
  };
}

/** Tiles for any other page: the location from the page details, the whole path as navigation. */
export function tilesRequestForOtherPage(path: string, pageLocation: string | null): TilesRequest {
  const whole = pathSegments(path).join("/");
  return {
    brand: TILES_BRAND,
    country: TILES_COUNTRY,
    location: pageLocation,
    navigation: whole,
    subNavigation: whole,
  };
}
