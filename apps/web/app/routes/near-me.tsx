import { ListingPage } from "../components/ListingPage.tsx";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import { headTags } from "../lib/head.ts";
import { loadListing, nearMeSource } from "../lib/listing.server.ts";
import type { Route } from "./+types/near-me";

/** The hyperlocal hub /near-me/hub and the near-me category pages /near-me/{category}... */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const { category, subcategory, subsubcategory } = params;
  const hub = category === "hub" && subcategory === undefined;
  const categories = hub
    ? []
    : [category, subcategory, subsubcategory].filter((s): s is string => s !== undefined);
  return loadListing(request, context, nearMeSource(categories));
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function NearMe({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
