import { ListingPage } from "../components/ListingPage.tsx";
import { requestBrand } from "../lib/brand.server.ts";
import { headTags } from "../lib/head.ts";
import { loadListing } from "../lib/listing.server.ts";
import type { Route } from "./+types/home";

/** `/` is the location homepage of the brand's default location (product.md §1). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadListing(request, context, { location: requestBrand(request).defaultLocation });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function Home({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
