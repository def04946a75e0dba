/**
 * Pages a shopper appended with "Load more", kept per history entry in sessionStorage so
 * that Back shows the same long list at the same scroll position (product.md §4 "Deal list
 * paging": extra deals are appended). Browser-safe: the listing page's island runs them.
 */

export interface AppendedPages<D> {
  /**
   * The first page as it was shown. Back may bring a first page in another order (a listing
   * in its default order puts deals like those just viewed first), so the list is put back
   * as the shopper left it.
   */
  firstPage?: D[];
  deals: D[];
  /** The next page's address, or null once there is no more. */
  next: string | null;
  scrollY: number;
}

/** One entry per history entry (its key) and address, so a new visit starts afresh. */
export function appendedPagesKey(historyKey: string, path: string): string {
  return `listing-more:${historyKey}:${path}`;
}

/** Deals of a further page after those shown, each deal once (a deal can move between pages). */
export function appendDeals<D extends { id: number }>(shown: readonly D[], more: readonly D[]): D[] {
  const ids = new Set(shown.map((deal) => deal.id));
  return [...shown, ...more.filter((deal) => !ids.has(deal.id))];
}

export function readAppendedPages<D>(storage: Storage, key: string): AppendedPages<D> | null {
  try {
    const value = storage.getItem(key);
    if (!value) return null;
    const parsed = JSON.parse(value) as AppendedPages<D>;
    return Array.isArray(parsed.deals) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeAppendedPages<D>(storage: Storage, key: string, pages: AppendedPages<D>): void {
  try {
    storage.setItem(key, JSON.stringify(pages));
  } catch {
    // A full or blocked storage only costs the long list on Back.
  }
}
