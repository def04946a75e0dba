import { eq } from "@deals/db";
import { deals as dealsTable, productPriceHistory } from "@deals/db/schema/catalogue";
import { TEST_NOW } from "@deals/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, startTestApp, type TestApp } from "../../testing.ts";
import { refreshLowestPrices } from "./lowest-price.ts";
import type { DealDetail } from "./schemas.ts";
import { dealsClient } from "./test-support.ts";

let testApp: TestApp;
let client: ReturnType<typeof dealsClient>;
beforeAll(async () => {
  testApp = await startTestApp();
  client = dealsClient(testApp);
});
afterAll(() => testApp.close());

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(TEST_NOW.getTime() - days * DAY_MS);
let fresh = 0;
/** A listing page, never answered from the short-lived answer cache. */
const listing = async (path: string) =>
  (await client.list(`${path}${path.includes("?") ? "&" : "?"}utm_source=t${++fresh}`)).deals;

async function detail(id: number): Promise<DealDetail> {
  const response = await client.get(`/v1/deal/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function setHistory(productId: number, prices: [daysAgo: number, priceMinor: number][]) {
  const db = testApp.database.db;
  await db.delete(productPriceHistory).where(eq(productPriceHistory.productId, productId));
  await db
    .insert(productPriceHistory)
    .values(prices.map(([days, priceMinor]) => ({ productId, priceMinor, recordedAt: daysAgo(days) })));
}

describe("listed deals: the page they were listed on", () => {
  it("numbers each listed deal with its page, counted from 1", async () => {
    const first = await client.list("/v1/deals/london?pageSize=5");
    expect(first.deals.length).toBe(5);
    for (const deal of first.deals) expect(deal.pageNumber).toBe(1);
    const third = await client.list("/v1/deals/london?page=2&pageSize=5");
    expect(third.page).toBe(2);
    for (const deal of third.deals) expect(deal.pageNumber).toBe(3);
  });

  it("numbers the main deal of a deal page's listing with page 1 too", async () => {
    const [, second] = await listing("/v1/deals/london?pageSize=2");
    const around = await client.list(`/v1/deals/london/${second!.id}?pageSize=3`);
    expect(around.deals[0]).toMatchObject({ id: second!.id, pageNumber: 1 });
    expect(around.mainDeal).not.toHaveProperty("pageNumber");
  });
});

describe("listed deals: the lowest price of the last 30 days", () => {
  it("gives each card the deal page's lowest price", async () => {
    const shop = await listing("/v1/deals/national-deal?pageSize=40");
    expect(shop.some((deal) => deal.lowestPriceLast30Days! < deal.price)).toBe(true);
    for (const deal of shop) {
      expect(deal.lowestPriceLast30Days).toBe((await detail(deal.id)).lowestPriceLast30Days);
      expect(deal.lowestPriceLast30Days).toBeLessThanOrEqual(deal.price);
    }
  });

  it("follows a price written to the history once the deal's prices are worked out again", async () => {
    const [card] = await listing("/v1/deals/national-deal?pageSize=1");
    const deal = await detail(card!.id);
    const lead = deal.products.find((product) => product.price === deal.price)!;
    await setHistory(lead.id, [
      [40, deal.price - 900],
      [12, deal.price - 150],
      [1, deal.price],
    ]);
    expect(await refreshLowestPrices(testApp.database.db, TEST_NOW, [deal.id])).toBe(1);

    const [after] = await listing("/v1/deals/national-deal?pageSize=1");
    expect(after!.lowestPriceLast30Days).toBe(deal.price - 900);
    expect((await detail(deal.id)).lowestPriceLast30Days).toBe(deal.price - 900);
  });

  it("is worked out as the app starts for deals that have none yet (after an upgrade)", async () => {
    const [card] = await listing("/v1/deals/national-deal?pageSize=1");
    const db = testApp.database.db;
    const lowestOf = async () =>
      (
        await db
          .select({ lowest: dealsTable.lowestPriceLast30DaysMinor })
          .from(dealsTable)
          .where(eq(dealsTable.id, card!.id))
      )[0]!.lowest;
    await db.update(dealsTable).set({ lowestPriceLast30DaysMinor: null }).where(eq(dealsTable.id, card!.id));
    const [unknown] = await listing("/v1/deals/national-deal?pageSize=1");
    expect(unknown!.lowestPriceLast30Days).toBeNull();

    const restarted = await buildTestApp({ database: testApp.database, clock: () => TEST_NOW });
    await restarted.ready();
    await expect.poll(lowestOf).toBe(card!.lowestPriceLast30Days);
    await restarted.close();
  });

  it("is worked out again in the background once a price leaves the 30 days", async () => {
    const [card] = await listing("/v1/deals/travel?pageSize=1");
    const deal = await detail(card!.id);
    const lead = deal.products.find((product) => product.price === deal.price)!;
    // 40 days ago is in force until the 20-day-old price leaves the window, 10 days from now.
    await setHistory(lead.id, [
      [40, deal.price - 500],
      [20, deal.price - 200],
      [2, deal.price],
    ]);
    await refreshLowestPrices(testApp.database.db, TEST_NOW, [deal.id]);
    const column = async () =>
      (
        await testApp.database.db
          .select({
            lowest: dealsTable.lowestPriceLast30DaysMinor,
            validUntil: dealsTable.lowestPriceValidUntil,
          })
          .from(dealsTable)
          .where(eq(dealsTable.id, deal.id))
      )[0]!;
    expect(await column()).toEqual({
      lowest: deal.price - 500,
      validUntil: new Date(daysAgo(20).getTime() + 30 * DAY_MS),
    });

    // Nothing has aged yet: the background refresh writes nothing.
    expect(await refreshLowestPrices(testApp.database.db, TEST_NOW)).toBe(0);
    const later = new Date(TEST_NOW.getTime() + 11 * DAY_MS);
    expect(await refreshLowestPrices(testApp.database.db, later)).toBeGreaterThan(0);
    expect(await column()).toEqual({ lowest: deal.price - 200, validUntil: daysAgo(2 - 30) });
    expect(await refreshLowestPrices(testApp.database.db, later)).toBe(0);
  });
});
