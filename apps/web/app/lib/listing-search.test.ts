import { describe, expect, it } from "vitest";
import {
  isUntidyListingSearch,
  listingSearchFromForm,
  type SortChoice,
  travelDatesSearch,
  withSearch,
} from "./listing-search.ts";

const SORTS: SortChoice[] = [
  { id: "popularity", label: "Popularity", params: {} },
  { id: "discount", label: "Discount %", params: { orderBy: "discount", order: "desc" } },
];

describe("listingSearchFromForm", () => {
  it("turns the chosen sort into orderBy and order and drops empty fields", () => {
    const fields: [string, string][] = [
      ["sort", "discount"],
      ["minPrice", ""],
      ["maxPrice", "50"],
    ];
    expect(listingSearchFromForm(fields, SORTS).toString()).toBe("orderBy=discount&order=desc&maxPrice=50");
  });

  it("leaves the default sort out of the address", () => {
    expect(listingSearchFromForm([["sort", "popularity"]], SORTS).toString()).toBe("");
  });

  it("keeps facets and kept parameters but starts again at page 1", () => {
    const fields: [string, string][] = [
      ["q", "spa"],
      ["page", "3"],
      ["categories", "spa-days"],
      ["categories", "massages"],
    ];
    expect(listingSearchFromForm(fields, SORTS).toString()).toBe(
      "q=spa&categories=spa-days&categories=massages",
    );
  });

  it("lets a sort chosen in the form replace one already in the address", () => {
    const fields: [string, string][] = [
      ["orderBy", "price"],
      ["order", "asc"],
      ["sort", "discount"],
    ];
    expect(listingSearchFromForm(fields, SORTS).toString()).toBe("orderBy=discount&order=desc");
  });
});

describe("isUntidyListingSearch", () => {
  it("is true for a form's own field or an empty value, false for a tidy address", () => {
    expect(isUntidyListingSearch(new URLSearchParams("sort=discount"))).toBe(true);
    expect(isUntidyListingSearch(new URLSearchParams("maxPrice="))).toBe(true);
    expect(isUntidyListingSearch(new URLSearchParams("orderBy=discount&order=desc&page=2"))).toBe(false);
  });
});

describe("withSearch", () => {
  it("adds the query only when there is one", () => {
    expect(withSearch("/deals/london", new URLSearchParams())).toBe("/deals/london");
    expect(withSearch("/deals/london", new URLSearchParams("page=2"))).toBe("/deals/london?page=2");
  });
});

describe("travel dates in the form", () => {
  it("keeps nights and guests with a check-in date, and drops them without one", () => {
    const chosen = listingSearchFromForm(
      [
        ["sort", "popularity"],
        ["checkIn", "2030-06-01"],
        ["nights", "2"],
        ["guests", "4"],
      ],
      SORTS,
    );
    expect(chosen.toString()).toBe("checkIn=2030-06-01&nights=2&guests=4");
    const none = listingSearchFromForm(
      [
        ["sort", "popularity"],
        ["checkIn", ""],
        ["nights", "1"],
        ["guests", "2"],
        ["maxPrice", "50"],
      ],
      SORTS,
    );
    expect(none.toString()).toBe("maxPrice=50");
  });

  it("reads the dates a travel link carries on, and nothing without a check-in", () => {
    expect(
      travelDatesSearch(new URLSearchParams("checkIn=2030-06-01&nights=2&guests=4&maxPrice=50&page=2")),
    ).toBe("checkIn=2030-06-01&nights=2&guests=4");
    expect(travelDatesSearch(new URLSearchParams("nights=2&guests=4"))).toBe("");
  });
});
