import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isNearMeHubPath,
  isTravelPath,
  PAGE_TYPES,
  pageTypeFor,
  parseDealPath,
  pathSegments,
  shellSegmentFor,
} from "./page-type.ts";

describe("pageTypeFor", () => {
  it("gives extendLanding to the voucher extension page", () => {
    expect(pageTypeFor("/extend?productOrderId=A1&voucherId=2")).toBe("extendLanding");
  });

  it("gives root with no first segment", () => {
    expect(pageTypeFor("/")).toBe("root");
    expect(pageTypeFor("")).toBe("root");
    expect(pageTypeFor("/?utm_source=x")).toBe("root");
  });

  it("gives guide under guides, or claim-experience-gift with the claim-gift flag", () => {
    expect(pageTypeFor("/guides/hub")).toBe("guide");
    expect(pageTypeFor("/guides/black-friday-deals", "claim-gift=false")).toBe("guide");
    expect(pageTypeFor("/guides/holiday-deals", "claim-gift=true")).toBe("claim-experience-gift");
    expect(pageTypeFor("/guides/holiday-deals", { "claim-gift": "1" })).toBe("claim-experience-gift");
  });

  it("gives special or gift-finder from the third segment", () => {
    expect(pageTypeFor("/deals/london/special/black-friday")).toBe("special");
    expect(pageTypeFor("/deal/dublin/gift-finder")).toBe("gift-finder");
    expect(pageTypeFor("/gift-finder")).toBe("gift-finder");
    expect(pageTypeFor("/gift-finder/gifts-for-mum")).toBe("gift-finder");
  });

  it("maps the named first segments", () => {
    expect(pageTypeFor("/gifts")).toBe("gifts");
    expect(pageTypeFor("/recommended-for-you")).toBe("recommended");
    expect(pageTypeFor("/early-bird")).toBe("early-bird");
    expect(pageTypeFor("/recently-viewed")).toBe("recentlyViewed");
    expect(pageTypeFor("/search?q=spa")).toBe("search");
    expect(pageTypeFor("/welcome/spa-days")).toBe("ppc");
    expect(pageTypeFor("/insights")).toBe("dashboard");
    expect(pageTypeFor("/map-view")).toBe("map-view");
    expect(pageTypeFor("/checkout/abcdefghijkl")).toBe("checkout");
    expect(pageTypeFor("/order-addon/signin-page")).toBe("order-addon");
    expect(pageTypeFor("/mygift")).toBe("claim-gift");
    expect(pageTypeFor("/login")).toBe("account");
  });

  it("separates vouchers from the rest of my account", () => {
    expect(pageTypeFor("/myaccount/vouchers")).toBe("vouchers");
    expect(pageTypeFor("/myaccount/wallet")).toBe("myaccount");
    expect(pageTypeFor("/myaccount")).toBe("myaccount");
  });

  it("gives dealPreview for the query flag, whatever the path", () => {
    expect(pageTypeFor("/deal/london/spa/massage/123", "dealPreview=true")).toBe("dealPreview");
    expect(pageTypeFor("/", new URLSearchParams("dealPreview=1"))).toBe("dealPreview");
    expect(pageTypeFor("/deal/london/spa/massage/123", "dealPreview=false")).toBe("deal");
  });

  it("treats the deal-preview segment as deals", () => {
    expect(pageTypeFor("/deal-preview/london")).toBe(pageTypeFor("/deals/london"));
    expect(pageTypeFor("/deal-preview/london/spa")).toBe("category");
  });

  it("gives vipDeal or vipCategory for vip in second position", () => {
    expect(pageTypeFor("/deal/vip/london/spa/massage/123")).toBe("vipDeal");
    expect(pageTypeFor("/deals/vip")).toBe("vipCategory");
    expect(pageTypeFor("/deals/vip/spa")).toBe("vipCategory");
  });

  it("gives a location homepage for /deals/{location}", () => {
    expect(pageTypeFor("/deals/london")).toBe("homepage");
    expect(pageTypeFor("/deals/shop/")).toBe("homepage");
    expect(pageTypeFor("/deals/london/spa")).toBe("category");
  });

  it("gives travel for travel and escapes paths, and the wellness collection its own type", () => {
    expect(pageTypeFor("/deals/escapes")).toBe("travel");
    expect(pageTypeFor("/deals/travel/uk")).toBe("travel");
    expect(pageTypeFor("/escapes")).toBe("travel");
    expect(pageTypeFor("/deals/wellness-collection")).toBe("wellness-collection");
  });

  it("gives deal for deal URLs, evergreen and with a product id", () => {
    expect(pageTypeFor("/deal/london/spa/massage/123")).toBe("deal");
    expect(pageTypeFor("/deal/london/spa/massage/e/relaxing-day")).toBe("deal");
    expect(pageTypeFor("/deal/escapes/uk/cornwall/456/seaside/789")).toBe("deal");
    expect(pageTypeFor("/deal/escapes/uk")).toBe("travel");
    expect(pageTypeFor("/deal/london/spa")).toBe("category");
  });

  it("gives category for hyperlocal pages", () => {
    expect(pageTypeFor("/near-me/hub")).toBe("category");
    expect(pageTypeFor("/near-me/spa/london")).toBe("category");
  });

  it("gives null for pages without a type and for junk", () => {
    for (const path of ["/page/aboutus", "/wishlist", "/giftcard/redeem", "/%E0%A4%A"])
      expect(pageTypeFor(path)).toBeNull();
    for (const junk of [undefined, null, 42, {}]) expect(pageTypeFor(junk)).toBeNull();
    for (const path of ["/__proto__", "/constructor", "/toString"]) expect(pageTypeFor(path)).toBeNull();
  });

  it("answers a known type or null for any string", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (path, query) => {
        const type = pageTypeFor(path, query);
        expect(type === null || PAGE_TYPES.includes(type)).toBe(true);
      }),
    );
  });
});

