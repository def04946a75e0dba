import { ListingPage } from "../components/ListingPage.tsx";
import { createApiClient } from "../lib/api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import { headTags } from "../lib/head.ts";
import { dealsPathSource, loadListing } from "../lib/listing.server.ts";
import { eligibleLocations, homeLocation, LOCATION_COOKIE } from "../lib/location.server.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/home";

/**
 * A plain document: no hydration bundle. Its filters, "Load more", recently viewed and the
 * shell's search suggestions, exit promo and app banner are small inline scripts
 * (ListingPage for the listing, root.tsx for the shell, lib/*-script.ts); the header menus are
 * the site navigation script.
 */
export const handle: PageHandle = { hydrate: false };

/**
 * `/`: the location homepage of the shopper's saved location when it is still eligible,
 * else of the brand's default (product.md §1, §4 "Location selection").
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const eligible = await eligibleLocations(createApiClient(context.apiFetch, brand));
  const home = homeLocation(request, brand, eligible);
  const source = {
    ...dealsPathSource([home.shortName]),
    isHome: true,
    readsCookies: [LOCATION_COOKIE],
  };
  return loadListing(request, context, source, home.resave ?? undefined);
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

/** A link here from a hydrated page loads the page as a whole document. */
export function clientLoader({ request }: Route.ClientLoaderArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => {});
}

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function Home({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
