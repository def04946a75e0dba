/**
 * The one place that opens a database (design.md "packages/db"): PGlite on a data folder by
 * default, PostgreSQL through a `pg` pool when DATABASE_URL is set. Both speak the same SQL
 * and run the same migrations; callers see only `database.engine`.
 */
import { mkdirSync } from "node:fs";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Assume, ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { failOnTrap, reopeningPglite } from "./pglite-traps.ts";
import { Pool } from "./pool.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Engine = "pglite" | "postgres";

/**
 * Raw `db.execute(sql...)` results as both engines return them: `{ rows }`. Counts come back
 * as numbers from PGlite and strings from PostgreSQL, so cast them in SQL (`count(*)::int`).
 */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<Assume<this["row"], Record<string, unknown>>>;
}
export interface QueryRows<Row> {
  rows: Row[];
}

/** The Drizzle database typed with the whole schema, the same type for both engines. */
export type Db = PgDatabase<DbQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => ...)`; use it, never `db`, inside. */
export type DbTransaction = PgTransaction<DbQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PGlite data folder (created if missing); `memory://` keeps it in memory. */
  dataDir?: string;
  /** A PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string;
}

const DEFAULT_POOL_SIZE = 10;
/**
 * One per process: a process's statements then reach PostgreSQL as one stream, which measured
 * best in the flash sale (two and three each cost PostgreSQL more CPU per order). More helps
 * only when a statement waits on a lock and holds up those written after it.
 */
const DEFAULT_PIPELINES = 1;

/**
 * Opens PostgreSQL when a database URL is given (or DATABASE_URL is set and no dataDir is
 * passed), else PGlite on `dataDir` or `${DATA_DIR ?? "./data"}/pglite`.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const databaseUrl = options.databaseUrl ?? (options.dataDir ? undefined : process.env.DATABASE_URL);
  if (databaseUrl) return openPostgres(databaseUrl);
  const dataDir = options.dataDir ?? `${process.env.DATA_DIR ?? "./data"}/pglite`;
  const inMemory = dataDir.includes("://");
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // A folder can be opened again after an engine trap; memory cannot (pglite-traps.ts).
  const client = inMemory
    ? await createPglite({ dataDir })
    : await reopeningPglite(() => createPglite({ dataDir }));
  return pgliteDatabase(client);
}

/**
 * A PGlite with the extensions the migrations create (a data folder, a dump, or in memory),
 * whose calls fail on an engine trap rather than leave the process stalled (pglite-traps.ts).
 */
export async function createPglite(
  options: Pick<PGliteOptions, "dataDir" | "loadDataDir"> = {},
): Promise<PGlite> {
  return failOnTrap(await PGlite.create({ ...options, extensions: { btree_gin, pg_trgm } }));
}

/** Wraps an open PGlite instance; closing the Database closes the instance. */
export function pgliteDatabase(client: PGlite): Database {
  // Drizzle types each driver's raw results separately; both have the `rows` Db promises.
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, engine: "pglite", close: () => client.close() };
}

function openPostgres(connectionString: string): Database {
  const max = countFromEnv("DB_POOL_SIZE", DEFAULT_POOL_SIZE, 1);
  // 0 sends prepared statements through the pool like any other statement.
  const pipelines = countFromEnv("DB_PIPELINES", DEFAULT_PIPELINES, 0);
  // Connections stay open once made (min = max): closing idle ones meant an idle timer set and
  // cleared around every query, and a busy moment after a quiet one opening connections and
  // preparing statements again.
  const pool = new Pool({ connectionString, max, min: max, pipelines });
  // An idle client losing its connection (a server restart) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", (error) => console.error(`database pool: ${error.message}`));
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return { db, engine: "postgres", close: () => pool.end() };
}

/** A count from the environment, `fallback` when unset. */
function countFromEnv(name: string, fallback: number, least: number): number {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < least) {
    throw new Error(`${name} must be a whole number of at least ${least}, got "${value}".`);
  }
  return count;
}
