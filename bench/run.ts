/**
 * `npm run bench [suite...]`: the marketplace on a 50,000-deal catalogue against a bare
 * Fastify route answering a fixed JSON of the listing response's size, both as child
 * processes on free ports, loaded by autocannon from this process (design.md "Speed").
 *
 * Every suite runs on PGlite and, when DATABASE_URL names a PostgreSQL server, on PostgreSQL
 * too (BENCH_ENGINES=postgres picks one). The marketplace is started with its response cache
 * for the suites that measure it and without it (RESPONSE_CACHE_TTL_MS=0) for the origin
 * suites. A suite that cannot run (no Chromium for Lighthouse) says why and the rest go on.
 *
 * On PostgreSQL the marketplace serves from one process per core (WEB_CONCURRENCY, which
 * BENCH_PROCESSES overrides), as it would in production; PGlite is one process.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { type RunningServer, startServer } from "../scripts/lib/start-server.ts";
import {
  BENCH_CATALOGUE,
  type BenchCatalogue,
  benchEngines,
  prepareCatalogue,
  SMALL_CATALOGUE,
} from "./lib/catalogue.ts";
import { fetchOnce, LOAD_SETTINGS, loadDescription, measureLoad } from "./lib/load.ts";
import { type Metric, printMetrics } from "./lib/metric.ts";
import { printFlatness, printTable, RESULTS_FILE, writeResults } from "./lib/report.ts";
import { type BenchRow, brandHeaders, row, type ServedCatalogue } from "./lib/suite.ts";
import { METRIC_SUITES, SUITES } from "./suites/index.ts";
import { LISTING_PATH } from "./suites/listing.ts";

const LOG_DIR = "data/bench-logs";
// Request logging off in both servers: the baseline has none, and the table compares handlers.
const SERVER_ENV = { NODE_ENV: "production", LOG_LEVEL: "warn" } as const;
const READY_TIMEOUT_MS = 300_000;
const SERVING_PROCESSES: Record<BenchCatalogue["engine"], number> = {
  pglite: 1,
  postgres: Number(process.env.BENCH_PROCESSES || availableParallelism()),
};

const names = process.argv.slice(2);
const allNames = [...SUITES, ...METRIC_SUITES].map((suite) => suite.name);
const unknown = names.filter((name) => !allNames.includes(name));
if (unknown.length > 0) {
  throw new Error(`Unknown suite ${unknown.join(", ")}; suites: ${allNames.join(", ")}`);
}
const chosen = <T extends { name: string }>(list: readonly T[]) =>
  names.length === 0 ? list : list.filter((suite) => names.includes(suite.name));
const suites = chosen(SUITES);
const metricSuites = chosen(METRIC_SUITES);
const engines = benchEngines();

await mkdir(LOG_DIR, { recursive: true });

// The servers get their own folder or database and no shared services from the caller's environment.
const { DATABASE_URL, REDIS_URL, ...env } = process.env;

const cacheName = (responseCache: boolean) => (responseCache ? "cached" : "origin");

function startMarketplace(catalogue: BenchCatalogue, responseCache: boolean): Promise<RunningServer> {
  const cache = cacheName(responseCache);
  console.log(`Starting the marketplace on ${catalogue.engine}, ${cache}, ${catalogue.deals} deals...`);
  return startServer({
    command: ["npx", "tsx", "apps/api/src/main.ts"],
    env: {
      ...env,
      ...SERVER_ENV,
      ...catalogue.serverEnv,
      ...(responseCache ? {} : { RESPONSE_CACHE_TTL_MS: "0" }),
      WEB_CONCURRENCY: String(SERVING_PROCESSES[catalogue.engine]),
      HOST: "127.0.0.1",
      PORT: "0",
    },
    logFile: join(LOG_DIR, `marketplace-${catalogue.engine}-${cache}-${catalogue.deals}.log`),
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
}

/**
 * The bare route answering exactly the bytes of the listing response, served while an engine's
 * suites run. Measured before them, with and without the cache, and each suite's rows read
 * against the one measured beside them: a shared machine's speed drifts over a run's half hour,
 * and a baseline from its start put the same cached answers at 73 % of it in one run and 116 %
 * in another. The cached answers' suites measure it again beside each of their rows.
 */
