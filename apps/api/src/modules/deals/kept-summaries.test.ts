/**
 * Summaries kept by revision (kept-summaries.ts): a listing or a search shows a change to a
 * deal, to its cheapest product's price or fee, or to the name of its category, merchant or
 * location, as soon as it is written.
 */
import { asc, eq, sql } from "@deals/db";
import { categories, dealProducts, deals, locations, merchants } from "@deals/db/schema/catalogue";
import { describe, expect, it } from "vitest";
import { brandHeaders } from "../../testing.ts";
import { KeptSummaries } from "./kept-summaries.ts";
import { findDealRefs } from "./queries.ts";
import type { DealSummary } from "./schemas.ts";
import { useDealsTestApp } from "./test-support.ts";

const { testApp, client } = useDealsTestApp();

/** A signed-out shopper's answers are kept whole for a few seconds: each read asks a new URL. */
let asked = 0;
const listed = async (path: string, id: number): Promise<DealSummary> => {
  asked += 1;
  const join = path.includes("?") ? "&" : "?";
  const answer = await client.list(`${path}${join}pageSize=${30 + asked}`, brandHeaders());
  const deal = answer.deals.find((d) => d.id === id);
  expect(deal, `deal ${id} on ${path}`).toBeDefined();
  return deal!;
};

const leadProduct = async (dealId: number) => {
  const [product] = await testApp()
    .database.db.select({ id: dealProducts.id, adminFeeMinor: dealProducts.adminFeeMinor })
    .from(dealProducts)
    .where(eq(dealProducts.dealId, dealId))
    .orderBy(asc(dealProducts.priceMinor), asc(dealProducts.sortOrder))
    .limit(1);
  return product!;
};

describe("a listing's deals, kept by revision", () => {
  it("shows a deal's new count bought and its cheapest product's new fee as soon as they are written", async () => {
    const before = (await client.list("/v1/deals/london?pageSize=10")).deals[0]!;
    expect((await listed("/v1/deals/london", before.id)).totalBought).toBe(before.totalBought);

    await testApp()
      .database.db.update(deals)
      .set({ totalBought: sql`${deals.totalBought} + 7` })
      .where(eq(deals.id, before.id));
    expect((await listed("/v1/deals/london", before.id)).totalBought).toBe(before.totalBought + 7);

    const product = await leadProduct(before.id);
    await testApp()
      .database.db.update(dealProducts)
      .set({ adminFeeMinor: product.adminFeeMinor + 150 })
      .where(eq(dealProducts.id, product.id));
    const after = await listed("/v1/deals/london", before.id);
    expect(after.adminFee).toBe(before.adminFee + 150);
    expect(after.fullPrice).toBe(before.fullPrice + 150);
  });

  it("shows a renamed category, merchant and location as soon as they are written", async () => {
    const db = testApp().database.db;
    const before = (await client.list("/v1/deals/leeds?pageSize=10")).deals[0]!;
    expect((await listed("/v1/deals/leeds", before.id)).business.displayName).toBe(
      before.business.displayName,
    );
    const [row] = await db
      .select({ merchantId: deals.merchantId, locationId: deals.locationId })
      .from(deals)
      .where(eq(deals.id, before.id));

    await db
      .update(categories)
      .set({ name: "Renamed category" })
      .where(eq(categories.id, before.category.id));
    await db
      .update(merchants)
      .set({ displayName: "Renamed merchant" })
      .where(eq(merchants.id, row!.merchantId));
    await db.update(locations).set({ name: "Renamed location" }).where(eq(locations.id, row!.locationId!));
    try {
      const after = await listed("/v1/deals/leeds", before.id);
      expect(after.category.name).toBe("Renamed category");
      expect(after.business.displayName).toBe("Renamed merchant");
      expect(after.location?.name).toBe("Renamed location");
    } finally {
      await db
        .update(categories)
        .set({ name: before.category.name })
        .where(eq(categories.id, before.category.id));
      await db
        .update(merchants)
        .set({ displayName: before.business.displayName })
        .where(eq(merchants.id, row!.merchantId));
      await db
        .update(locations)
        .set({ name: before.location!.name })
        .where(eq(locations.id, row!.locationId!));
    }
    expect((await listed("/v1/deals/leeds", before.id)).category.name).toBe(before.category.name);
  });

  it("shows a change to a deal a search found as soon as it is written", async () => {
    const found = (await client.list("/v1/search/london?q=spa&pageSize=10")).deals[0]!;
    await testApp()
      .database.db.update(deals)
      .set({ lastChance: !found.lastChance })
      .where(eq(deals.id, found.id));
    expect((await listed("/v1/search/london?q=spa", found.id)).lastChance).toBe(!found.lastChance);
  });
});

describe("KeptSummaries", () => {
  it("keeps a deal's summary until its revision moves on, in the order asked", async () => {
    const db = testApp().database.db;
    const kept = new KeptSummaries(100);
    const ids = (await client.list("/v1/deals/manchester?pageSize=3")).deals.map((d) => d.id).reverse();
    const refsOf = async () =>
      [...(await findDealRefs(db, "main-uk", ids)), { id: 999_999_999, revision: 0 }].sort(
        (a, b) => ids.indexOf(a.id) - ids.indexOf(b.id),
      );

    const first = await kept.inOrder(db, "main-uk", await refsOf());
    // In the order asked; a deal that is gone is left out.
    expect(first.map((d) => d.id)).toEqual(ids);
    // Kept: the same revisions give the very summaries read before.
    expect(await kept.inOrder(db, "main-uk", await refsOf())).toEqual(first);
    expect((await kept.inOrder(db, "main-uk", await refsOf()))[0]).toBe(first[0]);

    // A category's new name raises its deals' revisions, so the kept summary is read again.
    const category = first[0]!.category;
    await db.update(categories).set({ name: "Renamed at once" }).where(eq(categories.id, category.id));
    expect((await kept.inOrder(db, "main-uk", await refsOf()))[0]!.category.name).toBe("Renamed at once");
    await db.update(categories).set({ name: category.name }).where(eq(categories.id, category.id));

    // A deal read at a later revision than the one kept is read again.
    await db.update(deals).set({ headline: "A new headline" }).where(eq(deals.id, ids[1]!));
    const again = await kept.inOrder(db, "main-uk", await findDealRefs(db, "main-uk", [ids[1]!]));
    expect(again[0]!.headline).toBe("A new headline");
  });
});
