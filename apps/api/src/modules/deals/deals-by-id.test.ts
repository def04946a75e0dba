/**
 * Deals read by id: the search's pages, the homepage's rows, a deal page's deal and its
 * recommendations all read them this way, so the statement is planned once (docs/scaling.md
 * "Deals by id, planned once").
 */
import { type Database, sql } from "@deals/db";
import { testDatabase } from "@deals/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findDealSummaries } from "./queries.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);

let database: Database;
let ukIds: number[];
let irishId: number;

beforeAll(async () => {
  database = await testDatabase();
  const ids = async (brand: string) =>
    (
      await database.db.execute<{ id: number }>(
        sql`select id from deals where brand_id = ${brand} order by id`,
      )
    ).rows.map((row) => Number(row.id));
  ukIds = (await ids("main-uk")).slice(0, 60);
  irishId = (await ids("main-ie"))[0]!;
});

afterAll(() => database.close());

describe("deals by id", () => {
  it("reads the brand's deals with the ids given, each once, leaving out unknown ids and other brands'", async () => {
    const wanted = [ukIds[3]!, ukIds[0]!, ukIds[3]!, 999_999_999, irishId];
    const rows = await findDealSummaries(database.db, "main-uk", wanted);
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([ukIds[0], ukIds[3]]);
    expect(await findDealSummaries(database.db, "main-uk", [])).toEqual([]);
    const many = await findDealSummaries(database.db, "main-uk", ukIds);
    expect(many).toHaveLength(ukIds.length);
  });

  it.runIf(onPostgres)("is two statements on PostgreSQL's generic plans, one id or many", async () => {
    await database.db.transaction(async (tx) => {
      // PostgreSQL tries five custom plans before it weighs the generic one.
      for (const count of [1, 24, 1, 3, 1, 50, 1, 24, 1, 2, 1, 24, 1, 27])
        await findDealSummaries(tx, "main-uk", ukIds.slice(0, count));
      const { rows } = await tx.execute<{ generic_plans: number }>(
        sql`select generic_plans from pg_prepared_statements where name like 'deals_by_id%'`,
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(Number(row.generic_plans)).toBeGreaterThan(0);
    });
  });
});
