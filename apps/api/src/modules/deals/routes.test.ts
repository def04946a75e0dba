import { TEST_NOW } from "@deals/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import type { DealDetail, DealListResponse, DealSummary } from "./schemas.ts";
import { dealsClient } from "./test-support.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const get = (url: string, headers = brandHeaders()) => testApp.app.inject({ method: "GET", url, headers });

async function list(url: string, headers = brandHeaders()): Promise<DealListResponse> {
  const response = await get(url, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every deal of a listing, page by page. */
async function allDeals(path: string, headers = brandHeaders()): Promise<DealSummary[]> {
  const deals: DealSummary[] = [];
  for (let page = 0; ; page++) {
    const answer = await list(`${path}?page=${page}&pageSize=100`, headers);
    deals.push(...answer.deals);
    if (answer.deals.length < 100) return deals;
  }
}

const CATALOGUE_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
const ids = (deals: DealSummary[]) => deals.map((deal) => deal.id);

describe("GET /v1/deals/:location", () => {
  it("lists the location's local deals, 24 to a page, with the listing's details", async () => {
    const response = await get("/v1/deals/london");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(CATALOGUE_CACHE);
    const answer: DealListResponse = response.json();
    expect(answer.page).toBe(0);
    expect(answer.pageSize).toBe(24);
    expect(answer.deals.length).toBe(Math.min(24, answer.count));
    expect(answer.count).toBeGreaterThan(24);
    const { pageNumber, ...first } = answer.deals[0]!;
    expect(pageNumber).toBe(1);
    expect(answer.mainDeal).toEqual(first);
    expect(answer.location).toEqual({ shortName: "london", name: "London" });
    expect(answer.category).toBeNull();
    expect(answer.subCategory).toBeNull();
    expect(answer.canonicalUrl).toBe("https://www.dealmoor.co.uk/deals/london");
    expect(answer).toMatchObject({
      sponsored: { deals: [], sessionId: null },
      searchResult: null,
      evergreenUrl: null,
      redirectUrl: null,
    });
    for (const deal of answer.deals) {
      expect(deal.scope).toBe("local");
      expect(deal.location).toEqual({ shortName: "london", name: "London" });
      expect(deal.currency).toBe("GBP");
    }
  });

  it("answers deals in the contract's shape", async () => {
    const { deals } = await list("/v1/deals/london?pageSize=50");
    for (const deal of deals) {
      expect(deal.fullPrice).toBe(deal.price + deal.adminFee + deal.minPostagePrice);
      expect(deal.urlPath).toMatch(
        new RegExp(
          `^/deal/${deal.category.shortName}/${deal.subCategory.shortName}/[a-z0-9-]+/${deal.id}/[a-z0-9-]+$`,
        ),
      );
      expect(deal.image).toEqual({
        id: expect.stringMatching(new RegExp(`^${deal.category.shortName}-${deal.id}-1$`)),
        extension: "svg",
        alt: expect.any(String),
        url: `/images/${deal.image!.id}.svg`,
      });
      for (const amount of [deal.price, deal.originalPrice, deal.adminFee, deal.minPostagePrice]) {
        expect(Number.isInteger(amount)).toBe(true);
      }
      expect(deal.price).toBeLessThanOrEqual(deal.originalPrice);
      if (deal.closingDate !== null) expect(new Date(deal.closingDate).toISOString()).toBe(deal.closingDate);
      expect(deal.category.canonicalPathType).toBe("local");
    }
  });

  it("pages through the listing without gaps or repeats", async () => {
    const { count } = await list("/v1/deals/london?pageSize=1");
    const everything = await allDeals("/v1/deals/london");
    expect(everything.length).toBe(count);
    expect(new Set(ids(everything)).size).toBe(count);

    const first = await list("/v1/deals/london?page=0&pageSize=7");
    const second = await list("/v1/deals/london?page=1&pageSize=7");
    expect(ids(first.deals)).toEqual(ids(everything.slice(0, 7)));
    expect(ids(second.deals)).toEqual(ids(everything.slice(7, 14)));
    expect(second.mainDeal).toBeNull();
  });

  it("answers an empty page past the end, with the count", async () => {
    const { count } = await list("/v1/deals/london");
    const answer = await list("/v1/deals/london?page=10000&pageSize=100");
    expect(answer.deals).toEqual([]);
    expect(answer.mainDeal).toBeNull();
    expect(answer.count).toBe(count);
  });

  it("counts the listing's deals by category, matching the category listings", async () => {
    const answer = await list("/v1/deals/london");
    const { navigations } = answer.facetedNavigation;
    expect(navigations.length).toBeGreaterThan(1);
    expect(navigations.reduce((sum, item) => sum + item.count, 0)).toBe(answer.count);
    for (const item of navigations.slice(0, 3)) {
      const category = await list(`/v1/deals/london/${item.shortName}`);
      expect(category.count).toBe(item.count);
    }
    const everything = await allDeals("/v1/deals/london");
    const prices = everything.map((deal) => deal.price);
    expect(answer.facetedNavigation.stats).toEqual({
      minPrice: Math.min(...prices),
      maxPrice: Math.max(...prices),
    });
    // Every deal has a type, a discount band and a rating band: each of those filters
    // splits the listing's deals exactly.
    for (const name of ["f_type", "f_discount", "f_rating"]) {
      const filter = answer.facetedNavigation.filters.find((f) => f.name === name);
      expect(filter, name).toBeDefined();
      expect(filter!.values.reduce((sum, value) => sum + value.count, 0)).toBe(answer.count);
      expect(filter!.values.every((value) => !value.selected && value.count > 0)).toBe(true);
    }
  });

  it("narrows by category, subcategory and sub-subcategory", async () => {
    const food = await list("/v1/deals/london/food-and-drink?pageSize=100");
    expect(food.category).toMatchObject({ shortName: "food-and-drink", name: "Food & Drink" });
    expect(food.canonicalUrl).toBe("https://www.dealmoor.co.uk/deals/london/food-and-drink");
    for (const deal of food.deals) expect(deal.category.shortName).toBe("food-and-drink");

    const sub = food.facetedNavigation.navigations[0]!;
    const subListing = await list(`/v1/deals/london/food-and-drink/${sub.shortName}?pageSize=100`);
    expect(subListing.subCategory?.shortName).toBe(sub.shortName);
    expect(subListing.count).toBe(sub.count);
    for (const deal of subListing.deals) expect(deal.subCategory.shortName).toBe(sub.shortName);

    const restaurants = await list("/v1/deals/london/food-and-drink/restaurants");
    const subsub = restaurants.facetedNavigation.navigations[0];
    if (subsub) {
      const subsubListing = await list(`/v1/deals/london/food-and-drink/restaurants/${subsub.shortName}`);
      expect(subsubListing.count).toBe(subsub.count);
      expect(subsubListing.facetedNavigation.navigations).toEqual([]);
      for (const deal of subsubListing.deals)
        expect(deal.urlPath).toContain(`/restaurants/${subsub.shortName}/`);
    }
  });

  it("lists the shop, escapes and gifts for national-deal, travel and gifts", async () => {
    const shop = await list("/v1/deals/national-deal?pageSize=100");
    expect(shop.count).toBeGreaterThan(0);
    expect(shop.location).toBeNull();
    expect(shop.category?.shortName).toBe("shop");
    expect(shop.canonicalUrl).toBe("https://www.dealmoor.co.uk/deals/shop");
    for (const deal of shop.deals) {
      expect(deal).toMatchObject({ scope: "national", location: null, category: { shortName: "shop" } });
    }
    const sub = shop.facetedNavigation.navigations[0]!;
    const shopSub = await list(`/v1/deals/national-deal/${sub.shortName}`);
    expect(shopSub.subCategory?.shortName).toBe(sub.shortName);
    expect(shopSub.canonicalUrl).toBe(`https://www.dealmoor.co.uk/deals/shop/${sub.shortName}`);

    const travel = await list("/v1/deals/travel?pageSize=100");
    expect(travel.count).toBeGreaterThan(0);
    for (const deal of travel.deals) {
      expect(deal).toMatchObject({
        dealType: "travel",
        category: { shortName: "escapes", canonicalPathType: "travel" },
      });
    }
    const gifts = await list("/v1/deals/gifts");
    for (const deal of gifts.deals) expect(deal.category.shortName).toBe("gifts");
  });

  it("lists every location's local deals for near-me", async () => {
    const nearMe = await allDeals("/v1/deals/near-me");
    expect(nearMe.every((deal) => deal.scope === "local")).toBe(true);
    expect(new Set(nearMe.map((deal) => deal.location?.shortName)).size).toBeGreaterThan(1);
    const london = await list("/v1/deals/london");
    expect(nearMe.length).toBeGreaterThan(london.count);
  });

  it("keeps each brand to its own deals and travel categories", async () => {
    const ie = await list("/v1/deals/travel/ireland-travel", brandHeaders("main-ie"));
    for (const deal of ie.deals) expect(deal.currency).toBe("EUR");
    const response = await get("/v1/deals/travel/ireland-travel");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("CATEGORY_NOT_FOUND");
  });

  it("sorts by price and discount and filters by price range", async () => {
    const cheapFirst = await list("/v1/deals/london?orderBy=price&order=asc&pageSize=50");
    const prices = cheapFirst.deals.map((deal) => deal.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const discount = await list("/v1/deals/london?orderBy=discount&pageSize=50");
    const discounts = discount.deals.map((deal) => deal.discountPercentage);
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));

    const ranged = await list("/v1/deals/london?minPrice=20&maxPrice=50&pageSize=100");
    for (const deal of ranged.deals) {
      expect(deal.price).toBeGreaterThanOrEqual(2000);
      expect(deal.price).toBeLessThanOrEqual(5000);
    }
  });

  it("answers 404 for an unknown location or category", async () => {
    const cases: [string, string][] = [
      ["/v1/deals/atlantis", "LOCATION_NOT_FOUND"],
      ["/v1/deals/dublin", "LOCATION_NOT_FOUND"],
      ["/v1/deals/london/not-a-category", "CATEGORY_NOT_FOUND"],
      ["/v1/deals/london/shop", "CATEGORY_NOT_FOUND"],
      ["/v1/deals/london/food-and-drink/electronics", "CATEGORY_NOT_FOUND"],
      ["/v1/deals/national-deal/food-and-drink", "CATEGORY_NOT_FOUND"],
      ["/v1/deals/london/food-and-drink/restaurants/italian/more", "CATEGORY_NOT_FOUND"],
      ["/v1/deals/london/a/b/c/d/e/f", "CATEGORY_NOT_FOUND"],
      ["/v1/deals/london/a/b/c/d/e/f/g", "NOT_FOUND"],
      ["/v1/deals/national-deal/electronics/headphones-and-audio/deeper", "CATEGORY_NOT_FOUND"],
    ];
    for (const [url, code] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe(code);
    }
  });

  it("answers SQL and HTML in segments with 404 and very long ones with 414, never 500", async () => {
    for (const segment of ["london'; drop table deals; --", "<img src=x onerror=alert(1)>", "é"]) {
      const location = await get(`/v1/deals/${encodeURIComponent(segment)}`);
      expect(location.statusCode).toBe(404);
      expect(location.json().error.code).toBe("LOCATION_NOT_FOUND");
      const category = await get(`/v1/deals/london/${encodeURIComponent(segment)}`);
      expect(category.statusCode).toBe(404);
      expect(category.json().error.code).toBe("CATEGORY_NOT_FOUND");
      expect(location.body + category.body).not.toContain("<img");
    }
    for (const url of [
      `/v1/deals/${"x".repeat(10_000)}`,
      `/v1/deals/london/food-and-drink/${"y".repeat(10_000)}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(414);
      expect(response.json().error.code).toBe("URI_TOO_LONG");
    }
    expect((await list("/v1/deals/london")).count).toBeGreaterThan(0);
  });

  it("answers bad page and pageSize with 400 INVALID_PARAMETER naming the parameter", async () => {
    const cases: [string, string][] = [
      ["page=-1", "page"],
      ["page=10001", "page"],
      ["page=99999999999999999999", "page"],
      ["page=abc", "page"],
      ["page=1.5", "page"],
      ["page=0x10", "page"],
      ["page=1&page=2", "page"],
      ["pageSize=0", "pageSize"],
      ["pageSize=101", "pageSize"],
      ["pageSize=-5", "pageSize"],
      ["pageSize=1e2", "pageSize"],
      ["pageSize=%3Cscript%3E", "pageSize"],
      ["orderBy=name", "orderBy"],
    ];
    for (const [query, parameter] of cases) {
      const response = await get(`/v1/deals/london?${query}`);
      expect(response.statusCode, query).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe("INVALID_PARAMETER");
      expect(error.message.startsWith(parameter), `${query}: ${error.message}`).toBe(true);
      expect(response.body).not.toContain("<script>");
    }
  });
});

describe("queries per request", () => {
  const countQueries = (work: () => Promise<unknown>) => dealsClient(testApp).countQueries(work);

  it("reads a listing page in the same few queries whatever its size, its counts once per filter", async () => {
    // The location and the categories are the same for every shopper of the brand, and are
    // kept for a while once read: a listing of the same place with another filter reads them.
    await list("/v1/deals/london/food-and-drink?minPrice=6&utm_source=q0");
    // A tracking parameter (ignored) makes each URL new to the short-lived answer cache; the
    // price filter is one no other test lists, so its counts are not kept yet.
    const path = "/v1/deals/london/food-and-drink?minPrice=7";
    const one = await countQueries(() => list(`${path}&pageSize=1&utm_source=q1`));
    // The page of deals, and the counts.
    expect(one).toBe(2);
    // Another page size, page or sort of the same listing: its counts are kept for a while.
    const hundred = await countQueries(() => list(`${path}&pageSize=100&utm_source=q2`));
    expect(hundred).toBe(1);
    const sorted = await countQueries(() => list(`${path}&page=1&orderBy=price&order=asc&utm_source=q3`));
    expect(sorted).toBe(1);
  });

  it("reads a deal and all its products in two queries", async () => {
    const [deal] = (await list("/v1/deals/national-deal?pageSize=1")).deals;
    expect(await countQueries(() => get(`/v1/deal/${deal!.id}`))).toBe(2);
  });
});

describe("GET /v1/deal/:id", () => {
  it("answers the deal with its products, matching its listing entry", async () => {
    const { deals } = await list("/v1/deals/london?pageSize=5");
    for (const { pageNumber, ...summary } of deals) {
      const response = await get(`/v1/deal/${summary.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe(CATALOGUE_CACHE);
      const deal: DealDetail = response.json();
      expect(deal).toMatchObject({ ...summary, business: { ...summary.business } });
      expect(deal.canonicalUrl).toBe(`https://www.dealmoor.co.uk${summary.urlPath}`);
      expect(deal.images[0]).toEqual(summary.image);
      expect(deal.products.length).toBeGreaterThan(0);
      expect(deal.redirectUrl).toBeNull();
      const lead = deal.products.reduce((cheapest, p) => (p.price < cheapest.price ? p : cheapest));
      expect(lead.price).toBe(deal.price);
      expect(lead.adminFee).toBe(deal.adminFee);
      for (const product of deal.products) {
        expect(product.totalPrice).toBe(product.price + product.adminFee + product.postagePrice);
        expect(product.maxQuantityUserCanCurrentlyBuy).toBeLessThanOrEqual(product.purchaseCap);
        if (product.soldOut) expect(product.maxQuantityUserCanCurrentlyBuy).toBe(0);
        expect(product.depositProduct === null).toBe(!product.hasDeposit);
      }
      expect(deal.depositAvailable).toBe(deal.products.some((p) => p.hasDeposit));
      expect(deal.purchaseCap).toBe(Math.max(...deal.products.map((p) => p.purchaseCap)));
    }
  });

  it("shows a deal as open until the end of its closing day", async () => {
    const everything = await allDeals("/v1/deals/national-deal");
    const closed = everything.find(
      (deal) =>
        deal.closingDate && new Date(deal.closingDate) < new Date(TEST_NOW.getTime() - 2 * 86_400_000),
    );
    const open = everything.find(
      (deal) => deal.closingDate === null || new Date(deal.closingDate) > TEST_NOW,
    );
    expect(open).toBeDefined();
    expect((await get(`/v1/deal/${open!.id}`)).json().open).toBe(true);
    if (closed && !closed.lastChance) expect((await get(`/v1/deal/${closed.id}`)).json().open).toBe(false);
  });

  it("answers 404 DEAL_NOT_FOUND for an unknown deal or another brand's", async () => {
    const { deals } = await list("/v1/deals/london?pageSize=1");
    for (const [url, headers] of [
      ["/v1/deal/999999", brandHeaders()],
      ["/v1/deal/99999999999", brandHeaders()],
      [`/v1/deal/${deals[0]!.id}`, brandHeaders("sister-ie")],
    ] as const) {
      const response = await get(url, headers);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        error: { code: "DEAL_NOT_FOUND", message: "There is no deal with this id on this site." },
      });
    }
  });

  it("answers 400 INVALID_PARAMETER for an id that is not a positive whole number", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "1e3", encodeURIComponent("1 or 1=1"), "%3Cb%3E"]) {
      const response = await get(`/v1/deal/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toEqual({
        error: { code: "INVALID_PARAMETER", message: "id must be a deal id: a positive whole number" },
      });
    }
  });
});
