/**
 * The exit promo modal (product.md §2 "App shell", §4 "Exit promo", services.md §5): which
 * deals it shows and when it is visible.
 */
import { EXIT_PROMO } from "./constants.ts";

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
