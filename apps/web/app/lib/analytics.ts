/**
 * Analytics events the pages fire (services.md §8 "Promo analytics events"; product.md §4
 * "Basket": cart_remove_item), pushed onto the page's dataLayer array where a tag manager
 * picks them up. The array is created when missing, so events are kept until one loads.
 */
export interface AnalyticsEvent {
  event: string;
  [detail: string]: unknown;
}

/** `target` is the page's window (or any object standing in for it in a test). */
export function pushAnalytics(target: object, events: readonly AnalyticsEvent[]): AnalyticsEvent[] {
  const holder = target as { dataLayer?: AnalyticsEvent[] };
  holder.dataLayer ??= [];
  holder.dataLayer.push(...events);
  return holder.dataLayer;
}
