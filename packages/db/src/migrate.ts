/**
 * Applies the SQL migrations in packages/db/drizzle (written by `drizzle-kit generate`) from
 * code, for both engines: drizzle-kit's own migrate command cannot drive PGlite.
 */
import { fileURLToPath } from "node:url";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import type { Database } from "./open.ts";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));

export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.engine === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  // Several processes may start on one PostgreSQL at once: a session advisory lock lets one
  // migrate while the others wait, then find nothing left to do. The migrator runs on that
  // same connection so the lock covers all of its statements.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('deals:migrate'))");
    try {
      await migrateNodePg(drizzleNodePg({ client }) as NodePgDatabase, config);
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('deals:migrate'))");
    }
  } finally {
    client.release();
  }
}
