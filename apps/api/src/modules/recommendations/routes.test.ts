import { users } from "@deals/db/schema/accounts";
import { orderLines, orders } from "@deals/db/schema/commerce";
import { TEST_NOW } from "@deals/db/testing";
import { exitPromoDeals } from "@deals/domain/exit-promo";
import { distinctDeals } from "@deals/domain/recommended";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import { SESSION_COOKIE } from "../accounts/session-cookies.ts";
import type { DealSummary } from "../deals/schemas.ts";
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
    // Each offer once: a near-identical copy (same merchant, same headline) is left out.
    const expected = distinctDeals(
      london.filter((d) => d.subCategory.id === deal.subCategory.id && d.id !== deal.id),
      25,
    );
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
    const londonDeal = (await client.list("/v1/deals/london?pageSize=1")).deals[0]!;
    const otherSite = await client.failure(
      `/v1/recommendations?dealId=${londonDeal.id}`,
      brandHeaders("sister-ie"),
    );
    expect(otherSite.code).toBe("DEAL_NOT_FOUND");
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

describe("GET /v1/recommended-for-you", () => {
  const db = () => testApp.database.db;
  async function shopper(label: string): Promise<number> {
    const email = `${label}@example.com`;
    const [user] = await db()
      .insert(users)
      .values({
        brandId: "main-uk",
        email,
        emailKey: email,
        customerToken: `${label}-customer-token`,
        status: "active",
        createdAt: TEST_NOW,
      })
      .returning({ id: users.id });
    return user!.id;
  }
  async function bought(customerId: number, dealIds: number[]) {
    const [order] = await db()
      .insert(orders)
      .values({
        brandId: "main-uk",
        customerId,
        buyerKey: `customer:${customerId}`,
        email: "buyer@example.com",
        idempotencyKey: `for-you-${customerId}-${dealIds.join("-")}`,
        basketToken: "for-you-basket-token",
        status: "paid",
        currency: "GBP",
        ...Object.fromEntries(ORDER_AMOUNTS.map((name) => [name, 0])),
        totalMinor: 0,
        createdAt: TEST_NOW,
        paidAt: TEST_NOW,
      } as typeof orders.$inferInsert)
      .returning({ id: orders.id });
    await db()
      .insert(orderLines)
      .values(
        dealIds.map((dealId) => ({
          orderId: order!.id,
          basketLineId: String(dealId),
          dealId,
          title: "A deal",
          quantity: 1,
          unitPriceMinor: 0,
          adminFeeMinor: 0,
          postageMinor: 0,
          totalMinor: 0,
        })),
      );
  }

  it("falls back to the location's popular deals, each offer once and none sold out", async () => {
    const response = await client.get("/v1/recommended-for-you?location=london");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const { deals } = response.json() as { deals: DealSummary[] };
    expect(deals.length).toBe(25);
    expect(new Set(ids(deals)).size).toBe(deals.length);
    const offers = deals.map((d) => `${d.business?.name}|${d.headline.toLowerCase()}`);
    expect(new Set(offers).size).toBe(offers.length);
    for (const deal of deals) {
      expect(deal.soldOut).toBe(false);
      expect(deal.location === null || deal.location.shortName === "london").toBe(true);
    }
  });

  it("leads with what other shoppers bought alongside the deals viewed and bought, never those", async () => {
    const london = (await client.allDeals("/v1/deals/london")).filter((d) => !d.soldOut);
    const bySubcategory = (deal: DealSummary) =>
      london.filter((d) => d.subCategory.id === deal.subCategory.id);
    const viewed = london.find((d) => bySubcategory(d).length > 2)!;
    const others = london.filter((d) => d.subCategory.id !== viewed.subCategory.id).slice(-3);
    const [boughtByMe, alongside, alsoAlongside] = others as [DealSummary, DealSummary, DealSummary];
    const other = await shopper("for-you-other");
    await bought(other, [viewed.id, alongside.id]);
    const third = await shopper("for-you-third");
    await bought(third, [boughtByMe.id, alsoAlongside.id]);

    const anonymous = (await client.get(`/v1/recommended-for-you?location=london&id=${viewed.id}`)).json();
    expect(ids(anonymous.deals)[0]).toBe(alongside.id);
    expect(ids(anonymous.deals)).not.toContain(viewed.id);
    // Then deals of the viewed deal's subcategory.
    expect(anonymous.deals[1].subCategory.id).toBe(viewed.subCategory.id);

    const me = await shopper("for-you-me");
    await bought(me, [boughtByMe.id]);
    const { sid } = await testApp.app.sessions.create({
      userId: me,
      brandId: "main-uk",
      rememberMe: false,
      now: TEST_NOW,
    });
    const signedIn = await client.get(`/v1/recommended-for-you?location=london&id=${viewed.id}`, {
      ...brandHeaders(),
      cookie: `${SESSION_COOKIE}=${sid}`,
    });
    const forMe = ids(signedIn.json().deals);
    expect(forMe.slice(0, 2).sort()).toEqual([alongside.id, alsoAlongside.id].sort());
    expect(forMe).not.toContain(boughtByMe.id);
    expect(forMe).not.toContain(viewed.id);
  });

  it("answers 400 for bad ids and 404 for an unknown location", async () => {
    expect((await client.failure("/v1/recommended-for-you?location=london&id=x")).status).toBe(400);
    expect((await client.failure("/v1/recommended-for-you")).status).toBe(400);
    expect((await client.failure("/v1/recommended-for-you?location=atlantis")).code).toBe(
      "LOCATION_NOT_FOUND",
    );
  });
});

const ORDER_AMOUNTS = [
  "itemsMinor",
  "adminFeesMinor",
  "postageMinor",
  "giftPacksMinor",
  "giftWrapMinor",
  "vipMembershipMinor",
  "voucherProtectionMinor",
  "discountMinor",
  "walletMarketingMinor",
  "walletRefundableMinor",
] as const;
