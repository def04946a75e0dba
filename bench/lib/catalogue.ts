/**
 * The benchmark catalogue: 50,000 deals (BENCH_DEALS overrides), in a PGlite data folder and,
 * when DATABASE_URL is set, in a PostgreSQL database of its own on that server. The origin
 * suites also open a catalogue of 3,000 deals, the smallest the latency targets name, to measure
 * the two in turn. Each is built once (a minute or two) and
 * reused while the code that shapes it (schema, migrations, seed) is unchanged and it is less
 * than a day old: its closing dates are spread around the moment it was seeded, so an old
 * copy lists fewer open deals than a fresh one.
 *
 * Every run also signs up one shopper with a session, for the signed-in suites.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Database, migrate, openDatabase, seedCatalogue, sql } from "@deals/db";
import { users } from "@deals/db/schema/accounts";
import { databaseUrl, withAdmin } from "@deals/db/testing";
import { BRANDS } from "@deals/domain/brand";
import { createSessionStore } from "../../apps/api/src/modules/accounts/sessions.ts";

function dealsFromEnv(): number {
  const text = process.env.BENCH_DEALS;
  if (text === undefined || text === "") return 50_000;
  if (!/^\d+$/.test(text) || Number(text) < 100) throw new Error("BENCH_DEALS must be a whole number >= 100");
  return Number(text);
}

/** A catalogue of some size: where its PGlite copy and its PostgreSQL database live. */
export interface CatalogueSize {
  deals: number;
  dataDir: string;
  /** The database on the server DATABASE_URL names. */
  postgresDatabase: string;
}

export function catalogueSize(deals: number): CatalogueSize {
  const name = deals % 1000 === 0 ? `${deals / 1000}k` : String(deals);
  return { deals, dataDir: `data/bench-${name}`, postgresDatabase: `bench_catalogue_${name}` };
}

export const BENCH_CATALOGUE = catalogueSize(dealsFromEnv());

/** The smallest catalogue the latency targets name ("flat from 3,000 to 50,000 deals"). */
export const SMALL_CATALOGUE = catalogueSize(3000);

const SEED = 1;
const markerFile = (size: CatalogueSize) => join(size.dataDir, "catalogue.json");
/**
 * What decides the seeded rows: the seed, the schema and the migrations. Other files of
 * packages/db (how statements are sent, the pool) change often and leave the rows as they are,
 * so they do not make a 50,000-deal catalogue be built again.
 */
const SEED_SOURCES = ["packages/db/src/seed", "packages/db/src/schema", "packages/db/drizzle"];
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
const BRAND = BRANDS["main-uk"];

export type BenchEngine = "pglite" | "postgres";

export interface BenchCatalogue {
  engine: BenchEngine;
  deals: number;
  prepared: "reused" | "built";
  /** What the marketplace's environment needs to open this catalogue. */
  serverEnv: Record<string, string>;
  /** The session cookie value of a signed-in shopper of the main UK site. */
  shopperSid: string;
}

interface Marker {
  deals: number;
  seed: number;
  seedVersion: string;
  builtAt: string;
}

/** A digest of every file that decides what the seeded catalogue holds. */
async function seedVersion(): Promise<string> {
  const hash = createHash("sha256");
  for (const folder of SEED_SOURCES) {
    const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && !entry.name.endsWith(".test.ts"))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(file).update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 16);
}

function matches(marker: Marker | undefined, version: string, deals: number): boolean {
  const fresh = marker !== undefined && Date.now() - Date.parse(marker.builtAt) < MAX_AGE_MS;
  return fresh && marker.seedVersion === version && marker.deals === deals && marker.seed === SEED;
}

const newMarker = (version: string, deals: number): Marker => ({
  deals,
  seed: SEED,
  seedVersion: version,
  builtAt: new Date().toISOString(),
});

async function seed(database: Database, deals: number, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  await migrate(database);
  await seedCatalogue(database.db, { deals, seed: SEED });
  log(`Built in ${Math.round((performance.now() - started) / 1000)} s.`);
}

/** A new active shopper of the main UK site and a remembered session for them. */
async function signUpShopper(database: Database): Promise<string> {
  const now = new Date();
  const email = `bench.${randomBytes(6).toString("hex")}@bench.example.co.uk`;
  const [user] = await database.db
    .insert(users)
    .values({
      brandId: BRAND.id,
      email,
      emailKey: email,
      customerToken: randomBytes(16).toString("hex"),
      status: "active",
      createdAt: now,
      activatedAt: now,
    })
    .returning({ id: users.id });
  const sessions = createSessionStore(database.db, null);
  const { sid } = await sessions.create({ userId: user!.id, brandId: BRAND.id, rememberMe: true, now });
  return sid;
}

