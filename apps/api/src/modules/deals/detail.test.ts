import { and, eq, sql } from "@deals/db";
import { users } from "@deals/db/schema/accounts";
import { dealImpressions } from "@deals/db/schema/browse";
import { dealProducts, productPriceHistory } from "@deals/db/schema/catalogue";
import { orderLines, orders } from "@deals/db/schema/commerce";
import { TEST_NOW } from "@deals/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import type { DealDetail, DealSummary } from "./schemas.ts";
import { dealsClient, ids } from "./test-support.ts";

let testApp: TestApp;
let client: ReturnType<typeof dealsClient>;
let national: DealSummary[];
beforeAll(async () => {
  testApp = await startTestApp();
  client = dealsClient(testApp);
  national = await client.allDeals("/v1/deals/national-deal");
});
afterAll(() => testApp.close());

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(TEST_NOW.getTime() - days * DAY_MS);

async function detail(id: number, query = ""): Promise<DealDetail> {
  const response = await client.get(`/v1/deal/${id}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function setHistory(productId: number, prices: [daysAgo: number, priceMinor: number][]) {
  const db = testApp.database.db;
  await db.delete(productPriceHistory).where(eq(productPriceHistory.productId, productId));
  if (prices.length === 0) return;
  await db
    .insert(productPriceHistory)
    .values(prices.map(([days, priceMinor]) => ({ productId, priceMinor, recordedAt: daysAgo(days) })));
}

describe("GET /v1/deal/:id: the deal page", () => {
  it("shows the lowest price of the last 30 days, counting the price in force when they began", async () => {
    const deal = await detail(national[0]!.id);
    const [first, second] = deal.products;
    const price = first!.price;
    // 45 days ago is superseded by 33 days ago, which was still the price 30 days ago.
    await setHistory(first!.id, [
      [45, price - 700],
      [33, price - 200],
      [10, price + 100],
      [5, price - 50],
      [1, price],
    ]);
    let product = (await detail(deal.id)).products.find((p) => p.id === first!.id)!;
    expect(product.lowestPriceLast30Days).toBe(price - 200);

    // 40 days ago is over: 32 days ago replaced it before the 30 days began.
    await setHistory(first!.id, [
      [40, price - 900],
      [32, price + 200],
      [20, price - 300],
      [1, price],
    ]);
    product = (await detail(deal.id)).products.find((p) => p.id === first!.id)!;
    expect(product.lowestPriceLast30Days).toBe(price - 300);

    // Without history, or only dearer prices, the lowest is today's price.
    await setHistory(first!.id, [[12, price + 500]]);
    product = (await detail(deal.id)).products.find((p) => p.id === first!.id)!;
    expect(product.lowestPriceLast30Days).toBe(price);
    if (second) {
      await setHistory(second.id, []);
      expect((await detail(deal.id)).products.find((p) => p.id === second.id)!.lowestPriceLast30Days).toBe(
        second.price,
      );
    }
  });

  it("gives the lead product's lowest price as the deal's", async () => {
    for (const summary of national.slice(5, 10)) {
      const deal = await detail(summary.id);
      const lead = deal.products.find((p) => p.price === deal.price)!;
      expect(deal.lowestPriceLast30Days).toBe(lead.lowestPriceLast30Days);
      expect(deal.lowestPriceLast30Days).toBeLessThanOrEqual(deal.price);
    }
  });

  it("labels stock: sold out, and limited availability with the units left", async () => {
    const soldOut = national.find((deal) => deal.soldOut)!;
    expect((await detail(soldOut.id)).stockLabel).toMatchObject({ kind: "soldOut", text: "Sold out" });

    const open = national.find((deal) => !deal.soldOut && deal.closingDate === null)!;
    await testApp.database.db
      .update(dealProducts)
      .set({ totalStock: sql`${dealProducts.totalBought} + 2`, dailyCap: null, weeklyCap: null })
      .where(eq(dealProducts.dealId, open.id));
    const deal = await detail(open.id);
    const left = deal.products.reduce((sum, p) => sum + p.totalRemaining!, 0);
    expect(deal.stockLabel).toEqual({
      kind: "limitedAvailability",
      text: "Limited availability",
      notifyMe: false,
      remaining: left,
      closesAt: null,
    });
  });

  it("gives the merchant with its addresses and map positions, and the fine print", async () => {
    const deal = await detail((await client.list("/v1/deals/london")).deals[0]!.id);
    expect(deal.business.id).toBeGreaterThan(0);
    expect(deal.business.mainAddress?.latLon).toEqual({ lat: expect.any(Number), lon: expect.any(Number) });
    expect(deal.finePrint.length).toBeGreaterThan(0);
    for (const product of deal.products) {
      expect(product.totalPrice).toBe(product.price + product.adminFee + product.postagePrice);
    }
  });

  it("gives the evergreen URL of a deal that never closes", async () => {
    const evergreen = national.find((deal) => deal.closingDate === null)!;
    const closing = national.find((deal) => deal.closingDate !== null)!;
    const slug = evergreen.urlPath.split("/")[6];
    const base = evergreen.urlPath.split("/").slice(0, 5).join("/");
    expect((await detail(evergreen.id)).evergreenUrl).toBe(`${base}/e/${slug}`);
    expect((await detail(closing.id)).evergreenUrl).toBeNull();
  });

  it("says where to redirect when asked with a path that is not the canonical one", async () => {
    const deal = national[1]!;
    const ask = (path: string) => `?path=${encodeURIComponent(path)}`;
    expect((await detail(deal.id, ask(deal.urlPath))).redirectUrl).toBeNull();
    expect((await detail(deal.id, ask(deal.urlPath.replace(/[^/]+$/, "old-blurb")))).redirectUrl).toBe(
      deal.urlPath,
    );
    const product = (await detail(deal.id)).products[0]!;
    expect((await detail(deal.id, ask(`${deal.urlPath}/${product.id}`))).redirectUrl).toBeNull();
    expect((await detail(deal.id, ask(`${deal.urlPath.toUpperCase()}/${product.id}`))).redirectUrl).toBe(
      `${deal.urlPath}/${product.id}`,
    );
  });
});

describe("GET /v1/deal-url: where a deal path leads", () => {
  const resolve = (path: string, headers = brandHeaders()) =>
    client.get(`/v1/deal-url?path=${encodeURIComponent(path)}`, headers);

  it("answers the canonical path without a redirect", async () => {
    const deal = national[2]!;
    const response = await resolve(deal.urlPath);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dealId: deal.id,
      productId: null,
      canonicalPath: deal.urlPath,
      canonicalUrl: `https://www.dealmoor.co.uk${deal.urlPath}`,
      redirectUrl: null,
    });
  });

  it("redirects other categories, blurbs, case, and travel for escapes to the canonical path", async () => {
    const deal = national[3]!;
    const [, , , sub, subsub, id] = deal.urlPath.split("/");
    for (const path of [
      `/deal/somewhere/${sub}/${subsub}/${id}/a-blurb`,
      `/deal/shop/${sub}/${subsub}/${id}`,
      deal.urlPath.replace("/deal/", "/DEAL/"),
    ]) {
      expect((await resolve(path)).json(), path).toMatchObject({
        dealId: deal.id,
        redirectUrl: deal.urlPath,
      });
    }
    const travel = (await client.list("/v1/deals/travel")).deals[0]!;
    const asTravel = travel.urlPath.replace("/deal/escapes/", "/deal/travel/");
    expect((await resolve(asTravel)).json()).toMatchObject({
      dealId: travel.id,
      redirectUrl: travel.urlPath,
    });
  });

  it("keeps a product of the deal in the path and drops another deal's", async () => {
    const deal = national[4]!;
    const [product] = (await detail(deal.id)).products;
    const [otherProduct] = (await detail(national[5]!.id)).products;
    expect((await resolve(`${deal.urlPath}/${product!.id}`)).json()).toMatchObject({
      productId: product!.id,
      canonicalPath: `${deal.urlPath}/${product!.id}`,
      redirectUrl: null,
    });
    expect((await resolve(`${deal.urlPath}/${otherProduct!.id}`)).json()).toMatchObject({
      productId: null,
      canonicalPath: deal.urlPath,
      redirectUrl: deal.urlPath,
    });
  });

  it("serves an evergreen URL as it is while the deal never closes", async () => {
    const evergreen = national.find((deal) => deal.closingDate === null)!;
    const url = (await detail(evergreen.id)).evergreenUrl!;
    expect((await resolve(url)).json()).toMatchObject({
      dealId: evergreen.id,
      canonicalPath: evergreen.urlPath,
      redirectUrl: null,
    });
    const closing = national.find((deal) => deal.closingDate !== null)!;
    const parts = closing.urlPath.split("/");
    const asEvergreen = [...parts.slice(0, 5), "e", parts[6]].join("/");
    expect((await resolve(asEvergreen)).json()).toMatchObject({
      dealId: closing.id,
      redirectUrl: closing.urlPath,
    });
  });

  it("answers 404 for paths that name no deal of this site, 400 for no path", async () => {
    const deal = national[0]!;
    for (const [path, headers] of [
      ["/deal/a/b/c/999999/nothing", brandHeaders()],
      ["/deal/a/b/c/e/no-such-blurb", brandHeaders()],
      ["/deals/london", brandHeaders()],
      ["/deal/<script>/b/c/1", brandHeaders()],
      [deal.urlPath, brandHeaders("main-ie")],
    ] as const) {
      const response = await resolve(path, headers);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error.code).toBe("DEAL_NOT_FOUND");
      expect(response.body).not.toContain("<script>");
    }
    expect((await client.get("/v1/deal-url")).statusCode).toBe(400);
    expect((await resolve(`/deal/${"x".repeat(3000)}`)).statusCode).toBe(400);
  });
});

