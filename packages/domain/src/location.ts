/**
 * Which location a shopper browses (product.md §4 "Location selection", services.md §4
 * "Location"): the saved location if still eligible, else the local-deal location of the
 * URL, else the brand's default.
 */
import { BRANDS, type Brand } from "./brand.ts";
import { numberFormat } from "./intl-format.ts";

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

/** The mean Earth radius the great-circle distances use (the API's SQL uses the same). */
export const EARTH_RADIUS_KM = 6371;
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

const COORDINATE = /^-?\d{1,3}(?:\.\d{1,12})?$/;

function coordinate(value: unknown, limit: number): number | null {
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && COORDINATE.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/**
 * A position from untrusted text or numbers (query parameters, a cookie): null unless both
 * are plain decimal numbers, latitude within ±90 and longitude within ±180.
 */
export function parseLatLon(lat: unknown, lon: unknown): LocationLatLon | null {
  const latitude = coordinate(lat, 90);
  const longitude = coordinate(lon, 180);
  return latitude === null || longitude === null ? null : { lat: latitude, lon: longitude };
}

export interface NearMeInputs {
  /** The shopper's own position (the browser's geolocation), when given. */
  position?: LocationLatLon | null;
  saved?: SavedLocation | null;
  /** The eligible locations; null when the list could not be loaded. */
  eligible: readonly LocationOption[] | null;
  brand: Brand;
}

export interface NearMeOrigin {
  point: LocationLatLon;
  /** position: the shopper's own; saved: the saved location's; default: the brand default's. */
  source: "position" | "saved" | "default";
}

/**
 * Where near-me pages measure distances from: the shopper's position; else the saved
 * location (its own coordinates, or its entry's when the cookie has none), by the location
 * selection rules (chooseLocation); else the brand's default location. Null when none of
 * them has coordinates.
 */
export function nearMeOrigin({ position, saved, eligible, brand }: NearMeInputs): NearMeOrigin | null {
  if (position) return { point: position, source: "position" };
  const choice = chooseLocation({ saved, eligible, urlLocation: null, brand });
  const source = choice.source === "saved" ? "saved" : "default";
  const savedPoint = saved && choice.source === "saved" ? parseLatLon(saved.lat, saved.lon) : null;
  if (savedPoint) return { point: savedPoint, source };
  return choice.option?.latLon ? { point: choice.option.latLon, source } : null;
}

export type DistanceUnit = "mile" | "km";

/**
 * The unit distances are shown in, by the site's locale: miles on UK sites, as on UK road
 * signs; kilometres on Irish sites, as on Irish road signs since 2005. Shoppers read a
 * distance in the unit they drive and walk by.
 */
export const DISTANCE_UNITS: Record<Brand["locale"], DistanceUnit> = { "en-GB": "mile", "en-IE": "km" };

const KM_PER_MILE = 1.609344;

/**
 * "1.2 miles away", "1 mile away", "14 km away": one decimal below 10, whole numbers from
 * 10, and never less than 0.1 (a deal round the corner is "0.1 miles away").
 */
export function distanceAway(km: number, locale: Brand["locale"]): string {
  const unit = DISTANCE_UNITS[locale];
  const value = Math.max(0, unit === "mile" ? km / KM_PER_MILE : km);
  const rounded = Math.max(0.1, value < 9.95 ? Math.round(value * 10) / 10 : Math.round(value));
  const text = numberFormat(locale, { maximumFractionDigits: 1 }).format(rounded);
  const unitText = unit === "km" ? "km" : rounded === 1 ? "mile" : "miles";
  return `${text} ${unitText} away`;
}
