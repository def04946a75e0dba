import { ListingPage } from "../components/ListingPage.tsx";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import { headTags } from "../lib/head.ts";
import { giftsSource, loadListing } from "../lib/listing.server.ts";
import type { Route } from "./+types/gifts";

/** /gifts[/{category}[/{subcategory}]]: gift deals (product.md §2: the gifts path maps to gifts). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const { category, subcategory, subsubcategory } = params;
  const categories = [category, subcategory, subsubcategory].filter((s): s is string => s !== undefined);
  return loadListing(request, context, giftsSource(categories));
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function Gifts({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
