import { exitPromoDeals } from "@deals/domain/exit-promo";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing.ts";
import { dealsClient, ids } from "../deals/test-support.ts";

let testApp: TestApp;
let client: ReturnType<typeof dealsClient>;
beforeAll(async () => {
  testApp = await startTestApp();
  client = dealsClient(testApp);
});
afterAll(() => testApp.close());

describe("GET /v1/recommendations", () => {
  it("recommends the deal's subcategory in its location, popular first, without the deal", async () => {
    const london = await client.allDeals("/v1/deals/london");
    const deal = london.find((d) => london.filter((o) => o.subCategory.id === d.subCategory.id).length > 2)!;
    const response = await client.get(`/v1/recommendations?dealId=${deal.id}`);
    expect(response.statusCode).toBe(200);
    const { deals } = response.json();
    const expected = london.filter((d) => d.subCategory.id === deal.subCategory.id && d.id !== deal.id);
    // The London listing is in popularity order already.
    expect(ids(deals)).toEqual(ids(expected));

    const national = (await client.list("/v1/deals/national-deal")).deals[0]!;
    const alike = (await client.get(`/v1/recommendations?dealId=${national.id}&limit=3`)).json().deals;
    expect(alike.length).toBeLessThanOrEqual(3);
    for (const other of alike) expect(other.subCategory.id).toBe(national.subCategory.id);
  });

  it("recommends a location's popular deals without a deal", async () => {
    const { deals } = (await client.get("/v1/recommendations?location=leeds")).json();
    expect(deals.length).toBe(25);
    for (const deal of deals)
      expect(deal.location === null || deal.location.shortName === "leeds").toBe(true);
  });

  it("answers 404 for unknown deals and locations and 400 for bad parameters", async () => {
    expect((await client.failure("/v1/recommendations?dealId=999999")).code).toBe("DEAL_NOT_FOUND");
    expect((await client.failure("/v1/recommendations?location=atlantis")).code).toBe("LOCATION_NOT_FOUND");
    expect((await client.failure("/v1/recommendations?limit=41")).message).toBe(
      "limit must be a whole number from 1 to 40",
    );
    expect((await client.failure("/v1/recommendations?dealId=x")).status).toBe(400);
  });
});

describe("GET /v1/new-products/:location", () => {
  it("lists the location's newest deals, 12 to a page, and feeds the exit promo", async () => {
    const response = await client.get("/v1/new-products/london");
    expect(response.statusCode).toBe(200);
    const { deals } = response.json();
    expect(deals).toHaveLength(12);
    const newest = await client.list("/v1/deals/london?orderBy=dateAdded&pageSize=100");
    for (const deal of deals)
      expect(deal.location === null || deal.location.shortName === "london").toBe(true);
    expect(ids(deals).filter((id) => ids(newest.deals).includes(id))).toEqual(
      ids(newest.deals).filter((id) => ids(deals).includes(id)),
    );
    const second = (await client.get("/v1/new-products/london?page=1")).json().deals;
    expect(ids(second).some((id) => ids(deals).includes(id))).toBe(false);

    // The exit promo's three sources combine by the shared rule.
    const recent = (await client.get(`/v1/deals?id=${deals[1].id}&id=${deals[0].id}`)).json().deals;
    const recommended = (await client.get(`/v1/recommendations?dealId=${deals[0].id}`)).json().deals;
    const promo = exitPromoDeals({
      recentlyViewed: recent,
      recommendations: recommended,
      newProducts: deals,
    });
    expect(promo.length).toBe(6);
    expect(ids(promo as { id: number }[]).slice(0, 2)).toEqual([deals[1].id, deals[0].id]);
    expect((await client.failure("/v1/new-products/atlantis")).code).toBe("LOCATION_NOT_FOUND");
  });
});
