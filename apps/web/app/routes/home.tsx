import type { Brand } from "@deals/domain/brand";
import { tilesRequestFor } from "@deals/domain/tiles";
import { data, useRouteLoaderData } from "react-router";
import { HomeSections } from "../components/HomeSections.tsx";
import { ListingPage } from "../components/ListingPage.tsx";
import { type ApiClient, createApiClient } from "../lib/api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import { headTags } from "../lib/head.ts";
import { homeView } from "../lib/home-view.server.ts";
import { dealsPathSource, loadListing } from "../lib/listing.server.ts";
import { eligibleLocations, homeLocation, LOCATION_COOKIE } from "../lib/location.server.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import { loadTiles } from "../lib/tiles.server.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/home";

/**
 * A plain document: no hydration bundle. Its filters, "Load more", recently viewed and the
 * shell's search suggestions, exit promo and app banner are small islands (apps/web/app/islands:
 * ListingPage places the listing's, root.tsx the shell's); the header menus are the site
 * navigation island.
 */
export const handle: PageHandle = { hydrate: false };

/** The homepage's rows as cards; a failed call leaves them out and the listing still shows. */
async function loadHomeView(api: ApiClient, location: string, locale: Brand["locale"]) {
  try {
    return homeView(await api.homepage(location), locale, new Date());
  } catch (error) {
    console.warn("homepage rows unavailable", error);
    return null;
  }
}

/**
 * `/`: the location homepage of the shopper's saved location when it is still eligible,
 * else of the brand's default (product.md §1, §4 "Location selection"): the main deal,
 * secondary deals, tiles and collection rows (one call each), then the location's listing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const api = createApiClient(context.apiFetch, brand);
  const eligible = await eligibleLocations(api);
  const home = homeLocation(request, brand, eligible);
  const source = {
    isHome: true,
    readsCookies: [LOCATION_COOKIE],
    ...dealsPathSource([home.shortName]),
  };
  const firstPage = new URL(request.url).searchParams.get("page") === null;
  // services.md §2: on the homepage the tiles' location and navigation are the location's path.
  const tiles = tilesRequestFor("homepage", home.shortName, home.shortName);
  const [listing, view, tileList] = await Promise.all([
    loadListing(request, context, source, home.resave ?? undefined),
    firstPage ? loadHomeView(api, home.shortName, brand.locale) : null,
    firstPage && tiles ? loadTiles(api, tiles) : null,
  ]);
  // The listing's data last: properties after a spread take V8's slow path (docs/scaling.md).
  return data({ home: view, tiles: tileList, ...listing.data }, listing.init ?? undefined);
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

/** A link here from a hydrated page loads the page as a whole document. */
export function clientLoader({ request }: Route.ClientLoaderArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => {});
}

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function Home({ loaderData }: Route.ComponentProps) {
  const theme = useRouteLoaderData<typeof rootLoader>("root")?.theme;
  const season = theme === "black-friday" || theme === "christmas" || theme === "valentines" ? theme : null;
  return (
    <ListingPage data={loaderData}>
      <HomeSections home={loaderData.home} tiles={loaderData.tiles} season={season} />
    </ListingPage>
  );
}
