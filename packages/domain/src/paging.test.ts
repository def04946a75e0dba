import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PageType } from "./page-type.ts";
import {
  baseDealOffset,
  type DealListPaging,
  dealListRequest,
  dealListWindow,
  dealsListReducer,
  initialDealsListState,
  isNoMoreDeals,
  laterPagesOffset,
  nextDealPage,
  placeMainDealFirst,
} from "./paging.ts";

describe("offsets", () => {
  it("uses 5 on deal and VIP deal pages, 0 for travel, 2 elsewhere", () => {
    expect(baseDealOffset("deal")).toBe(5);
    expect(baseDealOffset("vipDeal")).toBe(5);
    expect(baseDealOffset("travel")).toBe(0);
    expect(baseDealOffset("category")).toBe(2);
    expect(baseDealOffset(null)).toBe(2);
  });

  it("is replaced by an integer override only", () => {
    expect(baseDealOffset("deal", 0)).toBe(0);
    expect(baseDealOffset("category", 7)).toBe(7);
    for (const junk of [1.5, -1, Number.NaN, null, undefined]) expect(baseDealOffset("deal", junk)).toBe(5);
  });

  it("adds 1 when the main deal is sold out, but not when it is in the list", () => {
    const paging = { pageType: "deal" as const, pageSize: 20 };
    expect(laterPagesOffset({ ...paging, mainDeal: { soldOut: true, includedInList: false } })).toBe(6);
    expect(laterPagesOffset({ ...paging, mainDeal: { soldOut: true, includedInList: true } })).toBe(5);
    expect(laterPagesOffset({ ...paging, mainDeal: { soldOut: false, includedInList: false } })).toBe(5);
  });
});

describe("dealListRequest", () => {
  const paging: DealListPaging = { pageType: "category", pageSize: 20 };

  it("asks for page 0 at offset 0 with the first-page size when given", () => {
    expect(dealListRequest(0, { ...paging, firstPageSize: 12 })).toEqual({
      page: 0,
      pageSize: 12,
      offset: 0,
    });
  });

  it("sizes page 0 to reach the start of page 1 when no first-page size is given", () => {
    expect(dealListRequest(0, paging)).toEqual({ page: 0, pageSize: 22, offset: 0 });
  });

  it("asks for later pages at the base offset with the page size", () => {
    expect(dealListRequest(3, paging)).toEqual({ page: 3, pageSize: 20, offset: 2 });
    expect(dealListRequest(1, { pageType: "travel", pageSize: 10 })).toEqual({
      page: 1,
      pageSize: 10,
      offset: 0,
    });
  });

  it("slices the list: page 0 from the start, later pages after the offset", () => {
    expect(dealListWindow({ page: 0, pageSize: 22, offset: 0 })).toEqual({ start: 0, end: 22 });
    expect(dealListWindow({ page: 1, pageSize: 20, offset: 2 })).toEqual({ start: 22, end: 42 });
  });
});

describe("when paging stops", () => {
  it("has no next page key after an empty page", () => {
    expect(nextDealPage(3, 0)).toBeNull();
    expect(nextDealPage(3, 5)).toBe(4);
  });

  it("has no more deals once a page is short", () => {
    expect(isNoMoreDeals(19, 20)).toBe(true);
    expect(isNoMoreDeals(20, 20)).toBe(false);
    expect(isNoMoreDeals(0, 20)).toBe(true);
  });
});

describe("walking the pages", () => {
  const pageTypes: PageType[] = ["deal", "vipDeal", "travel", "category", "search"];

  it("never skips or repeats a deal", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(...pageTypes),
        fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
        fc.option(fc.record({ soldOut: fc.boolean(), includedInList: fc.boolean() }), { nil: undefined }),
        (total, pageSize, pageType, offsetOverride, mainDeal) => {
          const all = Array.from({ length: total }, (_, i) => i);
          const paging: DealListPaging = { pageType, pageSize, offsetOverride, mainDeal };
          const seen: number[] = [];
          let page: number | null = 0;
          while (page !== null) {
            const request = dealListRequest(page, paging);
            const { start, end } = dealListWindow(request);
            const received = all.slice(start, end);
            seen.push(...received);
            if (isNoMoreDeals(received.length, request.pageSize)) break;
            page = nextDealPage(page, received.length);
          }
          expect(seen).toEqual(all);
        },
      ),
    );
  });
});

describe("placeMainDealFirst", () => {
  it("puts the main deal first, once", () => {
    const deals = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(placeMainDealFirst(deals, { id: 2 })).toEqual([{ id: 2 }, { id: 1 }, { id: 3 }]);
    expect(placeMainDealFirst(deals, { id: 9 })).toEqual([{ id: 9 }, ...deals]);
    expect(placeMainDealFirst(deals, null)).toEqual(deals);
  });
});

describe("dealsListReducer", () => {
  type Deal = { id: number };
  const paged = {
    ...initialDealsListState<Deal>(),
    deals: [{ id: 1 }],
    lastId: 4,
    lastPage: 4,
    nomore: true,
    ssr: false,
  };

  it("resets paging when deals are set, with or without a main deal", () => {
    const state = dealsListReducer(paged, { type: "set", deals: [{ id: 7 }], mainDeal: { id: 6 } });
    expect(state).toEqual({
      deals: [{ id: 7 }],
      mainDeal: { id: 6 },
      lastId: 0,
      lastPage: null,
      nomore: false,
      ssr: true,
      isDealPreview: false,
    });
    expect(dealsListReducer(paged, { type: "set", deals: [] }).mainDeal).toBeNull();
  });

  it("marks a preview", () => {
    const state = dealsListReducer(paged, { type: "setPreview", deals: [{ id: 3 }] });
    expect(state).toMatchObject({ isDealPreview: true, lastId: 0, lastPage: null, nomore: false });
  });

  it("appends new deals and marks the list no longer server-rendered", () => {
    const start = dealsListReducer(initialDealsListState<Deal>(), {
      type: "set",
      deals: [{ id: 1 }, { id: 2 }],
    });
    const state = dealsListReducer(start, { type: "append", deals: [{ id: 2 }, { id: 3 }], page: 1 });
    expect(state.deals).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(state).toMatchObject({ ssr: false, lastId: 1 });
  });

  it("records no more deals and the last page", () => {
    const state = dealsListReducer(initialDealsListState<Deal>(), { type: "noMore", page: 3 });
    expect(state).toMatchObject({ nomore: true, lastPage: 3 });
  });

  it("sets the main deal alone without touching the list", () => {
    const state = dealsListReducer(paged, { type: "setMainDeal", mainDeal: { id: 9 } });
    expect(state).toEqual({ ...paged, mainDeal: { id: 9 } });
  });
});
