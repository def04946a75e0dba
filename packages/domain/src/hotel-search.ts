/**
 * Hotel search parameters arriving from hotel ads (product.md §3 "Hotel search
 * parameters"): arrival, departure, guests, productId, utm_medium and utm_source become
 * checkIn, checkOut, guests, leadInProductId, utmMedium and utmSource, with the campaign
 * mediums and source abbreviated.
 */
import { PASSENGER_COUNTS } from "./constants.ts";
import { parseCatalogueId } from "./deal-id.ts";
import { toSearchParams } from "./query-params.ts";

/** free-hotel-ads and paid-hotel-ads become free and paid; source google stays google. */
export const HOTEL_AD_MEDIUMS: ReadonlyMap<string, "free" | "paid"> = new Map([
  ["free-hotel-ads", "free"],
  ["paid-hotel-ads", "paid"],
]);
export const HOTEL_AD_SOURCES: ReadonlyMap<string, "google"> = new Map([["google", "google"]]);

export interface HotelSearch {
  checkIn?: string;
  checkOut?: string;
  guests?: number;
  leadInProductId?: number;
  utmMedium?: "free" | "paid";
  utmSource?: "google";
  /** Came from a Google hotel ad: the availability call's googleHotelAds flag. */
  googleHotelAds: boolean;
}

const MAX_GUESTS = Math.max(...PASSENGER_COUNTS);

/** A real calendar date written YYYY-MM-DD, or undefined. */
function isoDate(text: string | null): string | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined;
}

/**
 * Maps the ad's query to the booking calendar's terms. Never throws: a value that is not
 * valid is left out (a departure not after the arrival, guests outside 1 to 8, an unknown
 * medium or source) rather than passed on.
 */
export function mapHotelSearchParams(query: unknown): HotelSearch {
  const params = toSearchParams(query);
  const checkIn = isoDate(params.get("arrival"));
  const departure = isoDate(params.get("departure"));
  const checkOut = departure && (!checkIn || departure > checkIn) ? departure : undefined;
  const guestsText = params.get("guests") ?? "";
  const guests = /^\d{1,2}$/.test(guestsText) ? Number(guestsText) : undefined;
  const utmMedium = HOTEL_AD_MEDIUMS.get(params.get("utm_medium")?.toLowerCase() ?? "");
  const utmSource = HOTEL_AD_SOURCES.get(params.get("utm_source")?.toLowerCase() ?? "");

  const search: HotelSearch = { googleHotelAds: utmMedium !== undefined && utmSource === "google" };
  if (checkIn) search.checkIn = checkIn;
  if (checkOut) search.checkOut = checkOut;
  if (guests !== undefined && guests >= 1 && guests <= MAX_GUESTS) search.guests = guests;
  const leadInProductId = parseCatalogueId(params.get("productId"));
  if (leadInProductId !== null) search.leadInProductId = leadInProductId;
  if (utmMedium) search.utmMedium = utmMedium;
  if (utmSource) search.utmSource = utmSource;
  return search;
}
