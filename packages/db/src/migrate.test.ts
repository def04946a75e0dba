import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrate } from "./migrate.ts";
import { openDatabase } from "./open.ts";
import { isSeeded } from "./seed/index.ts";
import { emptyDatabase, SLOW_ON_PGLITE_MS } from "./testing.ts";

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"));
const MIGRATION_COUNT: number = journal.entries.length;

const CATALOGUE_TABLES = [
  "brands",
  "categories",
  "deal_products",
  "deals",
  "locations",
  "merchants",
  "product_price_history",
  "product_sales_windows",
  "reviews",
];

describe("migrate", () => {
  it(
    "creates pg_trgm, btree_gin and every table, and running it again changes nothing",
    async () => {
      const database = await emptyDatabase();
      try {
        await migrate(database);
        await migrate(database);
        const { db } = database;
        const extensions = await db.execute<{ extname: string }>(sql`select extname from pg_extension`);
        expect(extensions.rows.map((r) => r.extname)).toEqual(
          expect.arrayContaining(["pg_trgm", "btree_gin"]),
        );
        const tables = await db.execute<{ name: string }>(
          sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
        );
        expect(tables.rows.map((r) => r.name)).toEqual(expect.arrayContaining(CATALOGUE_TABLES));
        const applied = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(applied.rows[0]?.n).toBe(MIGRATION_COUNT);
        expect(await isSeeded(db)).toBe(false);
      } finally {
        await database.close();
      }
    },
    SLOW_ON_PGLITE_MS,
  );
});

describe("openDatabase on a PGlite data folder", () => {
  const folder = mkdtempSync(join(tmpdir(), "deals-pglite-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it(
    "keeps what was migrated after closing and opening again",
    async () => {
      const first = await openDatabase({ dataDir: join(folder, "pglite") });
      expect(first.engine).toBe("pglite");
      await migrate(first);
      await first.close();

      const again = await openDatabase({ dataDir: join(folder, "pglite") });
      try {
        const applied = await again.db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(applied.rows[0]?.n).toBe(MIGRATION_COUNT);
      } finally {
        await again.close();
      }
    },
    SLOW_ON_PGLITE_MS,
  );
});
