import { TEST_NOW } from "@deals/db/testing";
import { COLLECTION_ROW_SIZE, endingSoonBefore, SECONDARY_DEALS } from "@deals/domain/homepage";
import { describe, expect, it } from "vitest";
import { brandHeaders } from "../../testing.ts";
import type { DealSummary } from "../deals/schemas.ts";
import { ids, useDealsTestApp } from "../deals/test-support.ts";
import type { Homepage } from "./schemas.ts";

const { testApp, client } = useDealsTestApp();

describe("GET /v1/homepage/:location", () => {
  it("leads with the most popular deal that can be bought, then the next four", async () => {
    const response = await client.get("/v1/homepage/london");
    expect(response.statusCode).toBe(200);
    const home: Homepage = response.json();
    expect(home.location).toEqual({ shortName: "london", name: "London" });
    // The location's popular deals and the national ones, most popular first.
    const nearby: DealSummary[] = (await client.get("/v1/recommendations?location=london&limit=30")).json()
      .deals;
    const popular = nearby.filter((d) => !d.soldOut);
    expect(home.mainDeal?.id).toBe(popular[0]!.id);
    expect(ids(home.secondaryDeals)).toEqual(ids(popular.slice(1, 1 + SECONDARY_DEALS)));
  });

  it("fills each collection by its rule, shows a deal once and never a sold-out one", async () => {
    const home: Homepage = (await client.get("/v1/homepage/london")).json();
    const slugs = home.collections.map((c) => c.slug);
    expect(slugs.length).toBeGreaterThanOrEqual(4);
    const shown = [home.mainDeal!, ...home.secondaryDeals, ...home.collections.flatMap((c) => c.deals)];
    expect(new Set(ids(shown)).size).toBe(shown.length);
    for (const deal of shown) expect(deal.soldOut).toBe(false);

    const row = (slug: string): DealSummary[] => home.collections.find((c) => c.slug === slug)?.deals ?? [];
    for (const collection of home.collections) {
      expect(collection.deals.length).toBeGreaterThan(0);
      expect(collection.deals.length).toBeLessThanOrEqual(COLLECTION_ROW_SIZE);
    }
    const soon = endingSoonBefore(TEST_NOW).getTime();
    for (const deal of row("ending-soon")) expect(new Date(deal.closingDate!).getTime()).toBeLessThan(soon);
    for (const deal of row("top-sellers")) expect(deal.location?.shortName).toBe("london");
    for (const deal of row("gifts")) expect(deal.category.shortName).toBe("gifts");
    for (const deal of row("escapes")) expect(deal.category.shortName).toBe("escapes");
    for (const deal of row("vip-picks")) expect(deal.vipPrice !== null || deal.vipExclusive).toBe(true);
    const newest = row("new-today");
    expect(newest.length).toBeGreaterThan(0);
    expect(home.collections.find((c) => c.slug === "new-today")?.url).toBe("/deals/london?orderBy=dateAdded");
  });

  it("answers for each brand's own locations and 404 for another's", async () => {
    const irish = brandHeaders("main-ie");
    const dublin = await testApp().app.inject({ method: "GET", url: "/v1/homepage/dublin", headers: irish });
    expect(dublin.statusCode).toBe(200);
    expect(dublin.json().mainDeal.currency).toBe("EUR");
    expect((await client.failure("/v1/homepage/dublin")).code).toBe("LOCATION_NOT_FOUND");
    expect((await client.failure("/v1/homepage/%3Cscript%3E")).status).toBe(404);
  });
});