async function preparePglite(size: CatalogueSize, log: (line: string) => void): Promise<BenchCatalogue> {
  const { dataDir, deals } = size;
  const version = await seedVersion();
  const marker = existsSync(markerFile(size))
    ? (JSON.parse(await readFile(markerFile(size), "utf8")) as Marker)
    : undefined;
  const reuse = matches(marker, version, deals);
  if (reuse) log(`Reusing the ${deals}-deal PGlite catalogue in ${dataDir} (built ${marker!.builtAt}).`);
  else {
    log(`Building a ${deals}-deal PGlite catalogue in ${dataDir} (once; later runs reuse it)...`);
    await rm(dataDir, { recursive: true, force: true });
  }
  // The same folder layout the server opens: ${DATA_DIR}/pglite.
  const database = await openDatabase({ dataDir: join(dataDir, "pglite") });
  let shopperSid: string;
  try {
    if (!reuse) await seed(database, deals, log);
    shopperSid = await signUpShopper(database);
  } finally {
    await database.close();
  }
  if (!reuse) await writeFile(markerFile(size), `${JSON.stringify(newMarker(version, deals), null, 2)}\n`);
  return {
    engine: "pglite",
    deals,
    prepared: reuse ? "reused" : "built",
    serverEnv: { DATA_DIR: dataDir, SEED_DEALS: String(deals) },
    shopperSid,
  };
}

async function readPostgresMarker(url: string): Promise<Marker | undefined> {
  try {
    return await withAdmin(url, async (client) => {
      const { rows } = await client.query("select marker from bench_catalogue");
      return rows[0]?.marker as Marker | undefined;
    });
  } catch {
    return undefined; // no such database or no marker: build it
  }
}

async function preparePostgres(
  serverUrl: string,
  size: CatalogueSize,
  log: (line: string) => void,
): Promise<BenchCatalogue> {
  const { deals, postgresDatabase } = size;
  const url = databaseUrl(serverUrl, postgresDatabase);
  const version = await seedVersion();
  const marker = await readPostgresMarker(url);
  const reuse = matches(marker, version, deals);
  if (reuse)
    log(`Reusing the ${deals}-deal PostgreSQL catalogue ${postgresDatabase} (built ${marker!.builtAt}).`);
  else {
    log(`Building a ${deals}-deal PostgreSQL catalogue ${postgresDatabase} (once; later runs reuse it)...`);
    await withAdmin(serverUrl, async (client) => {
      await client.query(`drop database if exists "${postgresDatabase}" with (force)`);
      await client.query(`create database "${postgresDatabase}"`);
    });
  }
  const database = await openDatabase({ databaseUrl: url });
  let shopperSid: string;
  try {
    if (!reuse) {
      await seed(database, deals, log);
      await database.db.execute(sql`vacuum analyze`);
      await database.db.execute(sql`create table bench_catalogue (marker jsonb not null)`);
      await database.db.execute(
        sql`insert into bench_catalogue (marker) values (${JSON.stringify(newMarker(version, deals))}::jsonb)`,
      );
    }
    shopperSid = await signUpShopper(database);
  } finally {
    await database.close();
  }
  return {
    engine: "postgres",
    deals,
    prepared: reuse ? "reused" : "built",
    serverEnv: { DATABASE_URL: url, SEED_DEALS: String(deals) },
    shopperSid,
  };
}

/** The engines to measure: PGlite always, PostgreSQL too when DATABASE_URL names a server. */
export function benchEngines(): BenchEngine[] {
  const only = process.env.BENCH_ENGINES?.split(",").filter(Boolean) as BenchEngine[] | undefined;
  const available: BenchEngine[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  return only ? available.filter((engine) => only.includes(engine)) : available;
}

/**
 * The engine's catalogue as it is, however it was built (another checkout's seed may differ),
 * with a new shopper: for measurements that must not rebuild a catalogue others are using.
 */
export async function existingCatalogue(engine: BenchEngine): Promise<BenchCatalogue> {
  const { dataDir, deals, postgresDatabase } = BENCH_CATALOGUE;
  const serverUrl = process.env.DATABASE_URL;
  if (engine === "postgres" && !serverUrl) throw new Error("The PostgreSQL catalogue needs DATABASE_URL");
  const postgresUrl = engine === "postgres" ? databaseUrl(serverUrl!, postgresDatabase) : undefined;
  if (engine === "pglite" && !existsSync(markerFile(BENCH_CATALOGUE)))
    throw new Error(`No catalogue in ${dataDir}`);
  const serverEnv: Record<string, string> = postgresUrl
    ? { DATABASE_URL: postgresUrl, SEED_DEALS: String(deals) }
    : { DATA_DIR: dataDir, SEED_DEALS: String(deals) };
  const database = await openDatabase(
    postgresUrl ? { databaseUrl: postgresUrl } : { dataDir: join(dataDir, "pglite") },
  );
  try {
    const shopperSid = await signUpShopper(database);
    return { engine, deals, prepared: "reused", serverEnv, shopperSid };
  } finally {
    await database.close();
  }
}

/**
 * Builds the engine's catalogue of that size (the benchmark's own unless told) unless a matching
 * one is there, and signs up the run's shopper.
 */
export function prepareCatalogue(
  engine: BenchEngine,
  log: (line: string) => void,
  size: CatalogueSize = BENCH_CATALOGUE,
): Promise<BenchCatalogue> {
  if (engine === "pglite") return preparePglite(size, log);
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("The PostgreSQL catalogue needs DATABASE_URL");
  return preparePostgres(serverUrl, size, log);
}
