import { describe, expect, it } from "vitest";
import { apiListingSegments, listingHeading } from "./listing.server.ts";

describe("apiListingSegments", () => {
  it("passes a location and its categories through", () => {
    expect(apiListingSegments({ location: "london", category: "beauty", subcategory: "spa" })).toEqual([
      "london",
      "beauty",
      "spa",
    ]);
  });

  it("maps shop to the national deals and escapes to travel", () => {
    expect(apiListingSegments({ location: "shop", category: "electricals" })).toEqual([
      "national-deal",
      "electricals",
    ]);
    expect(apiListingSegments({ location: "escapes" })).toEqual(["travel"]);
  });
});

describe("listingHeading", () => {
  const none = { location: null, category: null, subCategory: null };
  const london = { shortName: "london", name: "London" };

  it("names the location on its homepage", () => {
    expect(listingHeading({ location: "london" }, { ...none, location: london })).toBe("Deals in London");
  });

  it("names the deepest category and the location on a category listing", () => {
    const listing = {
      location: london,
      category: { id: 1, name: "Beauty", shortName: "beauty" },
      subCategory: { id: 2, name: "Spa", shortName: "spa" },
    };
    expect(listingHeading({ location: "london", category: "beauty", subcategory: "spa" }, listing)).toBe(
      "Spa deals in London",
    );
  });

  it("names the shop and escapes pages after their kind", () => {
    expect(listingHeading({ location: "shop" }, none)).toBe("Shop");
    const category = { id: 3, name: "Electricals", shortName: "electricals" };
    expect(listingHeading({ location: "shop", category: "electricals" }, { ...none, category })).toBe(
      "Electricals: Shop",
    );
  });
});
