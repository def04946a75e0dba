import { DEFAULT_MAP_CENTRE } from "@deals/domain/constants";
import { data } from "react-router";
import { DealCard } from "../components/DealCard.tsx";
import { Link } from "../components/Link.tsx";
import { createApiClient } from "../lib/api.ts";
import type { Location } from "../lib/api-types.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { headTags } from "../lib/head.ts";
import { dealCardView } from "../lib/listing.server.ts";
import { eligibleLocations } from "../lib/location.server.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import { type LatLon, projectPins } from "../lib/static-map.ts";
import type { Route } from "./+types/map-view";

/** A plain document: the map is a drawing, the places and deals are links. */
export const handle: PageHandle = { hydrate: false };

const HEADING = "Deals on the map";
const MAP_SIZE = { width: 640, height: 480 } as const;
const NEAREST_SHOWN = 12;

/** The point the query names (lat and lon together, in range), else the default centre. */
function chosenPoint(url: URL): LatLon {
  const lat = Number(url.searchParams.get("lat") ?? Number.NaN);
  const lon = Number(url.searchParams.get("lon") ?? Number.NaN);
  const valid = Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  return valid ? { lat, lon } : DEFAULT_MAP_CENTRE;
}

const pointLink = ({ lat, lon }: LatLon) => `/map-view?lat=${lat}&lon=${lon}`;

/**
 * /map-view (product.md §2 "map-view"): the deals nearest a point, nearest first, beside a
 * drawing of the brand's places (no third-party map). The point is ?lat=&lon=, or the
 * default centre 51.505, -0.0901 (product.md §3 "Location"); choosing a place moves it there.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const url = new URL(request.url);
  const api = createApiClient(context.apiFetch, brand);
  const point = chosenPoint(url);
  const query = new URLSearchParams({ lat: String(point.lat), lon: String(point.lon) });
  const [locations, nearest] = await Promise.all([
    eligibleLocations(api),
    api.deals(["near-me"], { page: 0, pageSize: NEAREST_SHOWN, query }),
  ]);
  const places = (locations ?? []).map((location: Location) => ({
    name: location.name,
    point: location.latLon,
  }));
  const view = projectPins([point, ...places.map((place) => place.point)], MAP_SIZE.width, MAP_SIZE.height);
  const now = new Date();
  const head = {
    title: `${HEADING} | ${brand.name}`,
    description: `Deals near you on a map: the nearest ${brand.name} deals to any place we cover.`,
    canonical: `${url.origin}${url.pathname}`,
    siteName: brand.name,
  };
  return data({
    head,
    point,
    places,
    view,
    deals: nearest.deals.map((deal) => dealCardView(deal, brand.locale, now)),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function MapView({ loaderData }: Route.ComponentProps) {
  const { point, places, view, deals } = loaderData;
  const [centre, ...pins] = view?.pins ?? [];
  return (
    <div className="map-view">
      <h1>{HEADING}</h1>
      <p>
        The deals nearest {point.lat.toFixed(4)}, {point.lon.toFixed(4)}. Choose a place to see the deals near
        it.
      </p>
      <div className="map-view__body">
        <div className="map-view__map">
          {view && centre && (
            // The drawing repeats the list of places below it, which is what keyboards and screen readers use.
            <svg viewBox={`0 0 ${view.width} ${view.height}`} aria-hidden="true" focusable="false">
              <rect width={view.width} height={view.height} fill="#eef0f3" />
              {pins.map((pin, i) => (
                <a key={places[i]!.name} href={pointLink(places[i]!.point)} tabIndex={-1}>
                  <circle cx={pin.x} cy={pin.y} r="6" fill="#1b1c22" />
                  <text x={pin.x + 9} y={pin.y + 4} fontSize="13" fill="#1b1c22">
                    {places[i]!.name}
                  </text>
                </a>
              ))}
              <circle cx={centre.x} cy={centre.y} r="10" fill="#c0392b" stroke="#fff" strokeWidth="3" />
            </svg>
          )}
          <nav aria-label="Places on the map">
            <ul className="map-view__places">
              {places.map((place) => (
                <li key={place.name}>
                  <Link to={pointLink(place.point)}>Deals near {place.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <section className="map-view__deals" aria-labelledby="map-view-nearest">
          <h2 id="map-view-nearest">Nearest deals</h2>
          <ol className="deal-grid deal-grid--compact">
            {deals.map((deal, i) => (
              <li key={deal.id}>
                <DealCard deal={deal} eager={i < 2} />
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
