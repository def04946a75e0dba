import { data } from "react-router";
import { ListingPage } from "../components/ListingPage.tsx";
import { createApiClient } from "../lib/api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import { headTags, NOT_INDEXED } from "../lib/head.ts";
import { dealsPathSource, loadListing } from "../lib/listing.server.ts";
import { eligibleLocations, homeLocation, LOCATION_COOKIE } from "../lib/location.server.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/email-deals";

/** A plain document, as the location homepage it mirrors. */
export const handle: PageHandle = { hydrate: false };

/** The source every card here names, so a last-chance deal stays buyable (product.md §4). */
const SOURCE = "email-deals";

/**
 * /email-deals/{location}: where the daily deals email lands, the location's deals as its
 * homepage lists them; each card's link says the shopper came from the email, so a deal that
 * closed under lastChance since the email went out can still be bought. Without a location,
 * the shopper's saved one. Not indexed: the location homepage is the page to find.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const location =
    params.location ??
    homeLocation(request, brand, await eligibleLocations(createApiClient(context.apiFetch, brand))).shortName;
  const source = {
    ...dealsPathSource([location]),
    ...(params.location ? {} : { readsCookies: [LOCATION_COOKIE] }),
  };
  const listing = await loadListing(request, context, source);
  const page = listing.data;
  return data(
    {
      ...page,
      heading: `Today's email deals: ${page.heading}`,
      deals: page.deals.map((deal) => ({ ...deal, urlPath: `${deal.urlPath}?source=${SOURCE}` })),
      head: { ...page.head, robots: NOT_INDEXED },
    },
    listing.init ?? undefined,
  );
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function EmailDeals({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
