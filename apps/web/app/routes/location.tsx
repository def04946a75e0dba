import { ListingPage } from "../components/ListingPage.tsx";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import { headTags } from "../lib/head.ts";
import { dealsPathSource, loadListing } from "../lib/listing.server.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/location";

/**
 * A plain document: no hydration bundle. Its filters, "Load more", recently viewed and the
 * shell's search suggestions, exit promo and app banner are small islands (apps/web/app/islands:
 * ListingPage places the listing's, root.tsx the shell's); the header menus are the site
 * navigation island.
 */
export const handle: PageHandle = { hydrate: false };

/** /deals/{location}: a location homepage; /deals/shop and /deals/escapes list their part of the catalogue. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadListing(request, context, dealsPathSource([params.location]));
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

/** A link here from a hydrated page loads the page as a whole document. */
export function clientLoader({ request }: Route.ClientLoaderArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => {});
}

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function LocationHome({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
