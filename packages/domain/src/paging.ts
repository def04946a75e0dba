/**
 * Deal list paging (product.md §4 "Deal list paging", services.md §4 "Deals list" and §9
 * "Paging"): what each page asks for, which slice of the list answers it, when paging
 * stops, and the deals-list state transitions.
 *
 * The model: a later page n starts at `offset + n * pageSize`. Page 0 starts at 0 and is
 * `pageSize + offset` long unless a first-page size is given, so by default page 1 begins
 * right after page 0: the extra deals on page 0 fill the slots a page lays out around the
 * list (the main deal and its neighbours on a deal page, the leading tiles elsewhere).
 */
import { DEAL_OFFSET } from "./constants.ts";
import type { PageType } from "./page-type.ts";

export interface MainDealPlacement {
  soldOut: boolean;
  /** The main deal is one of the list's own items (placed first on page 0). */
  includedInList: boolean;
}

export interface DealListPaging {
  pageType: PageType | null;
  pageSize: number;
  firstPageSize?: number | null;
  /** Replaces the base offset when it is a whole number of 0 or more. */
  offsetOverride?: number | null;
  mainDeal?: MainDealPlacement | null;
}

export interface DealListRequest {
  page: number;
  pageSize: number;
  offset: number;
}

/** Base offset: 5 on deal and VIP deal pages, 0 for travel, 2 elsewhere, unless overridden. */
export function baseDealOffset(pageType: PageType | null, offsetOverride?: number | null): number {
  if (typeof offsetOverride === "number" && Number.isInteger(offsetOverride) && offsetOverride >= 0) {
    return offsetOverride;
  }
  if (pageType === "deal" || pageType === "vipDeal") return DEAL_OFFSET.dealPage;
  if (pageType === "travel") return DEAL_OFFSET.travel;
  return DEAL_OFFSET.default;
}

/**
 * The offset of every page after the first: the base offset, plus 1 when the main deal is
 * sold out and so leaves its slot to another deal; nothing extra when the main deal is one
 * of the list's own items, since it then takes a place in the list like any other.
 */
export function laterPagesOffset(paging: DealListPaging): number {
  const { mainDeal } = paging;
  const soldOutMainDeal = mainDeal?.soldOut === true && mainDeal.includedInList !== true;
  return baseDealOffset(paging.pageType, paging.offsetOverride) + (soldOutMainDeal ? 1 : 0);
}

/** What to ask for page `page` (0-based): page 0 at offset 0 with the first-page size. */
export function dealListRequest(page: number, paging: DealListPaging): DealListRequest {
  const offset = laterPagesOffset(paging);
  if (page === 0) {
    const firstPageSize = paging.firstPageSize ?? paging.pageSize + offset;
    return { page: 0, pageSize: firstPageSize, offset: 0 };
  }
  return { page, pageSize: paging.pageSize, offset };
}

/** The slice of the whole list that answers a request: [start, end). */
export function dealListWindow(request: DealListRequest): { start: number; end: number } {
  const start = request.page === 0 ? 0 : request.offset + request.page * request.pageSize;
  return { start, end: start + request.pageSize };
}

/** The next page to ask for, or null once a page came back empty. */
export function nextDealPage(page: number, receivedCount: number): number | null {
  return receivedCount === 0 ? null : page + 1;
}

/** No more deals once a page returns fewer than it asked for. */
export function isNoMoreDeals(receivedCount: number, requestedPageSize: number): boolean {
  return receivedCount < requestedPageSize;
}

/** Page 0 may show the main deal first; it then appears once, whatever the list held. */
export function placeMainDealFirst<D extends { id: unknown }>(
  deals: readonly D[],
  mainDeal: D | null | undefined,
): D[] {
  if (!mainDeal) return [...deals];
  return [mainDeal, ...deals.filter((d) => d.id !== mainDeal.id)];
}

// ---------------------------------------------------------------------------------------
// Deals list state

export interface DealsListState<D> {
  deals: D[];
  mainDeal: D | null;
  /** The last page index loaded: 0 after a set. */
  lastId: number;
  /** The page on which paging ended, or null while more may come. */
  lastPage: number | null;
  nomore: boolean;
  /** True while the list is as the server rendered it. */
  ssr: boolean;
  isDealPreview: boolean;
}

export type DealsListAction<D> =
  | { type: "set"; deals: D[]; mainDeal?: D | null; ssr?: boolean }
  | { type: "setPreview"; deals: D[]; mainDeal?: D | null }
  | { type: "setMainDeal"; mainDeal: D }
  | { type: "append"; deals: D[]; page: number }
  | { type: "noMore"; page: number };

export function initialDealsListState<D>(): DealsListState<D> {
  return {
    deals: [],
    mainDeal: null,
    lastId: 0,
    lastPage: null,
    nomore: false,
    ssr: true,
    isDealPreview: false,
  };
}

/**
 * The deals-list transitions (services.md §4): setting deals (with or without a main deal,
 * or as a preview) resets paging to lastId 0, lastPage null, nomore false; appending adds
 * the deals not already listed and marks the list no longer server-rendered; no-more sets
 * nomore and records the last page; setting the main deal alone leaves the list as it is.
 */
export function dealsListReducer<D extends { id: unknown }>(
  state: DealsListState<D>,
  action: DealsListAction<D>,
): DealsListState<D> {
  switch (action.type) {
    case "set":
    case "setPreview":
      return {
        deals: [...action.deals],
        mainDeal: action.mainDeal ?? null,
        lastId: 0,
        lastPage: null,
        nomore: false,
        ssr: action.type === "set" ? (action.ssr ?? true) : true,
        isDealPreview: action.type === "setPreview",
      };
    case "setMainDeal":
      return { ...state, mainDeal: action.mainDeal };
    case "append": {
      const listed = new Set(state.deals.map((d) => d.id));
      const added = action.deals.filter((d) => !listed.has(d.id));
      return { ...state, deals: [...state.deals, ...added], lastId: action.page, ssr: false };
    }
    case "noMore":
      return { ...state, nomore: true, lastPage: action.page };
  }
}
