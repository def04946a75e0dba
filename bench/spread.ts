/**
 * `npx tsx bench/spread.ts`: how far apart two marketplaces serving the same catalogue measure,
 * loaded in turn exactly as the origin suites load the 3,000- and 50,000-deal catalogues
 * (`measureInTurn`). The difference between two sizes means something only beyond this spread
 * (docs/scaling.md "Two marketplaces on one catalogue"). It measures the page targets of
 * `pages-origin`, anonymous and signed in, with the cache off. On PostgreSQL (`DATABASE_URL`)
 * both serve the benchmark's database, from one process per core each; on PGlite the second
 * serves a copy of the data folder, made afresh for the run. The catalogue is used as it is
 * (`npm run bench` builds it).
 */
import { cp, rm } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { type RunningServer, startServer } from "../scripts/lib/start-server.ts";
import { benchEngines, existingCatalogue } from "./lib/catalogue.ts";
import { measureInTurn } from "./lib/load.ts";
import { LOG_DIR } from "./lib/measured-marketplace.ts";
import { printLatencyChanges } from "./lib/report.ts";
import { signedIn } from "./lib/suite.ts";
import { pageTargets } from "./suites/origin.ts";

const [engine] = benchEngines().slice(-1);
const catalogue = await existingCatalogue(engine!);
const { DATABASE_URL, REDIS_URL, ...env } = process.env;

function startMarketplace(name: string, serverEnv: Record<string, string>): Promise<RunningServer> {
  return startServer({
    command: ["npx", "tsx", "apps/api/src/main.ts"],
    env: {
      ...env,
      ...serverEnv,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      RESPONSE_CACHE_TTL_MS: "0",
      WEB_CONCURRENCY: String(engine === "postgres" ? availableParallelism() : 1),
      HOST: "127.0.0.1",
      PORT: "0",
    },
    logFile: join(LOG_DIR, `spread-${name}.log`),
    readyTimeoutMs: 300_000,
  });
}

// One PGlite data folder opens in one process only.
const copyDir = catalogue.serverEnv.DATA_DIR && `${catalogue.serverEnv.DATA_DIR}-copy`;
if (copyDir) {
  await rm(copyDir, { recursive: true, force: true });
  await cp(catalogue.serverEnv.DATA_DIR!, copyDir, { recursive: true });
}
const servers = [
  await startMarketplace("first", catalogue.serverEnv),
  await startMarketplace(
    "second",
    copyDir ? { ...catalogue.serverEnv, DATA_DIR: copyDir } : catalogue.serverEnv,
  ),
];

try {
  const first = { appUrl: servers[0]!.url, deals: catalogue.deals, shopperSid: catalogue.shopperSid };
  const pairs = [];
  for (const [target, pathsOf] of await pageTargets(first.appUrl)) {
    const paths = await pathsOf(first);
    for (const who of ["anonymous", "signed in"] as const) {
      const headers = { accept: "text/html" };
      const asked = who === "anonymous" ? headers : signedIn(headers, catalogue.shopperSid);
      const { results } = await measureInTurn(
        servers.map((server) => ({ url: server.url, headers: asked, paths })),
      );
      const [from, to] = results;
      const failed = from!.failed + to!.failed;
      if (failed > 0) console.warn(`${target}, ${who}: ${failed} requests failed`);
      pairs.push({ target: `${target}, ${who}`, engine: engine!, from: from!, to: to! });
    }
  }
  printLatencyChanges(
    `Two marketplaces on one ${catalogue.deals}-deal catalogue, measured in turn, the first to the second`,
    pairs,
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  if (copyDir) await rm(copyDir, { recursive: true, force: true });
}