describe("GET /v1/deals?id=: recently viewed", () => {
  it("answers the deals in the order asked, unknown and other sites' ids left out", async () => {
    const [a, b, c] = national;
    const irish = (await client.list("/v1/deals/national-deal", brandHeaders("main-ie"))).deals[0]!;
    const answer = await client.get(
      `/v1/deals?id=${c!.id}&id=999999&id=${a!.id},${irish.id}&id=${b!.id}&id=${a!.id}`,
    );
    expect(answer.statusCode).toBe(200);
    expect(ids(answer.json().deals)).toEqual([c!.id, a!.id, b!.id]);
    // The listing's entry, without the page it was listed on.
    const { pageNumber, ...summary } = c as typeof c & { pageNumber?: number };
    expect(pageNumber).toBeGreaterThan(0);
    expect(answer.json().deals[0]).toEqual(summary);
  });

  it("answers 400 for ids that are not deal ids, or too many, and 404 for none", async () => {
    expect((await client.get("/v1/deals")).statusCode).toBe(404);
    for (const query of [
      "id=abc",
      "id=0",
      `id=${Array.from({ length: 51 }, (_, i) => 100001 + i).join(",")}`,
    ]) {
      const response = await client.get(`/v1/deals?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe("INVALID_PARAMETER");
    }
  });
});

describe("GET /v1/socialcue/deal/:id", () => {
  it("counts units bought on paid orders in the last 6, 12 and 24 hours", async () => {
    const deal = national[6]!;
    const db = testApp.database.db;
    const [user] = await db
      .insert(users)
      .values({
        brandId: "main-uk",
        email: "cue@example.com",
        emailKey: "cue@example.com",
        customerToken: "cue-customer-token",
        status: "active",
        createdAt: daysAgo(10),
      })
      .returning({ id: users.id });
    const product = (await detail(deal.id)).products[0]!;
    const order = async (hoursAgo: number, quantity: number, status: "paid" | "failed" = "paid") => {
      const paidAt = new Date(TEST_NOW.getTime() - hoursAgo * 3_600_000);
      const [row] = await db
        .insert(orders)
        .values({
          brandId: "main-uk",
          customerId: user!.id,
          buyerKey: `customer:${user!.id}`,
          email: "cue@example.com",
          idempotencyKey: `cue-${hoursAgo}-${status}`,
          basketToken: "cue-basket-token",
          status,
          currency: "GBP",
          itemsMinor: 0,
          adminFeesMinor: 0,
          postageMinor: 0,
          giftPacksMinor: 0,
          giftWrapMinor: 0,
          vipMembershipMinor: 0,
          voucherProtectionMinor: 0,
          discountMinor: 0,
          walletMarketingMinor: 0,
          walletRefundableMinor: 0,
          totalMinor: 0,
          createdAt: paidAt,
          paidAt: status === "paid" ? paidAt : null,
        })
        .returning({ id: orders.id });
      await db.insert(orderLines).values({
        orderId: row!.id,
        basketLineId: String(product.id),
        dealId: deal.id,
        productId: product.id,
        title: product.title,
        quantity,
        unitPriceMinor: product.price,
        adminFeeMinor: 0,
        postageMinor: 0,
        totalMinor: product.price * quantity,
      });
    };
    await order(1, 2);
    await order(8, 3);
    await order(20, 1);
    await order(30, 5);
    await order(2, 4, "failed");

    const response = await client.get(`/v1/socialcue/deal/${deal.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dealId: deal.id,
      lastSixHours: 2,
      lastTwelveHours: 5,
      lastTwentyFourHours: 6,
    });
    expect(response.headers["cache-control"]).toBe(
      "public, max-age=60, s-maxage=60, stale-while-revalidate=120",
    );
    expect((await client.get(`/v1/socialcue/deal/${national[7]!.id}`)).json()).toMatchObject({
      lastTwentyFourHours: 0,
    });
    expect((await client.get("/v1/socialcue/deal/999999")).statusCode).toBe(404);
    expect((await client.get("/v1/socialcue/deal/abc")).statusCode).toBe(400);
  });
});

describe("POST /v1/deal/:location/impressions", () => {
  const post = (location: string, payload: unknown, headers: Record<string, string> = brandHeaders()) =>
    testApp.app.inject({
      method: "POST",
      url: `/v1/deal/${location}/impressions`,
      headers,
      payload: payload as string,
    });

  async function impressions(location: string, dealId: number) {
    const [row] = await testApp.database.db
      .select({ impressions: dealImpressions.impressions })
      .from(dealImpressions)
      .where(and(eq(dealImpressions.location, location), eq(dealImpressions.dealId, dealId)));
    return row?.impressions ?? 0;
  }

  it("counts each listed deal on today's counter for the location, repeats included", async () => {
    const london = (await client.list("/v1/deals/london")).deals;
    const [a, b] = london;
    const irish = (await client.list("/v1/deals/dublin", brandHeaders("main-ie"))).deals[0]!;
    const first = await post("london", { dealIds: [a!.id, b!.id, a!.id, irish.id, 999999] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ recorded: 2 });
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(await impressions("london", a!.id)).toBe(2);
    expect(await impressions("london", b!.id)).toBe(1);
    expect(await impressions("london", irish.id)).toBe(0);

    // As the page hides, navigator.sendBeacon sends the same JSON as text/plain.
    const beacon = await post("london", JSON.stringify({ dealIds: [a!.id] }), {
      ...brandHeaders(),
      "content-type": "text/plain;charset=UTF-8",
    });
    expect(beacon.json()).toEqual({ recorded: 1 });
    expect(await impressions("london", a!.id)).toBe(3);
    expect((await post("national-deal", { dealIds: [national[0]!.id] })).json()).toEqual({ recorded: 1 });
  });

  it("answers 404 for an unknown location and 400 for a bad report", async () => {
    expect((await post("atlantis", { dealIds: [national[0]!.id] })).json().error.code).toBe(
      "LOCATION_NOT_FOUND",
    );
    for (const payload of [{}, { dealIds: [] }, { dealIds: ["1"] }, { dealIds: Array(201).fill(100001) }]) {
      const response = await post("london", payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json().error.code).toBe("INVALID_PARAMETER");
    }
    const junk = await post("london", "{not json", { ...brandHeaders(), "content-type": "text/plain" });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.code).toBe("MALFORMED_JSON");
  });
});
