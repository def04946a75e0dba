import { describe, expect, it } from "vitest";
import { dealBreadcrumbs } from "./breadcrumbs.ts";

const deal = {
  headline: "Gin Afternoon Tea for 2",
  urlPath: "/deal/food-and-drink/afternoon-tea/afternoon-tea/100723/gin-afternoon-tea-for-2",
  category: { id: 1, name: "Food & Drink", shortName: "food-and-drink", canonicalPathType: "local" as const },
  subCategory: { id: 2, name: "Afternoon Tea", shortName: "afternoon-tea" },
  location: { shortName: "london", name: "London" },
};

describe("dealBreadcrumbs", () => {
  it("leads through the location, category and subcategory listings to a local deal", () => {
    expect(dealBreadcrumbs(deal).map((c) => c.path)).toEqual([
      "/",
      "/deals/london",
      "/deals/london/food-and-drink",
      "/deals/london/food-and-drink/afternoon-tea",
      deal.urlPath,
    ]);
  });

  it("leads through the shop and escapes for national and travel deals", () => {
    const shop = dealBreadcrumbs({
      ...deal,
      location: null,
      category: { id: 3, name: "Shop", shortName: "shop", canonicalPathType: "national" },
      subCategory: { id: 4, name: "Gaming", shortName: "gaming" },
    });
    expect(shop.map((c) => c.path)).toEqual(["/", "/deals/shop", "/deals/shop/gaming", deal.urlPath]);
    const travel = dealBreadcrumbs({
      ...deal,
      location: null,
      category: { id: 5, name: "Escapes", shortName: "escapes", canonicalPathType: "travel" },
      subCategory: { id: 6, name: "UK Travel", shortName: "uk-travel" },
    });
    expect(travel.map((c) => c.name)).toEqual(["Home", "Escapes", "UK Travel", deal.headline]);
  });

  it("leads through the gifts page for gift deals", () => {
    const gift = dealBreadcrumbs({
      ...deal,
      location: null,
      category: { id: 7, name: "Gifts", shortName: "gifts", canonicalPathType: "gifts" },
    });
    expect(gift.map((c) => c.path)).toEqual(["/", "/gifts", deal.urlPath]);
  });
});
