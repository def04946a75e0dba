import type { Brand } from "@deals/domain/brand";
import { EXIT_PROMO, MAX_RECENT_VIEWED_DEAL_PARAMS, NEW_PRODUCTS_PAGE_SIZE } from "@deals/domain/constants";
import { parseCatalogueId } from "@deals/domain/deal-id";
import { exitPromoDeals, type SiteRating, trustRatingFill, trustRatingText } from "@deals/domain/exit-promo";
import { data } from "react-router";
import { createApiClient } from "../../lib/api.ts";
import type { DealSummary } from "../../lib/api-types.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { dealCardView } from "../../lib/listing.server.ts";
import type { Route } from "./+types/exit-promo";

/** services.md §8 "Exit promo fetch failure": logged, and the next source is tried. */
async function orNull(
  source: string,
  call: Promise<{ deals: DealSummary[] }>,
): Promise<DealSummary[] | null> {
  try {
    return (await call).deals;
  } catch (error) {
    console.warn(`exit promo: ${source} unavailable`, error);
    return null;
  }
}

/** The trust-rating widget; left out (null) when the site has no reviews or the summary fails. */
async function trustRating(call: Promise<SiteRating>, locale: Brand["locale"]) {
  try {
    const rating = await call;
    const text = trustRatingText(rating, locale);
    return text === null || rating.average === null ? null : { text, fill: trustRatingFill(rating.average) };
  } catch (error) {
    console.warn("exit promo: reviews summary unavailable", error);
    return null;
  }
}

/**
 * The exit promo's deals (product.md §2 "App shell"): the shopper's recently viewed deals
 * (ids from the browser), then recommendations, then new products of their location; each
 * once, at most 6, priced like every card. And the site's own rating from its reviews.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const url = new URL(request.url);
  const location = url.searchParams.get("location") || brand.defaultLocation;
  const ids = url.searchParams
    .getAll("id")
    .map(parseCatalogueId)
    .filter((id) => id !== null)
    .slice(0, MAX_RECENT_VIEWED_DEAL_PARAMS);
  const api = createApiClient(context.apiFetch, brand);
  const [recentlyViewed, recommendations, newProducts, rating] = await Promise.all([
    ids.length > 0 ? orNull("recently viewed", api.dealsById(ids)) : [],
    orNull("recommendations", api.locationRecommendations(location, EXIT_PROMO.maxDeals)),
    orNull("new products", api.newProducts(location, NEW_PRODUCTS_PAGE_SIZE)),
    trustRating(api.reviewsSummary(), brand.locale),
  ]);
  const now = new Date();
  const deals = exitPromoDeals({ recentlyViewed, recommendations, newProducts }).map((deal) =>
    dealCardView(deal, brand.locale, now),
  );
  // Personal to the shopper (their recently viewed deals): never kept by a shared cache.
  return data({ deals, rating }, { headers: { "Cache-Control": "private, no-store" } });
}
