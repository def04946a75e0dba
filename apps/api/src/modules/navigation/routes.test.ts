import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import type { NavItem } from "./schemas.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const get = (url: string, headers = brandHeaders()) => testApp.app.inject({ method: "GET", url, headers });

async function navigations(url: string, headers = brandHeaders()): Promise<NavItem[]> {
  const response = await get(url, headers);
  expect(response.statusCode).toBe(200);
  return response.json().navigations;
}

const byShortName = (items: NavItem[], shortName: string) =>
  items.find((item) => item.shortName === shortName);

describe("GET /v1/navigations", () => {
  it("starts with the chosen location, linking to its local deals under its name", async () => {
    const [local] = await navigations("/v1/navigations?location=manchester");
    expect(local).toMatchObject({
      shortName: "manchester",
      linkText: "Manchester",
      url: "/deals/manchester",
      isLocal: true,
      isLocalLink: true,
      subNavigations: [],
    });
  });

  it("links local categories under the location and gives each its subcategories", async () => {
    const items = await navigations("/v1/navigations?location=manchester");
    const food = byShortName(items, "food-and-drink")!;
    expect(food).toMatchObject({
      url: "/deals/manchester/food-and-drink",
      isLocal: true,
      isLocalLink: false,
    });
    expect(food.subNavigations.length).toBeGreaterThan(0);
    for (const sub of food.subNavigations) {
      expect(sub.url).toBe(`/deals/manchester/food-and-drink/${sub.shortName}`);
      expect(sub.subNavigations).toEqual([]);
    }
  });

  it("links the shop, escapes and gifts to their own paths", async () => {
    const items = await navigations("/v1/navigations?location=london");
    expect(byShortName(items, "shop")).toMatchObject({ url: "/deals/shop", isLocal: false });
    expect(byShortName(items, "escapes")).toMatchObject({ url: "/deals/escapes", isLocal: false });
    expect(byShortName(items, "gifts")).toMatchObject({ url: "/gifts", isLocal: false });
    const shop = byShortName(items, "shop")!;
    for (const sub of shop.subNavigations) expect(sub.url).toBe(`/deals/shop/${sub.shortName}`);
  });

  it("ends with the gift finder and the VIP hub", async () => {
    const items = await navigations("/v1/navigations");
    expect(items.slice(-2).map(({ linkText, url }) => ({ linkText, url }))).toEqual([
      { linkText: "Gift Finder", url: "/gift-finder" },
      { linkText: "VIP", url: "/deals/vip" },
    ]);
  });

  it("shows each country its own travel categories", async () => {
    const uk = byShortName(await navigations("/v1/navigations?location=london"), "escapes")!;
    const ie = byShortName(
      await navigations("/v1/navigations?location=dublin", brandHeaders("main-ie")),
      "escapes",
    )!;
    const names = (item: NavItem) => item.subNavigations.map((sub) => sub.shortName);
    expect(names(uk)).toContain("uk-travel");
    expect(names(uk)).not.toContain("ireland-travel");
    expect(names(ie)).toContain("ireland-travel");
    expect(names(ie)).not.toContain("uk-travel");
    expect(names(ie)).toContain("international-travel");
  });

  it("uses the brand's default location when none is given", async () => {
    const [uk] = await navigations("/v1/navigations");
    expect(uk!.shortName).toBe("london");
    const [ie] = await navigations("/v1/navigations", brandHeaders("sister-ie"));
    expect(ie!.shortName).toBe("dublin-south");
  });

  it("answers 404 LOCATION_NOT_FOUND for a location the site does not have", async () => {
    for (const location of ["dublin", "nowhere", encodeURIComponent("<b>x</b>"), "x".repeat(5000)]) {
      const response = await get(`/v1/navigations?location=${location}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("LOCATION_NOT_FOUND");
    }
  });

  it("answers 400 when location is given twice", async () => {
    const response = await get("/v1/navigations?location=london&location=leeds");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("INVALID_PARAMETER");
    expect(response.json().error.message).toMatch(/^location/);
  });
});
