import { MAX_DEAL_LOOKUP_IDS } from "@deals/domain/constants";
import { parseCatalogueId } from "@deals/domain/deal-id";
import { data } from "react-router";
import { createApiClient } from "../../lib/api.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { type DealCardView, dealCardView } from "../../lib/listing.server.ts";
import { loadWishedDealIds } from "../../lib/wishlist.server.ts";
import type { Route } from "./+types/recently-viewed";

/**
 * The cards of the deals a shopper viewed (their ids come from the browser's storage): data
 * for the RecentlyViewed component, priced on the server like every other card.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const ids = new URL(request.url).searchParams
    .getAll("id")
    .map(parseCatalogueId)
    .filter((id) => id !== null)
    .slice(0, MAX_DEAL_LOOKUP_IDS);
  let deals: DealCardView[] = [];
  if (ids.length > 0) {
    try {
      const now = new Date();
      deals = (await createApiClient(context.apiFetch, brand).dealsById(ids)).deals.map((deal) =>
        dealCardView(deal, brand.locale, now, "recently-viewed"),
      );
    } catch (error) {
      // services.md §8 "Item-by-id fetch failure": a warning, and nothing shown.
      console.warn("recently viewed deals unavailable", error);
    }
  }
  // The hearts on these cards show whether each deal is on the shopper's wishlist.
  const wishedDealIds = deals.length > 0 ? await loadWishedDealIds(context, brand, request) : [];
  // Personal to the shopper: never kept by a shared cache.
  return data({ deals, wishedDealIds }, { headers: { "Cache-Control": "private, no-store" } });
}
