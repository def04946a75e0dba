import { MAX_DISCOUNT_PERCENT } from "@deals/domain/constants";
import { data } from "react-router";
import { ListingPage } from "../components/ListingPage.tsx";
import { createApiClient } from "../lib/api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import { headTags, NOT_INDEXED } from "../lib/head.ts";
import { dealsPathSource, loadListing } from "../lib/listing.server.ts";
import { eligibleLocations, homeLocation, LOCATION_COOKIE } from "../lib/location.server.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/welcome";

/** A plain document, as the location homepage it stands on. */
export const handle: PageHandle = { hydrate: false };

/**
 * /welcome (product.md §2 "Page types": the ppc landing): where a paid-search visitor lands.
 * It says what the site is in a sentence and goes straight to the deals near them (their
 * saved location, else the brand's default), most popular first. Not indexed: it exists for
 * the ads, and the location homepage is the page to find.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const home = homeLocation(
    request,
    brand,
    await eligibleLocations(createApiClient(context.apiFetch, brand)),
  );
  const listing = await loadListing(
    request,
    context,
    { ...dealsPathSource([home.shortName]), readsCookies: [LOCATION_COOKIE] },
    home.resave ?? undefined,
  );
  const page = listing.data;
  const intro = `Up to ${MAX_DISCOUNT_PERCENT.default}% off restaurants, spa days, days out, shopping and breaks, every price shown with its fees. Here are today's most popular deals near you.`;
  return data(
    {
      ...page,
      heading: `Welcome to ${brand.name}`,
      intro,
      head: { ...page.head, title: `Welcome to ${brand.name}: ${page.heading}`, robots: NOT_INDEXED },
    },
    listing.init ?? undefined,
  );
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function Welcome({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
