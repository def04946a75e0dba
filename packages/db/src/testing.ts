/**
 * Test databases (`@deals/db/testing`): each call gives a fresh, migrated database holding
 * the small seed catalogue (TEST_DEALS deals, TEST_SEED, TEST_NOW), on PGlite by default or
 * on PostgreSQL when DATABASE_URL is set. Building the catalogue once and copying it keeps
 * each call quick: PGlite loads a data folder dumped once per schema and seed version into
 * the machine's temporary folder, so every worker and every later run skips building it;
 * PostgreSQL creates a database from a template database built once per schema and seed
 * version.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, openAsBlob, readdirSync, readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { MIGRATIONS_FOLDER, migrate } from "./migrate.ts";
import { createPglite, type Database, openDatabase, pgliteDatabase } from "./open.ts";
import { reopeningPglite } from "./pglite-traps.ts";
import { seedCatalogue } from "./seed/index.ts";

/**
 * The time limit of a test that migrates or opens a PGlite data folder several times: 15 to 20 s
 * on a quiet 2-core machine, which can pass the 30 s default on a busy or slower one.
 */
export const SLOW_ON_PGLITE_MS = 120_000;

/** The fixed "now" the test catalogue was seeded around: closing dates are relative to it. */
export const TEST_NOW = new Date("2026-06-15T10:00:00Z");
export const TEST_SEED = 1;
export const TEST_DEALS = 400;

const SEED_OPTIONS = { deals: TEST_DEALS, seed: TEST_SEED, now: TEST_NOW };

/** A fresh migrated and seeded database; close it when the test file is done. */
export async function testDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) return scratchPostgres(adminUrl, await postgresTemplate(adminUrl));
  // An engine trap (pglite-traps.ts) opens the template again, as the marketplace opens its data
  // folder again: the read that met it is answered, and the tests after it run on a database
  // that works, without what the file wrote before the trap.
  const template = await pgliteTemplate();
  return pgliteDatabase(await reopeningPglite(() => createPglite({ loadDataDir: template })));
}

/** A fresh database with nothing in it, not even migrations (for migration tests). */
export async function emptyDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) return scratchPostgres(adminUrl, "template0");
  return pgliteDatabase(await createPglite({ loadDataDir: await pgliteEmptyCluster() }));
}

/** The seeded PGlite data folder as a tar (see `dumpedOnce`). */
export function pgliteTemplate(): Promise<Blob> {
  return dumpedOnce("template", async (client) => {
    const database = pgliteDatabase(client);
    await migrate(database);
    await seedCatalogue(database.db, SEED_OPTIONS);
  });
}

/**
 * A new PGlite data folder as a tar, nothing created in it: loading it takes about a second
 * where a new instance's initdb takes five or more, for the tests that need an empty database.
 */
export function pgliteEmptyCluster(): Promise<Blob> {
  return dumpedOnce("empty", async () => {});
}

/** Each kind's dump, once per worker. */
const dumps = new Map<string, Promise<Blob>>();

/**
 * A PGlite data folder as a tar, read from the temporary folder or made there by `build` on a
 * new instance. Workers that find none at the same moment each build one; the rename makes
 * whichever lands last the file, whole, never a half-written one.
 */
function dumpedOnce(kind: string, build: (client: PGlite) => Promise<void>): Promise<Blob> {
  let dump = dumps.get(kind);
  if (!dump) {
    dump = dumpTo(join(tmpdir(), `deals-pglite-${kind}-${fingerprint()}.tar`), build);
    dumps.set(kind, dump);
  }
  return dump;
}

async function dumpTo(file: string, build: (client: PGlite) => Promise<void>): Promise<Blob> {
  if (existsSync(file)) return openAsBlob(file);
  const client = await createPglite();
  try {
    await build(client);
    const dump = await client.dumpDataDir("none");
    const building = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(building, Buffer.from(await dump.arrayBuffer()));
    await rename(building, file);
    return dump;
  } finally {
    await client.close();
  }
}

let postgresTemplatePromise: Promise<string> | undefined;

/**
 * The template database's name carries a fingerprint of the migrations, schema and seed
 * code, so a change builds a new template instead of reusing a stale one. Test workers
 * race to build it: an advisory lock lets one build while the others wait.
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplatePromise ??= (async () => {
    const name = `deals_template_${fingerprint()}`;
    await withAdmin(adminUrl, async (admin) => {
      await admin.query("select pg_advisory_lock(hashtext('deals:test-template'))");
      try {
        const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
        if (found.rowCount) return;
        // Build under another name and rename at the end, so a build that dies half-way
        // never leaves a template that looks finished.
        const building = `${name}_building`;
        await admin.query(`drop database if exists "${building}" with (force)`);
        await admin.query(`create database "${building}" template template0`);
        const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building) });
        try {
          await migrate(database);
          await seedCatalogue(database.db, SEED_OPTIONS);
        } finally {
          await database.close();
        }
        await admin.query(`alter database "${building}" rename to "${name}"`);
      } finally {
        await admin.query("select pg_advisory_unlock(hashtext('deals:test-template'))");
      }
    });
    return name;
  })();
  return postgresTemplatePromise;
}

/** A new database copied from `template`, dropped again when closed. */
async function scratchPostgres(adminUrl: string, template: string): Promise<Database> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database "${name}" template "${template}"`));
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name) });
  return {
    db: database.db,
    engine: database.engine,
    async close() {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** Runs `work` on a connection of its own to `adminUrl` (creating and dropping databases). */
export async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** `adminUrl` with its database name replaced by `name`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function fingerprint(): string {
  const hash = createHash("sha256").update(JSON.stringify(SEED_OPTIONS));
  const sourceFolder = fileURLToPath(new URL(".", import.meta.url));
  const folders = [
    MIGRATIONS_FOLDER,
    join(MIGRATIONS_FOLDER, "meta"),
    join(sourceFolder, "schema"),
    join(sourceFolder, "seed"),
  ];
  // The package's pinned PGlite version too: a data folder one release dumps may not load in another.
  hash.update(readFileSync(join(sourceFolder, "..", "package.json")));
  for (const folder of folders) {
    for (const file of readdirSync(folder)
      .filter((f) => /\.(sql|json|ts)$/.test(f) && !f.endsWith(".test.ts"))
      .sort()) {
      hash.update(file).update(readFileSync(join(folder, file)));
    }
  }
  return hash.digest("hex").slice(0, 12);
}