async function startBaseline(appUrl: string): Promise<{ server: RunningServer; bytes: number }> {
  const listingBody = await fetchOnce({ url: `${appUrl}${LISTING_PATH}`, headers: brandHeaders("main-uk") });
  const listed = (JSON.parse(listingBody) as { deals: unknown[] }).deals.length;
  if (listed !== 24) throw new Error(`The listing returned ${listed} deals, not 24`);
  const bodyFile = join(LOG_DIR, "baseline-body.json");
  await writeFile(bodyFile, listingBody);
  const server = await startServer({
    command: ["npx", "tsx", "bench/baseline-server.ts"],
    env: { ...env, ...SERVER_ENV, BASELINE_BODY_FILE: bodyFile },
    logFile: join(LOG_DIR, "baseline.log"),
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  return { server, bytes: Buffer.byteLength(listingBody) };
}

/**
 * The origin on the 3,000-deal catalogue, served beside the benchmark's own while the origin
 * suites measure the two in turn; none when the benchmark's own is that size.
 */
async function startSmaller(
  engine: BenchCatalogue["engine"],
): Promise<(ServedCatalogue & { stop(): Promise<void> }) | undefined> {
  if (BENCH_CATALOGUE.deals === SMALL_CATALOGUE.deals) return undefined;
  const catalogue = await prepareCatalogue(engine, console.log, SMALL_CATALOGUE);
  const app = await startMarketplace(catalogue, false);
  return { appUrl: app.url, deals: catalogue.deals, shopperSid: catalogue.shopperSid, stop: app.stop };
}

/** Runs `work`; a suite that throws is reported and skipped, so the others still run. */
async function attempt<T>(name: string, work: () => Promise<T[]>, skipped: object[], where: object) {
  try {
    return await work();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`The ${name} suite could not run: ${reason}`);
    skipped.push({ suite: name, ...where, reason });
    return [];
  }
}

const rows: BenchRow[] = [];
const metrics: Metric[] = [];
const skipped: object[] = [];
const catalogues: Record<string, string> = {};

for (const engine of engines) {
  const catalogue = await prepareCatalogue(engine, console.log);
  catalogues[engine] = catalogue.prepared;
  // Metric suites measure what a browser receives, the same on either engine: the first only.
  const metricsHere = engine === engines[0] ? metricSuites : [];
  for (const responseCache of [true, false]) {
    const here = suites.filter((suite) => suite.responseCache === responseCache);
    const withMetrics = responseCache ? metricsHere : [];
    if (here.length === 0 && withMetrics.length === 0) continue;
    const app = await startMarketplace(catalogue, responseCache);
    const stopping: (() => Promise<void>)[] = [app.stop];
    try {
      const bare = await startBaseline(app.url);
      stopping.push(bare.server.stop);
      const smaller = here.some((suite) => suite.bothSizes) ? await startSmaller(engine) : undefined;
      if (smaller) stopping.push(smaller.stop);
      console.log(`Measuring the baseline (${bare.bytes} bytes of JSON)...`);
      const baselineTarget = { url: `${bare.server.url}/` };
      const baseline = await measureLoad(baselineTarget);
      const label = `bare Fastify route, fixed ${bare.bytes}-byte JSON (before ${engine}, ${cacheName(responseCache)})`;
      rows.push(row("baseline", label, baseline, { baseline }));
      const context = {
        appUrl: app.url,
        deals: catalogue.deals,
        shopperSid: catalogue.shopperSid,
        baseline,
        baselineTarget,
        engine,
        ...(smaller ? { smaller } : {}),
      };
      for (const suite of here) {
        console.log(`Running ${suite.name} on ${engine}...`);
        rows.push(...(await attempt(suite.name, () => suite.run(context), skipped, { engine })));
      }
      for (const suite of withMetrics) {
        console.log(`Running ${suite.name}...`);
        metrics.push(...(await attempt(suite.name, () => suite.run(app.url), skipped, {})));
      }
    } finally {
      await Promise.all(stopping.map((stop) => stop()));
    }
  }
}

console.log(
  `\n${BENCH_CATALOGUE.deals} deals; ${loadDescription()}; ` +
    `${engines.map((engine) => `${engine} ${SERVING_PROCESSES[engine]} process(es)`).join(", ")}\n`,
);
printTable(rows);
printFlatness(rows);
if (metrics.length > 0) {
  console.log("");
  printMetrics(metrics);
}
for (const skip of skipped) console.log(`Not measured: ${JSON.stringify(skip)}`);
await writeResults(
  {
    catalogue: { deals: BENCH_CATALOGUE.deals, smaller: SMALL_CATALOGUE.deals, prepared: catalogues },
    load: LOAD_SETTINGS,
    serverEnv: SERVER_ENV,
    processes: Object.fromEntries(engines.map((engine) => [engine, SERVING_PROCESSES[engine]])),
    metrics,
    skipped,
  },
  rows,
);
console.log(`\nWritten to ${RESULTS_FILE}`);
