/**
 * Summaries kept by revision (kept-summaries.ts): a listing or a search shows a change to a
 * deal, or to its cheapest product's price or fee, as soon as it is written; what a summary
 * shows of other rows (a category's name) is read again once the kept summary's time is up.
 */
import { asc, eq, sql } from "@deals/db";
import { categories, dealProducts, deals } from "@deals/db/schema/catalogue";
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
  it("keeps a deal's summary until its revision moves on or its time is up, in the order asked", async () => {
    const db = testApp().database.db;
    let clock = 0;
    const kept = new KeptSummaries(100, () => clock);
    const ids = (await client.list("/v1/deals/manchester?pageSize=3")).deals.map((d) => d.id).reverse();
    const refs = [...(await findDealRefs(db, "main-uk", ids)), { id: 999_999_999, revision: 0 }];
    const inOrder = () =>
      kept.inOrder(
        db,
        "main-uk",
        [...refs].sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)),
        10_000,
      );

    const first = await inOrder();
    // In the order asked; a deal that is gone is left out.
    expect(first.map((d) => d.id)).toEqual(ids);

    // A category's new name is another row's change: the kept summary shows the old one...
    const category = first[0]!.category;
    await db.update(categories).set({ name: "Renamed for a while" }).where(eq(categories.id, category.id));
    expect((await inOrder())[0]!.category.name).toBe(category.name);
    // ...until its time is up (kept for between three quarters of it and all of it).
    clock += 10_001;
    expect((await inOrder())[0]!.category.name).toBe("Renamed for a while");
    await db.update(categories).set({ name: category.name }).where(eq(categories.id, category.id));

    // A deal read at a later revision than the one kept is read again.
    await db.update(deals).set({ headline: "A new headline" }).where(eq(deals.id, ids[1]!));
    const moved = await findDealRefs(db, "main-uk", [ids[1]!]);
    const again = await kept.inOrder(db, "main-uk", moved, 10_000);
    expect(again[0]!.headline).toBe("A new headline");
  });
});
