import { ListingPage } from "../components/ListingPage.tsx";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import { headTags } from "../lib/head.ts";
import { earlyBirdSource, loadListing } from "../lib/listing.server.ts";
import type { Route } from "./+types/early-bird";

/** /early-bird: deals on sale early, before everyone else sees them (product.md §2 "Page types"). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadListing(request, context, earlyBirdSource());
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function EarlyBird({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
