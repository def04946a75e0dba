/**
 * Recommended for you (product.md §2 "recommended"), for the shopper of this request: their
 * location (saved, or the brand's default), their session (what they bought) and the deals
 * they viewed. A failed call shows no recommendations rather than no page.
 */
import { parseCatalogueId } from "@deals/domain/deal-id";
import type { AppLoadContext } from "react-router";
import { createApiClient } from "./api.ts";
import { requestBrand } from "./brand.server.ts";
import { type DealCardView, dealCardView } from "./listing.server.ts";
import { eligibleLocations, homeLocation } from "./location.server.ts";

export async function recommendedCards(
  request: Request,
  context: AppLoadContext,
  viewed: readonly number[],
): Promise<DealCardView[]> {
  const brand = requestBrand(request);
  const api = createApiClient(context.apiFetch, brand);
  const home = homeLocation(request, brand, await eligibleLocations(api));
  try {
    const { deals } = await api.recommendedForYou(home.shortName, viewed, request.headers.get("cookie"));
    const now = new Date();
    return deals.map((deal) => dealCardView(deal, brand.locale, now, "recommended"));
  } catch (error) {
    console.warn("recommendations unavailable", error);
    return [];
  }
}

/** The viewed deal ids a request names (`?id=` repeated), junk left out. */
export function viewedIds(url: URL, limit: number): number[] {
  return url.searchParams
    .getAll("id")
    .map(parseCatalogueId)
    .filter((id) => id !== null)
    .slice(0, limit);
}
