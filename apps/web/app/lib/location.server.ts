/**
 * The shopper's location on the server (product.md §4 "Location selection"): `/` shows the
 * saved location when it is still eligible, else the brand's default; choosing a location
 * saves it in the location cookie for a year (services.md §9).
 */
import type { Brand } from "@deals/domain/brand";
import { COOKIES } from "@deals/domain/cookies";
import { chooseLocation } from "@deals/domain/location";
import { parseSavedLocationCookie, serializeSavedLocationCookie } from "@deals/domain/saved-location-cookie";
import type { ApiClient } from "./api.ts";
import type { Location } from "./api-types.ts";
import { readCookie, setCookie } from "./cookies.server.ts";

export const LOCATION_COOKIE = COOKIES.location.name;

/** The brand's locations, or null when the list cannot be had (nothing is then refused). */
export async function eligibleLocations(api: ApiClient): Promise<Location[] | null> {
  try {
    return (await api.locations()).locations;
  } catch (error) {
    console.warn("location list unavailable", error);
    return null;
  }
}

/** The Set-Cookie value that saves a location with its coordinates. */
export function savedLocationCookie(request: Request, location: Location): string {
  const value = serializeSavedLocationCookie({
    name: location.name,
    shortName: location.shortName,
    lat: location.latLon.lat,
    lon: location.latLon.lon,
  });
  return setCookie(request, COOKIES.location, value);
}

export interface HomeLocation {
  shortName: string;
  /** Set-Cookie to save the location again: it was saved without coordinates. */
  resave: string | null;
}

/** The location `/` shows, from the saved location cookie (chooseLocation's fallbacks). */
export function homeLocation(request: Request, brand: Brand, eligible: Location[] | null): HomeLocation {
  const saved = parseSavedLocationCookie(readCookie(request, LOCATION_COOKIE));
  const choice = chooseLocation({ saved, eligible, urlLocation: null, brand });
  const option = eligible?.find((location) => location.shortName === choice.option?.shortName);
  return {
    shortName: choice.shortName,
    resave: choice.resave && option ? savedLocationCookie(request, option) : null,
  };
}
