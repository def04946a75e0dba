import { ListingPage } from "../components/ListingPage.tsx";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import { headTags } from "../lib/head.ts";
import { dealsPathSource, loadListing } from "../lib/listing.server.ts";
import type { Route } from "./+types/location";

/** /deals/{location}: a location homepage; /deals/shop and /deals/escapes list their part of the catalogue. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadListing(request, context, dealsPathSource([params.location]));
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function LocationHome({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
