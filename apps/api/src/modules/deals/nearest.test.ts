import { eq, inArray } from "@deals/db";
import { deals as dealsTable, locations, merchants } from "@deals/db/schema/catalogue";
import { distanceKm, type LocationLatLon } from "@deals/domain/location";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import type { DealSummary } from "./schemas.ts";
import { dealsClient, ids } from "./test-support.ts";

let testApp: TestApp;
let client: ReturnType<typeof dealsClient>;
beforeAll(async () => {
  testApp = await startTestApp();
  client = dealsClient(testApp);
});
afterAll(() => testApp.close());

const MANCHESTER = { lat: 53.4794, lon: -2.2453 };
const DUBLIN = { lat: 53.3498, lon: -6.2603 };
const at = (point: LocationLatLon) => `lat=${point.lat}&lon=${point.lon}`;

const distances = (deals: readonly DealSummary[]) => deals.map((deal) => deal.distanceKm);
const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** Each deal's distance worked out here: its merchant's nearest address, else its town's centre. */
async function expectedDistances(point: LocationLatLon, dealIds: number[]): Promise<Map<number, number>> {
  const rows = await testApp.database.db
    .select({
      id: dealsTable.id,
      main: merchants.mainAddress,
      others: merchants.otherAddresses,
      town: { lat: locations.lat, lon: locations.lon },
    })
    .from(dealsTable)
    .innerJoin(merchants, eq(merchants.id, dealsTable.merchantId))
    .innerJoin(locations, eq(locations.id, dealsTable.locationId))
    .where(inArray(dealsTable.id, dealIds));
  return new Map(
    rows.map((row) => {
      const places = [row.main, ...row.others].flatMap((address) =>
        address?.latLon ? [address.latLon] : [],
      );
      const kms = places.map((place) => distanceKm(point, place));
      return [row.id, kms.length > 0 ? Math.min(...kms) : distanceKm(point, row.town)];
    }),
  );
}

describe("near-me from the shopper's position", () => {
  it("lists every location's local deals, nearest first, each with its distance", async () => {
    const everywhere = await client.allDeals("/v1/deals/near-me");
    const nearest = await client.allDeals(`/v1/deals/near-me?${at(MANCHESTER)}`);
    expect(ids(nearest).sort()).toEqual(ids(everywhere).sort());
    expect(nearest.every((deal) => deal.scope === "local")).toBe(true);

    const kms = distances(nearest).map((km) => {
      expect(km).toBeTypeOf("number");
      return km!;
    });
    expect(kms).toEqual(ascending(kms));
    // Manchester's own deals come first, the rest after.
    const firstOther = nearest.findIndex((deal) => deal.location?.shortName !== "manchester");
    expect(firstOther).toBeGreaterThan(0);
    expect(nearest.slice(firstOther).some((deal) => deal.location?.shortName === "manchester")).toBe(false);
    expect(kms[0]).toBeLessThan(5);
    // Without a position nothing is measured.
    expect(everywhere.some((deal) => "distanceKm" in deal)).toBe(false);
  });

  it("measures to the nearest redeem address, as the domain's great-circle distance does", async () => {
    const page = await client.list(`/v1/deals/near-me?${at(MANCHESTER)}&pageSize=60`);
    const expected = await expectedDistances(MANCHESTER, ids(page.deals));
    for (const deal of page.deals) {
      expect(deal.distanceKm, `deal ${deal.id}`).toBeCloseTo(expected.get(deal.id)!, 1);
    }
    expect(page.location).toEqual({ shortName: "manchester", name: "Manchester" });
    expect(page.canonicalUrl).toBe("https://www.dealmoor.co.uk/near-me");
  });

  it("pages the distance order without repeating or skipping a deal", async () => {
    const whole = await client.list(`/v1/deals/near-me?${at(MANCHESTER)}&pageSize=30`);
    const seen: DealSummary[] = [];
    for (let page = 0; page < 3; page++) {
      seen.push(...(await client.list(`/v1/deals/near-me?${at(MANCHESTER)}&page=${page}&pageSize=10`)).deals);
    }
    expect(ids(seen)).toEqual(ids(whole.deals));
  });

  it("keeps a sort the shopper chose, with the distances still shown", async () => {
    const cheapest = await client.list(
      `/v1/deals/near-me?${at(MANCHESTER)}&orderBy=price&order=asc&pageSize=40`,
    );
    const prices = cheapest.deals.map((deal) => deal.price);
    expect(prices).toEqual(ascending(prices));
    expect(cheapest.deals.every((deal) => typeof deal.distanceKm === "number")).toBe(true);
  });

  it("orders a near-me category page too, and every brand's from its own deals", async () => {
    const hub = await client.list(`/v1/deals/near-me?${at(MANCHESTER)}&pageSize=1`);
    const category = hub.facetedNavigation.navigations[0]!;
    const inCategory = await client.allDeals(`/v1/deals/near-me/${category.shortName}?${at(MANCHESTER)}`);
    expect(inCategory).toHaveLength(category.count);
    const kms = inCategory.map((deal) => deal.distanceKm!);
    expect(kms).toEqual(ascending(kms));

    const irish = await client.allDeals(`/v1/deals/near-me?${at(DUBLIN)}`, brandHeaders("main-ie"));
    expect(irish[0]!.location?.shortName).toMatch(/^dublin/);
    const irishKms = irish.map((deal) => deal.distanceKm!);
    expect(irishKms).toEqual(ascending(irishKms));
  });

  it("follows a merchant that moves: the distance is measured to its new address", async () => {
    const [far] = (await client.allDeals(`/v1/deals/near-me?${at(MANCHESTER)}`)).slice(-1);
    const [row] = await testApp.database.db
      .select({ merchantId: dealsTable.merchantId, main: merchants.mainAddress })
      .from(dealsTable)
      .innerJoin(merchants, eq(merchants.id, dealsTable.merchantId))
      .where(eq(dealsTable.id, far!.id));
    await testApp.database.db
      .update(merchants)
      .set({
        mainAddress: { ...row!.main!, latLon: { lat: MANCHESTER.lat, lon: MANCHESTER.lon } },
        otherAddresses: [],
      })
      .where(eq(merchants.id, row!.merchantId));
    // The merchant's other deals moved with it: all of them now come first, at no distance.
    const moved = await client.list(`/v1/deals/near-me?${at(MANCHESTER)}&pageSize=50`);
    expect(moved.deals[0]?.distanceKm).toBe(0);
    expect(ids(moved.deals.filter((deal) => deal.distanceKm === 0))).toContain(far!.id);
  });

  it("refuses a junk position with 400 and a clear message, never 500", async () => {
    const cases: [string, RegExp][] = [
      ["lat=abc&lon=-2.2", /^lat must be a number from -90 to 90/],
      ["lat=91&lon=-2.2", /^lat must be a number from -90 to 90/],
      ["lat=53.4&lon=181", /^lon must be a number from -180 to 180/],
      ["lat=53.4", /lat and lon must be given together/],
      ["lat=53.4&lat=53.5&lon=1", /^lat must be given once/],
      ["lat=1e3&lon=1", /^lat must be a number/],
    ];
    for (const [query, message] of cases) {
      const failure = await client.failure(`/v1/deals/near-me?${query}`);
      expect(failure.status, query).toBe(400);
      expect(failure.code).toBe("INVALID_PARAMETER");
      expect(failure.message).toMatch(message);
    }
  });
});
