import { COOKIES } from "@deals/domain/cookies";
import { type NearMeOrigin, nearestLocation, nearMeOrigin, parseLatLon } from "@deals/domain/location";
import { parseSavedLocationCookie, serializeSavedLocationCookie } from "@deals/domain/saved-location-cookie";
import { useEffect } from "react";
import { data } from "react-router";
import { Island } from "../components/Island.tsx";
import { ListingPage } from "../components/ListingPage.tsx";
import nearMeIsland from "../islands/near-me.ts?worker&url";
import { createApiClient } from "../lib/api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { cacheHeadersFrom, PRIVATE_CACHE_CONTROL } from "../lib/cache.server.ts";
import { readCookie, setCookie } from "../lib/cookies.server.ts";
import { headTags } from "../lib/head.ts";
import { loadListing, nearMeSource } from "../lib/listing.server.ts";
import { eligibleLocations, LOCATION_COOKIE } from "../lib/location.server.ts";
import {
  addressWithPosition,
  enhanceUseMyLocation,
  USE_MY_LOCATION_ATTRIBUTES,
  USE_MY_LOCATION_CONFIG,
} from "../lib/near-me-script.ts";
import type { Route } from "./+types/near-me";

/** Where the deals are measured from, in words for the page. */
function originText(origin: NearMeOrigin | null, placeName: string | null): string | null {
  if (!origin || !placeName) return null;
  if (origin.source === "position") return `Nearest deals first, from your location near ${placeName}.`;
  if (origin.source === "saved") return `Nearest deals first, from ${placeName}.`;
  return `Nearest deals first, from ${placeName}. Use your location to see the deals nearest you.`;
}

/**
 * The hyperlocal hub /near-me/hub and the near-me category pages /near-me/{category}...,
 * nearest deals first. Distances are measured from the shopper's position (lat and lon in
 * the address, sent by "Use my location", and then saved in the location cookie for a year
 * with the nearest location's name), else the saved location, else the brand's default
 * (domain nearMeOrigin). A lat or lon that is not a position is ignored.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { category, subcategory, subsubcategory } = params;
  const hub = category === "hub" && subcategory === undefined;
  const categories = hub
    ? []
    : [category, subcategory, subsubcategory].filter((s): s is string => s !== undefined);
  const brand = requestBrand(request);
  const url = new URL(request.url);
  const position = parseLatLon(url.searchParams.get("lat"), url.searchParams.get("lon"));
  const saved = parseSavedLocationCookie(readCookie(request, LOCATION_COOKIE)) ?? null;
  const eligible = await eligibleLocations(createApiClient(context.apiFetch, brand));
  const origin = nearMeOrigin({ position, saved, eligible, brand });

  const nearest = position && eligible ? nearestLocation(eligible, position) : null;
  const placeName =
    origin?.source === "position"
      ? (nearest?.name ?? null)
      : origin?.source === "saved"
        ? (saved?.name ?? null)
        : (eligible?.find((location) => location.shortName === brand.defaultLocation)?.name ?? null);
  // The position is kept for next time, under the name of the location nearest it.
  const saveCookie =
    position && nearest
      ? setCookie(
          request,
          COOKIES.location,
          serializeSavedLocationCookie({ name: nearest.name, shortName: nearest.shortName, ...position }),
        )
      : undefined;

  const source = {
    ...nearMeSource(categories),
    readsCookies: [LOCATION_COOKIE],
    // Six decimals (about 10 cm): the plain decimals the API reads, whatever the cookie held.
    ...(origin ? { fixed: { lat: origin.point.lat.toFixed(6), lon: origin.point.lon.toFixed(6) } } : {}),
  };
  const listing = await loadListing(request, context, source, saveCookie);
  const headers = new Headers(listing.init?.headers);
  // A page for one shopper's position (and setting their cookie) is never kept by a shared cache.
  if (position) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return data({ ...listing.data, origin: originText(origin, placeName) }, { ...listing.init, headers });
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

/**
 * "Use my location": hidden until the script finds the browser can share a position. The
 * island runs on the server-rendered page (hydrated or not); the effect covers a client-side
 * navigation here, when a script added by React does not run.
 */
function UseMyLocation({ origin }: { origin: string | null }) {
  useEffect(() => enhanceUseMyLocation(USE_MY_LOCATION_CONFIG, addressWithPosition), []);
  const button = { [USE_MY_LOCATION_ATTRIBUTES.button]: "" };
  const status = { [USE_MY_LOCATION_ATTRIBUTES.status]: "" };
  return (
    <div className="near-me-origin">
      {origin && <p className="near-me-origin__from">{origin}</p>}
      <button type="button" className="button button--secondary" hidden suppressHydrationWarning {...button}>
        Use my location
      </button>
      <p className="near-me-origin__status" role="status" {...status} />
      <Island src={nearMeIsland} />
    </div>
  );
}

export default function NearMe({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage data={loaderData}>
      <UseMyLocation origin={loaderData.origin} />
    </ListingPage>
  );
}
