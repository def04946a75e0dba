import { ListingPage } from "../components/ListingPage.tsx";
import { headTags } from "../lib/head.ts";
import { loadListing } from "../lib/listing.server.ts";
import type { Route } from "./+types/location";

/** /deals/{location}: a location homepage; /deals/shop and /deals/escapes likewise. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadListing(request, context, { location: params.location });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function LocationHome({ loaderData }: Route.ComponentProps) {
  return <ListingPage data={loaderData} />;
}
