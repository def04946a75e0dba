import { pageTypeFor } from "@deals/domain/page-type";
import { tilesRequestFor } from "@deals/domain/tiles";
import { data } from "react-router";
import { ListingPage } from "../components/ListingPage.tsx";
import { Tiles } from "../components/Tiles.tsx";
import { createApiClient } from "../lib/api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import { headTags } from "../lib/head.ts";
import { dealsPathSource, loadListing } from "../lib/listing.server.ts";
import { loadTiles } from "../lib/tiles.server.ts";
import type { Route } from "./+types/category";

/**
 * /deals/{location or shop or escapes}/{category}[/{subcategory}[/{subsubcategory}]]: a
 * category listing, or a gshop landing page of one (product.md §2 "Page head").
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { location, category, subcategory, subsubcategory } = params;
  const segments = [location, category, subcategory, subsubcategory].filter(
    (s): s is string => s !== undefined,
  );
  const url = new URL(request.url);
  // Category and VIP category pages show tiles on their first page (product.md §4 "Tiles").
  const tiles =
    url.searchParams.get("page") === null
      ? tilesRequestFor(pageTypeFor(url.pathname, url.searchParams), segments.join("/"), null)
      : null;
  const api = createApiClient(context.apiFetch, requestBrand(request));
  const [listing, tileList] = await Promise.all([
    loadListing(request, context, dealsPathSource(segments)),
    tiles ? loadTiles(api, tiles) : null,
  ]);
  return data({ tiles: tileList, ...listing.data }, listing.init ?? undefined);
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function CategoryListing({ loaderData }: Route.ComponentProps) {
  const { tiles } = loaderData;
  return <ListingPage data={loaderData}>{tiles && tiles.length > 0 && <Tiles tiles={tiles} />}</ListingPage>;
}
