import { describe, expect, it } from "vitest";
import { BRAND_IDS, BRANDS, brandForHeaders, brandForHost, isBrandId } from "./brand.ts";

describe("brands (product.md §1)", () => {
  it("has a main and a sister brand, each with a UK site in pounds and an Irish site in euros", () => {
    for (const id of BRAND_IDS) {
      const brand = BRANDS[id];
      expect(brand.currency).toBe(brand.countryCode === "gb" ? "GBP" : "EUR");
    }
    expect(new Set(BRAND_IDS.map((id) => BRANDS[id].key)).size).toBe(2);
  });

  it("defaults to London in the UK, Dublin and Dublin South in Ireland", () => {
    expect(BRANDS["main-uk"].defaultLocation).toBe("london");
    expect(BRANDS["sister-uk"].defaultLocation).toBe("london");
    expect([BRANDS["main-ie"].defaultLocation, BRANDS["sister-ie"].defaultLocation].sort()).toEqual([
      "dublin",
      "dublin-south",
    ]);
  });

  it("uses the Irish privacy policy on Irish sites", () => {
    const privacy = (id: (typeof BRAND_IDS)[number]) =>
      BRANDS[id].links.legal.find((l) => l.label === "Privacy policy")?.href;
    expect(privacy("main-ie")).toBe("/page/privacypolicy-ie");
    expect(privacy("main-uk")).toBe("/page/privacypolicy");
  });

  it("is picked by host name, ignoring case and port", () => {
    expect(brandForHost("www.dealmoor.ie")?.id).toBe("main-ie");
    expect(brandForHost("Sister-UK.localhost:3000")?.id).toBe("sister-uk");
    expect(brandForHost("unknown.example")).toBeUndefined();
    expect(brandForHost(undefined)).toBeUndefined();
  });

  it("is picked by the brand and country-code headers", () => {
    expect(brandForHeaders("fernlight", "IE")?.id).toBe("sister-ie");
    expect(brandForHeaders(" dealmoor ", "gb")?.id).toBe("main-uk");
    expect(brandForHeaders("dealmoor", "fr")).toBeUndefined();
    expect(brandForHeaders(undefined, "gb")).toBeUndefined();
    expect(brandForHeaders(42, "gb")).toBeUndefined();
  });

  it("recognises brand ids", () => {
    expect(isBrandId("main-ie")).toBe(true);
    expect(isBrandId("main")).toBe(false);
    expect(isBrandId(null)).toBe(false);
  });
});
