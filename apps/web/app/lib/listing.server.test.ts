import { describe, expect, it } from "vitest";
import {
  dealsPathSource,
  giftsSource,
  listingCrumbs,
  listingHeading,
  nameFromSlug,
  nearMeSource,
  stayPriceText,
} from "./listing.server.ts";

describe("dealsPathSource", () => {
  it("passes a location and its categories through to the API", () => {
    const source = dealsPathSource(["london", "beauty", "spa"]);
    expect(source.apiSegments).toEqual(["london", "beauty", "spa"]);
    expect(source.kind).toBe("location");
    expect(source.categoryRoot).toBe("/deals/london");
  });

  it("maps shop to the national deals and escapes and travel to travel", () => {
    expect(dealsPathSource(["shop", "electricals"]).apiSegments).toEqual(["national-deal", "electricals"]);
    expect(dealsPathSource(["escapes"])).toMatchObject({ apiSegments: ["travel"], travel: true });
    expect(dealsPathSource(["travel", "uk-travel"]).apiSegments).toEqual(["travel", "uk-travel"]);
  });

  it("lists the VIP and wellness collections and a location's special pages by their rules", () => {
    expect(dealsPathSource(["vip"])).toMatchObject({
      kind: "collection",
      apiSegments: ["vip"],
    });
    const special = dealsPathSource(["london", "special", "black-friday", "food-and-drink"]);
    expect(special).toMatchObject({
      kind: "special",
      apiSegments: ["london", "special", "black-friday", "food-and-drink"],
      categories: ["food-and-drink"],
      categoryRoot: "/deals/london/special/black-friday",
    });
  });

  it("lists a gshop landing page from the listing before the gshop segment", () => {
    const source = dealsPathSource(["shop", "electronics", "gshop", "top-deals"]);
    expect(source.apiSegments).toEqual(["national-deal", "electronics"]);
    expect(source.categories).toEqual(["electronics"]);
  });
});

describe("listingHeading", () => {
  const london = { base: "London", where: "London" };

  it("names the location on its homepage and the deepest category on a category page", () => {
    expect(listingHeading("location", { ...london, what: undefined })).toBe("Deals in London");
    expect(listingHeading("location", { ...london, what: "Spa Days" })).toBe("Spa Days deals in London");
  });

  it("names the shop, escapes, gifts and collections after themselves", () => {
    expect(listingHeading("branch", { base: "Shop", where: null, what: undefined })).toBe("Shop");
    expect(listingHeading("branch", { base: "Shop", where: null, what: "Electronics" })).toBe(
      "Electronics: Shop",
    );
    expect(listingHeading("collection", { base: "VIP deals", where: null, what: undefined })).toBe(
      "VIP deals",
    );
  });

  it("places near-me pages near the shopper and special pages in their location", () => {
    expect(listingHeading("near-me", { base: "Deals near me", where: null, what: "Food & Drink" })).toBe(
      "Food & Drink deals near you",
    );
    expect(listingHeading("special", { base: "Black Friday deals", where: "Leeds", what: undefined })).toBe(
      "Black Friday deals in Leeds",
    );
  });
});

describe("listingCrumbs", () => {
  it("runs from Home through the base to each category level", () => {
    const source = dealsPathSource(["london", "food-and-drink", "restaurants"]);
    expect(listingCrumbs(source, "London", ["Food & Drink", "Restaurants"])).toEqual([
      { name: "Home", path: "/" },
      { name: "London", path: "/deals/london" },
      { name: "Food & Drink", path: "/deals/london/food-and-drink" },
      { name: "Restaurants", path: "/deals/london/food-and-drink/restaurants" },
    ]);
  });

  it("puts near-me categories under /near-me with the hub as their base", () => {
    const crumbs = listingCrumbs(nearMeSource(["food-and-drink"]), "Deals near me", ["Food & Drink"]);
    expect(crumbs.map((crumb) => crumb.path)).toEqual(["/", "/near-me/hub", "/near-me/food-and-drink"]);
  });

  it("names a level the API leaves unnamed from its slug", () => {
    expect(listingCrumbs(giftsSource(["gifts-for-her"]), "Gifts", []).at(-1)).toEqual({
      name: "Gifts for her",
      path: "/gifts/gifts-for-her",
    });
    expect(nameFromSlug("wine-tasting")).toBe("Wine tasting");
  });
});

describe("nearMeSource", () => {
  it("gives the hub its fixed title and description", () => {
    expect(nearMeSource([]).fixedHead?.heading).toBe("Deals near me");
    expect(nearMeSource(["food-and-drink"]).fixedHead).toBeUndefined();
  });
});

describe("stayPriceText", () => {
  const stay = { checkIn: "2030-06-01", checkOut: "2030-06-03", nights: 2, guests: 2 };
  it("names the stay's price, nights and guests", () => {
    expect(stayPriceText(29900, stay, { currency: "GBP", locale: "en-GB" })).toBe(
      "£299 for 2 nights, 2 guests",
    );
    expect(
      stayPriceText(12050, { ...stay, nights: 1, guests: 4 }, { currency: "EUR", locale: "en-IE" }),
    ).toBe("€120.50 for 1 night, 4 guests");
  });
});