describe("parseDealPath", () => {
  it("reads category, sub, subsub and deal id", () => {
    expect(parseDealPath("/deal/london/spa/massage/123")).toEqual({
      category: "london",
      subcategory: "spa",
      subsubcategory: "massage",
      dealId: 123,
    });
  });

  it("reads the optional blurb and product id", () => {
    expect(parseDealPath("/deal/london/spa/massage/123/relaxing-day")).toMatchObject({
      dealId: 123,
      blurb: "relaxing-day",
    });
    expect(parseDealPath("/deal/london/spa/massage/123/456/")).toMatchObject({ dealId: 123, productId: 456 });
    expect(parseDealPath("/deal/london/spa/massage/123/relaxing-day/456?x=1")).toMatchObject({
      blurb: "relaxing-day",
      productId: 456,
    });
  });

  it("reads a blurb as long as a long headline writes, up to 200 characters", () => {
    const headline =
      "life-drawing-or-painting-class-with-wine-choice-of-2-options-at-adrenaline-activity-centre-birmingham";
    expect(headline.length).toBeGreaterThan(100);
    expect(parseDealPath(`/deal/activities/classes/workshops/139017/${headline}`)).toMatchObject({
      dealId: 139017,
      blurb: headline,
    });
    expect(parseDealPath(`/deal/london/spa/massage/123/${"a".repeat(200)}`)).toMatchObject({ dealId: 123 });
    expect(parseDealPath(`/deal/london/spa/massage/123/${"a".repeat(201)}`)).toBeNull();
    expect(parseDealPath(`/deal/${"a".repeat(101)}/spa/massage/123`)).toBeNull();
  });

  it("reads e in place of the id as an evergreen deal", () => {
    expect(parseDealPath("/deal/london/spa/massage/e/relaxing-day")).toMatchObject({
      dealId: "e",
      blurb: "relaxing-day",
    });
  });

  it("returns null for other shapes and junk", () => {
    for (const path of [
      "/deals/london/spa/massage/123",
      "/deal/london/spa/123",
      "/deal/london/spa/massage/abc",
      "/deal/london/spa/massage/0",
      "/deal/london/spa/massage/123/456/relaxing-day",
      "/deal/london/spa/massage/123/a/b",
      "/deal/london/spa/massage/123/4/5",
      "/deal/lon don/spa/massage/123",
      undefined,
      12,
    ]) {
      expect(parseDealPath(path)).toBeNull();
    }
  });
});

describe("helpers", () => {
  it("splits paths into decoded lower-case segments", () => {
    expect(pathSegments("/Deals//London/?page=2#top")).toEqual(["deals", "london"]);
    expect(pathSegments("/near%2Dme")).toEqual(["near-me"]);
  });

  it("recognises travel paths and the near-me hub", () => {
    expect(isTravelPath("/deals/escapes/uk")).toBe(true);
    expect(isTravelPath("/deal/travel/uk/cornwall/1")).toBe(true);
    expect(isTravelPath("/deals/london")).toBe(false);
    expect(isNearMeHubPath("/near-me/hub/")).toBe(true);
    expect(isNearMeHubPath("/near-me/spa")).toBe(false);
  });

  it("maps the gifts path to gifts and shop to national-deal", () => {
    expect(shellSegmentFor("gifts")).toBe("gifts");
    expect(shellSegmentFor("shop")).toBe("national-deal");
    expect(shellSegmentFor("London")).toBe("london");
    expect(shellSegmentFor("__proto__")).toBe("__proto__");
  });
});
