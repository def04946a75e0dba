import { ListingPage } from "../components/ListingPage.tsx";
import { headTags } from "../lib/head.ts";
import { loadListing } from "../lib/listing.server.ts";
import type { Route } from "./+types/category";

/** /deals/{location}/{category}[/{subcategory}[/{subsubcategory}]]: a category listing. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const { location, category, subcategory, subsubcategory } = params;
  return loadListing(request, context, { location, category, subcategory, subsubcategory });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function CategoryListing({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
