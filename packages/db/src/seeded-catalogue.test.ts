import { BRAND_IDS, BRANDS } from "@deals/domain/brand";
import { LOW_TOTAL_ONLY_SUBCATEGORY_IDS, MAX_DISCOUNT_PERCENT } from "@deals/domain/constants";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./open.ts";
import { categories, dealProducts, deals, locations, merchants, reviews } from "./schema/index.ts";
import { generateCatalogue } from "./seed/catalogue.ts";
import { isSeeded, seedCatalogue } from "./seed/index.ts";
import { TEST_DEALS, TEST_NOW, TEST_SEED, testDatabase } from "./testing.ts";

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The catalogue's deals: TEST_DEALS and the brands' gift-card deals added to them. */
const catalogueDeals = () =>
  generateCatalogue({ deals: TEST_DEALS, seed: TEST_SEED, now: TEST_NOW }).deals.length;

/** Runs a query with sequential scans (and `alsoOff`) switched off and returns its plan, one line per row. */
async function plan(query: ReturnType<typeof sql>, alsoOff: string[] = []): Promise<string> {
  return database.db.transaction(async (tx) => {
    for (const setting of ["enable_seqscan", ...alsoOff])
      await tx.execute(sql.raw(`set local ${setting} = off`));
    const rows = await tx.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`);
    return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

describe("the test database", () => {
  it("is seeded with the test catalogue, exactly as generated", async () => {
    const { db } = database;
    expect(await isSeeded(db)).toBe(true);
    const expected = generateCatalogue({ deals: TEST_DEALS, seed: TEST_SEED, now: TEST_NOW });
    const rows = await db
      .select({
        id: deals.id,
        headline: deals.headline,
        price: deals.priceMinor,
        closingDate: deals.closingDate,
      })
      .from(deals)
      .orderBy(asc(deals.id));
    expect(rows).toEqual(
      expected.deals.map((d) => ({
        id: d.id,
        headline: d.headline,
        price: d.priceMinor,
        closingDate: d.closingDate,
      })),
    );
    const [products] = await db.select({ n: sql<number>`count(*)::int` }).from(dealProducts);
    expect(products?.n).toBe(expected.products.length);
  });

  it("does nothing when seeded again", async () => {
    const summary = await seedCatalogue(database.db, { deals: 10, seed: 99, now: TEST_NOW });
    expect(summary.seeded).toBe(false);
    const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(deals);
    expect(count?.n).toBe(catalogueDeals());
  });

  it("has all four brands, each with its default location", async () => {
    const { db } = database;
    for (const id of BRAND_IDS) {
      const rows = await db
        .select({ shortName: locations.shortName, countryCode: locations.countryCode })
        .from(locations)
        .where(eq(locations.brandId, id));
      expect(rows.map((r) => r.shortName)).toContain(BRANDS[id].defaultLocation);
      expect(new Set(rows.map((r) => r.countryCode))).toEqual(new Set([BRANDS[id].countryCode]));
    }
    const names = await db.selectDistinct({ shortName: locations.shortName }).from(locations);
    expect(names.length).toBeGreaterThanOrEqual(23);
    expect(names.map((n) => n.shortName)).not.toContain("wellness-collection");
  });

  it("numbers new merchants and locations after the seeded ones", async () => {
    const { db } = database;
    const [before] = await db.select({ max: sql<number>`max(id)::int` }).from(merchants);
    const [merchant] = await db
      .insert(merchants)
      .values({ businessName: "Newcomer Trading Ltd", displayName: "Newcomer" })
      .returning({ id: merchants.id });
    expect(merchant?.id).toBe((before?.max ?? 0) + 1);
    const [lastLocation] = await db.select({ max: sql<number>`max(id)::int` }).from(locations);
    const [location] = await db
      .insert(locations)
      .values({
        brandId: "main-uk",
        shortName: "newtown",
        name: "Newtown",
        countryCode: "gb",
        lat: 52.5,
        lon: -3.3,
      })
      .returning({ id: locations.id });
    expect(location?.id).toBe((lastLocation?.max ?? 0) + 1);
  });

  it("has the travel and payment-rule subcategories under the right parents", async () => {
    const rows = await database.db
      .select({ id: categories.id, level: categories.level, parentId: categories.parentId })
      .from(categories);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of [487, 727]) expect(byId.get(id)).toMatchObject({ level: 2, parentId: 3000 });
    for (const id of [14, 17, 197, 200, 218, 386, 398, 585, 586, 711]) expect(byId.get(id)?.level).toBe(2);
  });

  it("keeps every deal's products, discounts and lead price consistent", async () => {
    const rows = await database.db.execute<{
      id: number;
      deal_type: string;
      discount_percent: number;
      products: number;
      most: number;
      cheapest: number;
      price_minor: number;
    }>(sql`
      select d.id, d.deal_type, d.discount_percent, d.price_minor,
             count(p.id)::int as products, min(p.price_minor)::int as cheapest,
             -- A grid deal has a product in every cell; any other deal 1 to 6.
             coalesce(jsonb_array_length(d.product_grid -> 'row' -> 'items')
               * jsonb_array_length(d.product_grid -> 'column' -> 'items'), 6)::int as most
      from deals d join deal_products p on p.deal_id = d.id
      group by d.id`);
    expect(rows.rows).toHaveLength(catalogueDeals());
    for (const row of rows.rows) {
      expect(row.products).toBeGreaterThanOrEqual(1);
      expect(row.products).toBeLessThanOrEqual(row.most);
      expect(row.price_minor).toBe(row.cheapest);
      const max = row.deal_type === "travel" ? MAX_DISCOUNT_PERCENT.travel : MAX_DISCOUNT_PERCENT.default;
      expect(row.discount_percent).toBeLessThanOrEqual(max);
    }
  });

  it("writes review totals that match the reviews", async () => {
    const mismatches = await database.db.execute<{ id: number }>(sql`
      select d.id from deals d left join reviews r on r.deal_id = d.id
      group by d.id having d.review_total <> count(r.id)`);
    expect(mismatches.rows).toEqual([]);
    const [total] = await database.db.select({ n: sql<number>`count(*)::int` }).from(reviews);
    const [merchantTotal] = await database.db
      .select({ n: sql<number>`sum(review_total)::int` })
      .from(merchants);
    expect(merchantTotal?.n).toBe(total?.n);
  });

  it("finds deals by full-text search on the search vector index", async () => {
    const { db } = database;
    const query = sql`select id from deals where brand_id = 'main-uk' and search_vector @@ websearch_to_tsquery('english', 'spa')`;
    const found = await db.execute<{ id: number }>(query);
    const expected = await db
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.brandId, "main-uk"), sql`search_text ~* '\\mspas?\\M'`));
    expect(found.rows.length).toBeGreaterThan(0);
    expect(new Set(found.rows.map((r) => r.id))).toEqual(new Set(expected.map((r) => r.id)));
    expect(await plan(query)).toContain("deals_search_vector");
  });

  it("finds deals by partial words on the trigram index", async () => {
    const { db } = database;
    const query = sql`select id, search_text from deals where search_text ilike ${"%afterno%"}`;
    const found = await db.execute<{ id: number; search_text: string }>(query);
    expect(found.rows.length).toBeGreaterThan(0);
    for (const row of found.rows) expect(row.search_text.toLowerCase()).toContain("afterno");
    expect(await plan(query)).toContain("deals_search_trgm");
    // A misspelt search still finds close words (word similarity, also on the trigram index).
    const misspelt = sql`select id, search_text from deals where ${"afternon tea"} <% search_text
                         order by word_similarity(${"afternon tea"}, search_text) desc limit 5`;
    const similar = await db.execute<{ id: number; search_text: string }>(misspelt);
    expect(similar.rows.length).toBeGreaterThan(0);
    for (const row of similar.rows) expect(row.search_text).toMatch(/afternoon tea/i);
    expect(await plan(misspelt)).toContain("deals_search_trgm");
  });

  it("lists a location's deals by popularity on the listing index", async () => {
    const query = sql`select id from deals where brand_id = 'main-uk' and location_id = 1
                      order by popularity desc, id limit 24`;
    expect(await plan(query)).toContain("deals_local_listing");
    const rows = await database.db.execute<{ id: number }>(query);
    expect(rows.rows.length).toBeGreaterThan(0);
  });

  it("finds the deals whose lowest price is due on indexes, not by reading every deal", async () => {
    // The background refresh's question (apps/api lowest-price.ts): answered by reading the whole
    // table, it took 51 to 122 ms on PostgreSQL at 50,000 deals, holding up PGlite's one thread.
    const query = sql`select id from deals
                      where lowest_price_last_30_days_minor is null or lowest_price_valid_until < now()
                      order by id limit 500`;
    // The test catalogue is small enough to read in id order instead: only a bitmap plan is left.
    const shown = await plan(query, ["enable_indexscan"]);
    expect(shown).toContain("deals_lowest_price_unknown");
    expect(shown).toContain("deals_lowest_price_valid_until");
  });

  it("reads a page of a place's open deals by popularity in an index's order, whatever the page", async () => {
    // A prepared page of deals is planned once for any limit and offset (a generic plan). Each
    // place a listing pages through needs an index in popularity order holding the closing
    // date, or that plan reads and sorts every open deal of the place (migrations 0036, 0037):
    // a location, a category, a category or subcategory within a location (a category page,
    // a deal page's "Customers also viewed").
    const sample = await database.db.execute<Record<string, number>>(
      sql`select location_id, category_id, subcategory_id from deal_listings
          where brand_id = 'main-uk' and location_id is not null limit 1`,
    );
    const deal = sample.rows[0]!;
    const places = [
      ["location_id"],
      ["category_id"],
      ["subcategory_id"],
      ["location_id", "category_id"],
      ["location_id", "subcategory_id"],
    ];
    for (const columns of places) {
      const place = columns.map((column, i) => `${column} = $${i + 2}`).join(" and ");
      const values = [...columns.map((column) => deal[column]), 0].slice(0, 2).join(", ");
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        // Only an index read in order can then avoid a sort, whatever the test catalogue's size.
        for (const setting of ["enable_seqscan", "enable_bitmapscan", "enable_sort"])
          await tx.execute(sql.raw(`set local ${setting} = off`));
        await tx.execute(
          sql.raw(`prepare popular_page(text, int, int, timestamptz, int, int) as
            select deal_id from deal_listings
            where brand_id = $1 and ${place} and (closing_date is null or closing_date >= $4)
            order by popularity desc nulls last, deal_id limit $5 offset $6`),
        );
        const rows = await tx.execute<{ "QUERY PLAN": string }>(
          sql.raw(`explain execute popular_page('main-uk', ${values}, now(), 24, 48)`),
        );
        await tx.execute(sql`deallocate popular_page`);
        return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
      expect(plan, place).toContain("Index Only Scan");
      expect(plan, place).not.toMatch(/\bSort\b/);
    }
  });

  it("has deals in the subcategories the payment rules guard", async () => {
    const rows = await database.db
      .select({ subcategoryId: deals.subcategoryId })
      .from(deals)
      .where(inArray(deals.subcategoryId, [...LOW_TOTAL_ONLY_SUBCATEGORY_IDS]));
    expect(rows.length).toBeGreaterThan(0);
  });
});
