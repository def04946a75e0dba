import { ListingPage } from "../components/ListingPage.tsx";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import { headTags } from "../lib/head.ts";
import { dealsPathSource, loadListing } from "../lib/listing.server.ts";
import type { Route } from "./+types/category";

/**
 * /deals/{location or shop or escapes}/{category}[/{subcategory}[/{subsubcategory}]]: a
 * category listing, or a gshop landing page of one (product.md §2 "Page head").
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const { location, category, subcategory, subsubcategory } = params;
  const segments = [location, category, subcategory, subsubcategory].filter(
    (s): s is string => s !== undefined,
  );
  return loadListing(request, context, dealsPathSource(segments));
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function CategoryListing({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
