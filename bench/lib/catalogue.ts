/**
 * The benchmark catalogue: 50,000 deals in a PGlite data folder, built once (about a minute)
 * and reused while the code that shapes it (schema, migrations, seed) is unchanged and it is
 * less than a day old: its closing dates are spread around the moment it was seeded, so an
 * old copy lists fewer open deals than a fresh one.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { migrate, openDatabase, seedCatalogue } from "@deals/db";

export const BENCH_CATALOGUE = { dataDir: "data/bench-50k", deals: 50_000, seed: 1 } as const;

const MARKER_FILE = join(BENCH_CATALOGUE.dataDir, "catalogue.json");
const SEED_SOURCES = ["packages/db/src", "packages/db/drizzle"];
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

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

async function readMarker(): Promise<Marker | undefined> {
  if (!existsSync(MARKER_FILE)) return undefined;
  return JSON.parse(await readFile(MARKER_FILE, "utf8")) as Marker;
}

/** Builds the catalogue unless a matching one is already there; says which it did. */
export async function prepareCatalogue(log: (line: string) => void): Promise<"reused" | "built"> {
  const { dataDir, deals, seed } = BENCH_CATALOGUE;
  const version = await seedVersion();
  const marker = await readMarker();
  const fresh = marker !== undefined && Date.now() - Date.parse(marker.builtAt) < MAX_AGE_MS;
  if (fresh && marker.seedVersion === version && marker.deals === deals && marker.seed === seed) {
    log(`Reusing the ${deals}-deal catalogue in ${dataDir} (built ${marker.builtAt}).`);
    return "reused";
  }

  log(`Building a ${deals}-deal catalogue in ${dataDir} (once; later runs reuse it)...`);
  await rm(dataDir, { recursive: true, force: true });
  const started = performance.now();
  // The same folder layout the server opens: ${DATA_DIR}/pglite.
  const database = await openDatabase({ dataDir: join(dataDir, "pglite") });
  try {
    await migrate(database);
    await seedCatalogue(database.db, { deals, seed });
  } finally {
    await database.close();
  }
  const builtMarker: Marker = { deals, seed, seedVersion: version, builtAt: new Date().toISOString() };
  await writeFile(MARKER_FILE, `${JSON.stringify(builtMarker, null, 2)}\n`);
  log(`Built in ${Math.round((performance.now() - started) / 1000)} s.`);
  return "built";
}
