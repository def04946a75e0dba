/**
 * The exit promo modal (product.md §2 "App shell", §4 "Exit promo", services.md §5): which
 * deals it shows, when it is visible, and its trust-rating widget.
 */
import type { Brand } from "./brand.ts";
import { EXIT_PROMO, REVIEW_STARS } from "./constants.ts";
import { numberFormat } from "./intl-format.ts";

/** Deal sources in order; a source that failed to load is null and the next is used. */
export interface ExitPromoSources<D> {
  recentlyViewed?: readonly D[] | null;
  recommendations?: readonly D[] | null;
  newProducts?: readonly D[] | null;
}

/**
 * Recently viewed first, then recommendations, then new products; each deal once (by id);
 * at most 6. Empty when every source failed.
 */
export function exitPromoDeals<D extends { id: unknown }>(sources: ExitPromoSources<D>): D[] {
  const seen = new Set<unknown>();
  const deals: D[] = [];
  for (const source of [sources.recentlyViewed, sources.recommendations, sources.newProducts]) {
    for (const deal of source ?? []) {
      if (deals.length === EXIT_PROMO.maxDeals) return deals;
      if (seen.has(deal.id)) continue;
      seen.add(deal.id);
      deals.push(deal);
    }
  }
  return deals;
}

export type ExitPromoEvent = "trigger" | "close" | "cardClick";

/**
 * Visibility after an event: hidden by default, shown on a trigger unless a lightbox
 * container is on the page, hidden again by the X or a card click.
 */
export function exitPromoVisible(
  visible: boolean,
  event: ExitPromoEvent,
  page: { lightboxOnPage: boolean },
): boolean {
  if (event === "trigger") return visible || !page.lightboxOnPage;
  return false;
}

/** The site's own rating from its reviews: the average out of 5 and how many there are. */
export interface SiteRating {
  average: number | null;
  total: number;
}

/**
 * The trust-rating widget's words: "Rated 4.6 out of 5 from 12,345 reviews" (one decimal,
 * the count grouped as the site's locale writes numbers). Null while there is nothing to
 * rate, so the widget is left out rather than showing an empty rating.
 */
export function trustRatingText(
  rating: SiteRating | null | undefined,
  locale: Brand["locale"],
): string | null {
  if (!rating || rating.average === null || rating.total <= 0) return null;
  const average = Math.min(REVIEW_STARS, Math.max(0, rating.average)).toFixed(1);
  const total = numberFormat(locale).format(rating.total);
  return `Rated ${average} out of ${REVIEW_STARS} from ${total} ${rating.total === 1 ? "review" : "reviews"}`;
}

/** How much of the row of stars to fill, in percent, to the rating's one decimal: 4.6 → 92. */
export function trustRatingFill(average: number): number {
  const rounded = Math.round(Math.min(REVIEW_STARS, Math.max(0, average)) * 10) / 10;
  return Math.round((rounded / REVIEW_STARS) * 1000) / 10;
}
