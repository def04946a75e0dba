import { BRANDS } from "@deals/domain/brand";
import { PRICE_FILTER_OPTIONS } from "@deals/domain/listing-query";
import { describe, expect, it } from "vitest";
import {
  apiListingSearch,
  listingFilters,
  priceFilterList,
  tolerantListingQuery,
} from "./listing-filters.server.ts";

const facetedNavigation = {
  navigations: [
    { linkText: "Restaurants", count: 15, shortName: "restaurants" },
    { linkText: "Afternoon Tea", count: 0, shortName: "afternoon-tea" },
  ],
  filters: [
    {
      name: "f_discount",
      label: "Discount",
      values: [
        { value: "70-plus", label: "70% off or more", count: 6, selected: false },
        { value: "50-69", label: "50% to 69% off", count: 0, selected: false },
      ],
    },
  ],
  stats: { minPrice: 1599, maxPrice: 7899 },
};

describe("tolerantListingQuery", () => {
  it("reads the page as the 0-based index and the sort from orderBy and order", () => {
    const query = tolerantListingQuery(new URLSearchParams("page=3&orderBy=price&order=asc"));
    expect(query.page).toBe(2);
    expect(query.sort.id).toBe("price-low-to-high");
  });

  it("leaves out values that are not valid instead of refusing the page", () => {
    const query = tolerantListingQuery(
      new URLSearchParams("minPrice=abc&maxPrice=20&page=0&orderBy=price&order=sideways&f_<b>=1"),
    );
    expect(query.minPrice).toBeUndefined();
    expect(query.maxPrice).toBe(20);
    expect(query.page).toBe(0);
    expect(query.facets).toEqual({});
    // Without a valid order, orderBy sorts its own default way.
    expect(query.sort.id).toBe("price-high-to-low");
    expect(tolerantListingQuery(new URLSearchParams("orderBy=rating")).sort.id).toBe("popularity");
  });

  it("drops a price range that runs backwards", () => {
    const query = tolerantListingQuery(new URLSearchParams("minPrice=50&maxPrice=20"));
    expect(query.minPrice).toBeUndefined();
    expect(query.maxPrice).toBe(20);
  });
});

describe("apiListingSearch", () => {
  it("passes the shopper's filters on in the API's names, then the page's own", () => {
    const query = tolerantListingQuery(
      new URLSearchParams(
        "orderBy=discount&order=desc&maxPrice=50&categories=a&categories=b&f_discount=70-plus&q=spa&utm_source=x",
      ),
    );
    expect(apiListingSearch(query, { searchTag: "gifts-for-mum" }).toString()).toBe(
      "orderBy=discount&order=desc&maxPrice=50&q=spa&categories=a%2Cb&f_discount=70-plus&searchTag=gifts-for-mum",
    );
  });
});

describe("priceFilterList", () => {
  it("offers the short lists for cheaper listings and finer steps for dearer ones", () => {
    expect(priceFilterList(79)).toEqual(PRICE_FILTER_OPTIONS.upTo200);
    expect(priceFilterList(622)).toEqual(PRICE_FILTER_OPTIONS.upTo1000);
    const steps = priceFilterList(1300);
    expect(steps.at(-1)).toBe(1300);
    expect(steps).toContain(95);
    expect(steps).toContain(490);
    expect(steps).toContain(550);
  });
});

