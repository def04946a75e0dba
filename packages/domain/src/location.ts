/**
 * Which location a shopper browses (product.md §4 "Location selection", services.md §4
 * "Location"): the saved location if still eligible, else the local-deal location of the
 * URL, else the brand's default.
 */
import { BRANDS, type Brand } from "./brand.ts";

export interface LocationLatLon {
  lat: number;
  lon: number;
}

/** An eligible location as the location list gives it (product.md §3 "Location"). */
export interface LocationOption {
  shortName: string;
  name: string;
  latLon?: LocationLatLon | null;
}

/** The saved location cookie keeps lat, lon, name and shortName (product.md §3). */
export interface SavedLocation {
  shortName: string;
  name?: string | null;
  lat?: number | null;
  lon?: number | null;
}

export interface LocationChoice {
  shortName: string;
  source: "saved" | "url" | "default";
  /** Save the location again: it was saved without coordinates. */
  resave: boolean;
  /** The eligible entry chosen, when the list has it (coordinates for the re-save). */
  option: LocationOption | null;
}

export interface LocationInputs {
  saved?: SavedLocation | null;
  /** The eligible locations; null when the list could not be loaded. */
  eligible: readonly LocationOption[] | null;
  /** The local-deal location named in the URL, e.g. leeds in /deals/leeds. */
  urlLocation?: string | null;
  brand: Brand;
}

const hasCoordinates = (saved: SavedLocation) => Number.isFinite(saved.lat) && Number.isFinite(saved.lon);

/**
 * The saved location when the eligible list holds it (or the list is unknown, so there is
 * nothing to refuse it on), else the URL's local-deal location, else the brand default.
 */
export function chooseLocation({ saved, eligible, urlLocation, brand }: LocationInputs): LocationChoice {
  const find = (shortName: string) =>
    eligible?.find((l) => l.shortName.toLowerCase() === shortName.toLowerCase()) ?? null;
  const savedName = saved?.shortName?.trim().toLowerCase();
  if (saved && savedName && (eligible === null || find(savedName))) {
    return { shortName: savedName, source: "saved", resave: !hasCoordinates(saved), option: find(savedName) };
  }
  const fromUrl = urlLocation?.trim().toLowerCase();
  if (fromUrl) return { shortName: fromUrl, source: "url", resave: false, option: find(fromUrl) };
  return {
    shortName: brand.defaultLocation,
    source: "default",
    resave: false,
    option: find(brand.defaultLocation),
  };
}

/**
 * Users saved as London on the main brand get one eligible-locations lookup (product.md
 * §4): true until that lookup has been done.
 */
export function needsEligibleLocationsCheck(
  saved: SavedLocation | null | undefined,
  brand: Brand,
  alreadyChecked: boolean,
): boolean {
  const isMainBrand = brand.key === BRANDS["main-uk"].key;
  return isMainBrand && !alreadyChecked && saved?.shortName?.trim().toLowerCase() === "london";
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two points, in kilometres. */
export function distanceKm(a: LocationLatLon, b: LocationLatLon): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The location nearest a point, for hyperlocal (near-me) pages; null when no option has
 * coordinates. Ties go to the earlier option, so the picker's order decides.
 */
export function nearestLocation<T extends LocationOption>(
  options: readonly T[],
  point: LocationLatLon,
): T | null {
  let nearest: T | null = null;
  let nearestKm = Number.POSITIVE_INFINITY;
  for (const option of options) {
    if (!option.latLon) continue;
    const km = distanceKm(option.latLon, point);
    if (km < nearestKm) {
      nearest = option;
      nearestKm = km;
    }
  }
  return nearest;
}
