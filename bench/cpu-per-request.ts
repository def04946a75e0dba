/**
 * `npx tsx bench/cpu-per-request.ts TARGET...`: the CPU one request costs the marketplace
 * process, and on PostgreSQL the server's processes serving it too, read from /proc before and
 * after a fixed number of requests, on the benchmark catalogue with the answer cache off. On a
 * shared machine throughput swings with the neighbours' load; the CPU a request costs swings
 * much less (docs/scaling.md).
 *
 * TARGET: listing-api, search-api, listing-page, home, deal-page, each anonymous; add
 * `:signed-in` for a shopper with a session (listing-page:signed-in); or an API path
 * (/v1/locations). BENCH_REQUESTS sets the measured requests per target (400), after a warm-up
 * of half as many, and BENCH_IN_FLIGHT how many are in flight at once (4). BENCH_CPU_PROFILE=DIR
 * writes a V8 CPU profile of the process to DIR when it stops. DATABASE_URL names a PostgreSQL
 * server with the benchmark catalogue; without it the PGlite one is used. The catalogue is used
 * as it is (`npm run bench` builds it), never rebuilt here.
 *
 * BENCH_AGAINST=DIR compares this checkout with another (a `git worktree` of the commit before
 * a change, its node_modules linked to this one's and its storefront built): both serve the
 * same catalogue and take turns, BENCH_ROUNDS (8) batches of BENCH_REQUESTS each, so a busy
 * neighbour slows both alike. It prints each one's CPU per request and their ratio per round;
 * a change of a few per cent shows there and drowns in two runs one after the other.
 */
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import pg from "pg";
import type { RunningServer } from "../scripts/lib/start-server.ts";
import { benchEngines, existingCatalogue } from "./lib/catalogue.ts";
import { LOG_DIR, startMeasuredMarketplace } from "./lib/measured-marketplace.ts";
import { ask, type TargetRequests, targetRequests } from "./lib/targets.ts";

const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const CLOCK_TICKS_PER_SECOND = 100;

/** User and system CPU of a process so far, in milliseconds (/proc/PID/stat fields 14 and 15). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * The CPU so far of the PostgreSQL processes serving the catalogue's database (its
 * connections stay open, so the same ones before and after), or null on PGlite, which is
 * the marketplace process itself.
 */
async function databaseCpuMs(databaseUrl: string | undefined): Promise<number | null> {
  if (!databaseUrl) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows.reduce((sum, row) => sum + cpuMs(row.pid), 0);
  } finally {
    await client.end();
  }
}

/** The marketplace of the checkout at `root`, with a CPU profile when asked for. */
function startMarketplace(root: string, name: string, serverEnv: Record<string, string>) {
  const nodeFlags = profileDir
    ? ["--cpu-prof", "--cpu-prof-interval=4000", `--cpu-prof-dir=${profileDir}`]
    : [];
  return startMeasuredMarketplace({ root, logName: `cpu-per-request-${name}`, serverEnv, nodeFlags });
}

/** The CPU per request `app` spends on `count` of the target's requests. */
async function cpuPerRequest(app: RunningServer, requests: TargetRequests, count: number) {
  const before = cpuMs(app.pid!);
  await ask(app.url, requests, count, IN_FLIGHT);
  return (cpuMs(app.pid!) - before) / count;
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const targets = process.argv.slice(2);
if (targets.length === 0)
  throw new Error("Name at least one target, e.g. listing-page listing-page:signed-in");
const [engine] = benchEngines().slice(-1);
const catalogue = await existingCatalogue(engine!);
const profileDir = process.env.BENCH_CPU_PROFILE;
const against = process.env.BENCH_AGAINST;
await mkdir(LOG_DIR, { recursive: true });
const app = await startMarketplace(".", "this", catalogue.serverEnv);
const other = against ? await startMarketplace(against, "against", catalogue.serverEnv) : null;

try {
  for (const target of targets) {
    const requests = await targetRequests(target, app.url, catalogue.shopperSid);
    if (other) {
      await comparePaired(target, requests);
      continue;
    }
    await ask(app.url, requests, REQUESTS / 2, IN_FLIGHT);
    const databaseBefore = await databaseCpuMs(catalogue.serverEnv.DATABASE_URL);
    const started = performance.now();
    const perRequest = await cpuPerRequest(app, requests, REQUESTS);
    const seconds = (performance.now() - started) / 1000;
    const databaseAfter = await databaseCpuMs(catalogue.serverEnv.DATABASE_URL);
    const database =
      databaseBefore === null || databaseAfter === null
        ? ""
        : `, PostgreSQL ${((databaseAfter - databaseBefore) / REQUESTS).toFixed(2)} ms`;
    console.log(
      `${target}: ${perRequest.toFixed(2)} ms CPU per request over ${REQUESTS} requests${database} ` +
        `(${(REQUESTS / seconds).toFixed(0)} req/s with ${IN_FLIGHT} in flight)`,
    );
  }
} finally {
  await Promise.all([app.stop(), other?.stop()]);
}

/**
 * This checkout against the other, in turns (which goes first alternates), after a warm-up of
 * both. On PostgreSQL the database's CPU is read around each turn too: the other process is
 * idle then, so what the database spent was for this turn's requests.
 */
async function comparePaired(target: string, requests: TargetRequests) {
  const servers = [app, other!];
  const databaseUrl = catalogue.serverEnv.DATABASE_URL;
  for (const server of servers) await ask(server.url, requests, REQUESTS * 2, IN_FLIGHT);
  const rounds: [number, number][] = [];
  const databaseRounds: [number, number][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    const spent = [0, 0];
    const databaseSpent = [0, 0];
    for (const i of order) {
      const before = await databaseCpuMs(databaseUrl);
      spent[i] = await cpuPerRequest(servers[i]!, requests, REQUESTS);
      const after = await databaseCpuMs(databaseUrl);
      if (before !== null && after !== null) databaseSpent[i] = (after - before) / REQUESTS;
    }
    rounds.push([spent[0]!, spent[1]!]);
    databaseRounds.push([databaseSpent[0]!, databaseSpent[1]!]);
  }
  console.log(`${target}: ${pairedLine("this checkout", rounds)}`);
  if (databaseUrl) console.log(`${target}, PostgreSQL: ${pairedLine("its statements", databaseRounds)}`);
}

/** Medians of each side's rounds, and this side's ratio to the other's per round. */
function pairedLine(mine: string, rounds: readonly [number, number][]): string {
  const ratios = rounds.map(([ours, theirs]) => ours / theirs);
  return (
    `${mine} ${median(rounds.map((r) => r[0])).toFixed(2)} ms CPU per request, ` +
    `${against} ${median(rounds.map((r) => r[1])).toFixed(2)} ms (medians of ${ROUNDS} rounds of ${REQUESTS}); ` +
    `this / that per round ${ratios.map((r) => r.toFixed(2)).join(" ")}, median ${median(ratios).toFixed(3)}`
  );
}
