import { type Database, sql } from "@deals/db";
import { TEST_NOW, testDatabase } from "@deals/db/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DealFilter, type RankedDeal, rankDealIds } from "../deals/queries.ts";
import { liveSince } from "../deals/service.ts";
import { mergedRankings, searchPage } from "./ranked-pages.ts";

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe("searchPage by relevance in a location", () => {
  it("ranks the location's deals and the national ones as one statement over both does", async () => {
    const { rows } = await database.db.execute<{ id: number }>(
      sql`select id from locations where brand_id = 'main-uk' and short_name = 'london'`,
    );
    for (const text of ["spa", "dinner for two", "hotel", "massage", "the"]) {
      const filter: DealFilter = {
        brandId: "main-uk",
        locationId: Number(rows[0]!.id),
        includeNational: true,
        includeLastChance: true,
        liveSince: liveSince(TEST_NOW),
        search: { text, mode: "words" },
      };
      const expected = await rankDealIds(database.db, filter, "relevance", 960);
      const page = await searchPage(database.db, "main-uk", filter, "relevance", { offset: 0, limit: 960 });
      expect(
        page.map((deal) => deal.id),
        text,
      ).toEqual(expected);
      if (text !== "the") expect(expected.length, text).toBeGreaterThan(0);
    }
  });
});

/** The statement's order: relevance, then popularity, highest first, then the lower id. */
const byRank = (a: RankedDeal, b: RankedDeal) =>
  b.relevance - a.relevance || b.popularity - a.popularity || a.id - b.id;

describe("mergedRankings", () => {
  it("ranks two rankings as one ranking of all their deals would, each deal once", () => {
    // Few distinct keys, so ties on relevance and popularity are common.
    const deals = fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 60 }),
        relevance: fc.constantFrom(0.1, 0.25, 0.5, 1.75),
        popularity: fc.integer({ min: -2, max: 2 }),
      }),
      { selector: (deal) => deal.id, maxLength: 40 },
    );
    fc.assert(
      fc.property(
        deals,
        fc.infiniteStream(fc.constantFrom("a", "b", "both")),
        fc.integer({ min: 0, max: 45 }),
        (all, sides, limit) => {
          // A deal is in one ranking or both (a national deal listed in the location too).
          const a: RankedDeal[] = [];
          const b: RankedDeal[] = [];
          const side = sides[Symbol.iterator]();
          for (const deal of all) {
            const where = side.next().value;
            if (where !== "b") a.push(deal);
            if (where !== "a") b.push(deal);
          }
          const expected = [...all]
            .sort(byRank)
            .slice(0, limit)
            .map((deal) => deal.id);
          expect(mergedRankings(a.sort(byRank), b.sort(byRank), limit)).toEqual(expected);
        },
      ),
    );
  });
});
