/**
 * Recently viewed deals, kept in the browser's localStorage (product.md §3 "Recent deals
 * stored as an object with a list of ids and a stored-date"; services.md §9 "Recent deal
 * lists keep 5 per location type"). The deal page's island records each visit with
 * `rememberDeal`; the RecentlyViewed component (hydrated pages) and the listing page script
 * (plain pages, listing-page-script.ts) read the lists back with `recentDealIds`.
 *
 * Stored value: `{ [locationType]: { ids: number[]; storedDate: string } }`, newest id first,
 * where the location type is the deal's canonical path type (local, national, travel, gifts).
 */

export const RECENT_DEALS_STORAGE_KEY = "recentDeals";

/** How many location types keep a list: local, national, travel, gifts. */
export const LOCATION_TYPES = 4;

export interface RecentDealList {
  ids: number[];
  /** ISO date-time of the last visit recorded in this list. */
  storedDate: string;
}

export type RecentDeals = Record<string, RecentDealList>;

/**
 * The stored text with one visit added: the deal moves to the front of its location type's
 * list, which keeps at most `keep` ids. Junk in storage is dropped rather than trusted.
 */
export function rememberDeal(
  stored: string | null,
  locationType: string,
  dealId: number,
  nowIso: string,
  keep: number,
): string {
  let lists: Record<string, { ids: number[]; storedDate: string }> = {};
  try {
    const parsed: unknown = JSON.parse(stored ?? "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      for (const [type, list] of Object.entries(parsed)) {
        const ids: unknown = list && typeof list === "object" ? (list as { ids?: unknown }).ids : null;
        const storedDate: unknown =
          list && typeof list === "object" ? (list as { storedDate?: unknown }).storedDate : null;
        if (Array.isArray(ids) && typeof storedDate === "string") {
          lists[type] = { ids: ids.filter((id) => Number.isSafeInteger(id) && id > 0), storedDate };
        }
      }
    }
  } catch {
    lists = {};
  }
  const earlier = (lists[locationType]?.ids ?? []).filter((id) => id !== dealId);
  lists[locationType] = { ids: [dealId, ...earlier].slice(0, keep), storedDate: nowIso };
  return JSON.stringify(lists);
}

/**
 * The ids to show, newest first: one location type's list, or every list merged with the
 * most recently stored list first, each id once, at most `limit`.
 */
export function recentDealIds(stored: string | null, limit: number, locationType?: string): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored ?? "{}");
  } catch {
    return [];
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return [];
  const lists = Object.entries(parsed as Record<string, unknown>)
    .filter(([type]) => locationType === undefined || type === locationType)
    .map(([, list]) => list as Partial<RecentDealList> | null)
    .filter(
      (list): list is RecentDealList => Array.isArray(list?.ids) && typeof list?.storedDate === "string",
    )
    .sort((a, b) => b.storedDate.localeCompare(a.storedDate));
  const ids = new Set<number>();
  for (const list of lists) {
    for (const id of list.ids) if (Number.isSafeInteger(id) && id > 0) ids.add(id);
  }
  return [...ids].slice(0, Math.max(0, limit));
}

/**
 * The location type of a listing's deals, from its address: local for a location's pages
 * (and `/`, the saved location's homepage) and near-me pages, national for the shop, travel
 * for escapes, gifts for gifts. Undefined where types mix (collections, special pages): the
 * strip then shows every type.
 */
export function listingLocationType(pathname: string): string | undefined {
  const [first, second, third] = pathname.toLowerCase().split("/").filter(Boolean);
  if (first === undefined || first === "near-me") return "local";
  if (first === "gifts") return "gifts";
  if (first !== "deals" || second === undefined) return undefined;
  if (second === "shop") return "national";
  if (second === "escapes" || second === "travel") return "travel";
  if (second === "vip" || second === "wellness-collection" || third === "special") return undefined;
  return "local";
}
