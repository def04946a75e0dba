import { describe, expect, it } from "vitest";
import { tilesFetchedFor, tilesRequestFor, tilesRequestForOtherPage } from "./tiles.ts";

describe("tiles request parameters (services.md §2)", () => {
  it("are fetched for homepage, vip category and category pages only", () => {
    expect(tilesFetchedFor("homepage")).toBe(true);
    expect(tilesFetchedFor("vipCategory")).toBe(true);
    expect(tilesFetchedFor("category")).toBe(true);
    expect(tilesFetchedFor("deal")).toBe(false);
    expect(tilesFetchedFor(null)).toBe(false);
    expect(tilesRequestFor("deal", "london/food", "london")).toBeNull();
  });

  it("take the first segment as location, the first three as navigation and the full path as sub-navigation", () => {
    expect(tilesRequestFor("category", "/london/food-and-drink/restaurants/italian", null)).toEqual({
      brand: "main",
      country: "gb",
      location: "london",
      navigation: "london/food-and-drink/restaurants",
      subNavigation: "london/food-and-drink/restaurants/italian",
    });
  });

  it("do not treat shop as a location", () => {
    expect(tilesRequestFor("category", "shop/electronics", "manchester")?.location).toBe("manchester");
  });

  it("on other pages use the page's location and the whole path as navigation", () => {
    expect(tilesRequestForOtherPage("/search/spa", "leeds")).toEqual({
      brand: "main",
      country: "gb",
      location: "leeds",
      navigation: "search/spa",
      subNavigation: "search/spa",
    });
  });
});