describe("listingFilters", () => {
  const brand = BRANDS["main-ie"];

  it("offers the subcategories and the API's filters as checkboxes with their counts, leaving out empty ones", () => {
    const query = tolerantListingQuery(new URLSearchParams("categories=restaurants"));
    const filters = listingFilters("/deals/dublin/food-and-drink", query, facetedNavigation, brand);
    expect(filters.facets).toEqual([
      {
        param: "categories",
        legend: "Category",
        options: [{ value: "restaurants", label: "Restaurants", count: 15, checked: true }],
      },
      {
        param: "f_discount",
        legend: "Discount",
        options: [{ value: "70-plus", label: "70% off or more", count: 6, checked: false }],
      },
      { param: "vip", legend: "VIP", options: [{ value: "true", label: "VIP deals only", checked: false }] },
    ]);
    expect(filters.active).toBe(1);
  });

  it("offers the VIP-only toggle on listings, counted when on, but not on the VIP hub", () => {
    const on = listingFilters(
      "/deals/dublin",
      tolerantListingQuery(new URLSearchParams("vip=true")),
      facetedNavigation,
      brand,
    );
    expect(on.facets.at(-1)).toEqual({
      param: "vip",
      legend: "VIP",
      options: [{ value: "true", label: "VIP deals only", checked: true }],
    });
    expect(on.active).toBe(1);
    const hub = listingFilters(
      "/deals/vip",
      tolerantListingQuery(new URLSearchParams()),
      facetedNavigation,
      brand,
    );
    expect(hub.facets.some((group) => group.param === "vip")).toBe(false);
  });

  it("labels prices in the site's currency and keeps a shared link's own price selectable", () => {
    const query = tolerantListingQuery(new URLSearchParams("maxPrice=35"));
    const filters = listingFilters("/deals/dublin", query, facetedNavigation, brand);
    expect(filters.prices.map((p) => p.value)).toEqual(["0", "10", "20", "35", "50", "100", "200"]);
    expect(filters.prices[1]?.label).toBe("€10");
    expect(filters.maxPrice).toBe("35");
  });

  it("keeps the search query and gift tag, and clears to the page without filters", () => {
    const query = tolerantListingQuery(new URLSearchParams("q=spa&orderBy=discount&order=desc&minPrice=10"));
    const filters = listingFilters("/search", query, facetedNavigation, brand);
    expect(filters.kept).toEqual([["q", "spa"]]);
    expect(filters.sort).toBe("discount");
    expect(filters.active).toBe(2);
    expect(filters.clearHref).toBe("/search?q=spa");
  });
});

describe("travel dates", () => {
  it("passes a chosen stay to the API as check-in, nights and guests", () => {
    const query = tolerantListingQuery(new URLSearchParams("checkIn=2030-06-01&nights=3&guests=4"));
    expect(query.stay).toEqual({ checkIn: "2030-06-01", checkOut: "2030-06-04", nights: 3, guests: 4 });
    const search = apiListingSearch(query);
    expect(search.get("checkIn")).toBe("2030-06-01");
    expect(search.get("nights")).toBe("3");
    expect(search.get("guests")).toBe("4");
  });

  it("reads check-out as the nights between, and guests as 2 when not given", () => {
    const query = tolerantListingQuery(new URLSearchParams("checkIn=2030-06-01&checkOut=2030-06-03"));
    expect(query.stay).toEqual({ checkIn: "2030-06-01", checkOut: "2030-06-03", nights: 2, guests: 2 });
  });

  it.each([
    "checkIn=2030-02-30&nights=2",
    "checkIn=soon&nights=2",
    "checkIn=2030-06-01&nights=17",
    "checkIn=2030-06-01&nights=0",
    "checkIn=2030-06-01&guests=3",
    "checkIn=2030-06-01&checkOut=2030-05-30",
    "nights=2&guests=4",
  ])("drops a stay it cannot read (%s) and keeps the rest", (text) => {
    const query = tolerantListingQuery(new URLSearchParams(`${text}&maxPrice=50&orderBy=price&order=asc`));
    expect(query.stay).toBeUndefined();
    expect(query.maxPrice).toBe(50);
    expect(query.sort.id).toBe("price-low-to-high");
    const search = apiListingSearch(query);
    for (const name of ["checkIn", "checkOut", "nights", "guests"]) expect(search.has(name)).toBe(false);
  });

  it("offers the date fields on travel listings only, with the chosen stay", () => {
    const query = tolerantListingQuery(new URLSearchParams("checkIn=2030-06-01&nights=2&guests=6"));
    const brand = BRANDS["main-uk"];
    const travel = listingFilters("/deals/escapes", query, facetedNavigation, brand, true, "2030-05-01");
    expect(travel.stay).toEqual({
      checkIn: "2030-06-01",
      nights: "2",
      guests: "6",
      min: "2030-05-01",
      nightOptions: Array.from({ length: 16 }, (_, i) => i + 1),
      guestOptions: [2, 4, 6, 8],
    });
    expect(travel.active).toBe(1);
    expect(travel.clearHref).toBe("/deals/escapes");
    expect(listingFilters("/deals/london", query, facetedNavigation, brand).stay).toBeNull();
    const none = listingFilters(
      "/deals/escapes",
      tolerantListingQuery(new URLSearchParams()),
      facetedNavigation,
      brand,
      true,
    );
    expect(none.stay).toMatchObject({ checkIn: "", nights: "1", guests: "2" });
  });
});
