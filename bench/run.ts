/**
 * `npm run bench [suite...]`: the marketplace on a 50,000-deal catalogue against a bare
 * Fastify route answering a fixed JSON of the listing response's size, both as child
 * processes on free ports, loaded by autocannon from this process (design.md "Speed").
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startServer } from "../scripts/lib/start-server.ts";
import { BENCH_CATALOGUE, prepareCatalogue } from "./lib/catalogue.ts";
import { fetchOnce, LOAD_SETTINGS, measureLoad } from "./lib/load.ts";
import { type Metric, printMetrics } from "./lib/metric.ts";
import { printTable, RESULTS_FILE, writeResults } from "./lib/report.ts";
import { type BenchRow, brandHeaders, row } from "./lib/suite.ts";
import { METRIC_SUITES, SUITES } from "./suites/index.ts";
import { LISTING_PATH } from "./suites/listing.ts";

const LOG_DIR = "data/bench-logs";
// Request logging off in both servers: the baseline has none, and the table compares handlers.
const SERVER_ENV = { NODE_ENV: "production", LOG_LEVEL: "warn" } as const;
const READY_TIMEOUT_MS = 300_000;

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

await mkdir(LOG_DIR, { recursive: true });
const catalogue = await prepareCatalogue(console.log);

// Both servers get their own folder and no shared services from the caller's environment.
const { DATABASE_URL, REDIS_URL, ...env } = process.env;
console.log("Starting the marketplace...");
const app = await startServer({
  command: ["npx", "tsx", "apps/api/src/main.ts"],
  env: {
    ...env,
    ...SERVER_ENV,
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: BENCH_CATALOGUE.dataDir,
    SEED_DEALS: String(BENCH_CATALOGUE.deals),
  },
  logFile: join(LOG_DIR, "marketplace.log"),
  readyTimeoutMs: READY_TIMEOUT_MS,
});

try {
  // The baseline answers exactly the bytes of the listing response, measured first.
  const listingBody = await fetchOnce({ url: `${app.url}${LISTING_PATH}`, headers: brandHeaders("main-uk") });
  const listed = (JSON.parse(listingBody) as { deals: unknown[] }).deals.length;
  if (listed !== 24) throw new Error(`The listing returned ${listed} deals, not 24`);
  const bodyFile = join(LOG_DIR, "baseline-body.json");
  await writeFile(bodyFile, listingBody);
  const bodyBytes = Buffer.byteLength(listingBody);

  console.log(`Measuring the baseline (${bodyBytes} bytes of JSON)...`);
  const baselineServer = await startServer({
    command: ["npx", "tsx", "bench/baseline-server.ts"],
    env: { ...env, ...SERVER_ENV, BASELINE_BODY_FILE: bodyFile },
    logFile: join(LOG_DIR, "baseline.log"),
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  const baselineTarget = { url: `${baselineServer.url}/` };
  const baseline = await measureLoad(baselineTarget).finally(() => baselineServer.stop());
  const rows: BenchRow[] = [
    row("baseline", `bare Fastify route, fixed ${bodyBytes}-byte JSON`, baseline, baseline),
  ];

  for (const suite of suites) {
    console.log(`Running ${suite.name}...`);
    rows.push(...(await suite.run({ appUrl: app.url, baseline })));
  }

  console.log(
    `\n${BENCH_CATALOGUE.deals} deals, ${LOAD_SETTINGS.connections} connections, ` +
      `${LOAD_SETTINGS.durationSeconds} s each after a ${LOAD_SETTINGS.warmUpSeconds} s warm-up\n`,
  );
  printTable(rows);
  const metrics: Metric[] = [];
  for (const suite of metricSuites) {
    console.log(`\nRunning ${suite.name}...`);
    metrics.push(...(await suite.run(app.url)));
  }
  if (metrics.length > 0) {
    console.log("");
    printMetrics(metrics);
  }
  await writeResults(
    {
      catalogue: { deals: BENCH_CATALOGUE.deals, prepared: catalogue },
      load: LOAD_SETTINGS,
      serverEnv: SERVER_ENV,
      metrics,
    },
    rows,
  );
  console.log(`\nWritten to ${RESULTS_FILE}`);
} finally {
  await app.stop();
}
