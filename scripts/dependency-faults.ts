/**
 * Dependency faults (docs/reliability.md): an API server under steady traffic while its own
 * PostgreSQL is stopped and started again, then its own Redis. A private PostgreSQL (initdb
 * into a temporary folder) and a private redis-server run on free ports, so the shared ones
 * are never disturbed. Passes when, in every phase, no answer is a 500, every failure is a
 * 503 in the error shape with services.md §8's "try again later" message, /healthz names the
 * dependency that is down and fails while it is, and the API recovers by itself once the
 * dependency is back.
 *
 *   npx tsx scripts/dependency-faults.ts        (needs /usr/lib/postgresql/15/bin and redis-server)
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "@deals/db";
import { databaseUrl, testDatabase } from "@deals/db/testing";

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const OUTAGE_MS = 6_000;
const RECOVERY_LIMIT_MS = 20_000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

// PostgreSQL refuses to run as root: the private cluster belongs to the postgres user.
const asPostgres = (command: string, args: string[]) =>
  process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
function pg(tool: string, args: string[]): void {
  const [command, argv] = asPostgres(join(PG_BIN, tool), args) as [string, string[]];
  execFileSync(command, argv, { stdio: "ignore" });
}

const dir = mkdtempSync(join(tmpdir(), "fault-pg-"));
if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), 0);
const pgPort = await freePort();
const redisPort = await freePort();
const apiPort = await freePort();
pg("initdb", ["-D", join(dir, "data"), "--auth=trust", "-U", "postgres"]);
const startPostgres = () =>
  pg("pg_ctl", [
    "-D",
    join(dir, "data"),
    "-o",
    `-p ${pgPort} -k ${dir}`,
    "-l",
    join(dir, "log"),
    "-w",
    "start",
  ]);
const stopPostgres = () => pg("pg_ctl", ["-D", join(dir, "data"), "-m", "fast", "-w", "stop"]);
startPostgres();

let redis: ChildProcess | undefined;
const startRedis = async () => {
  redis = spawn("redis-server", ["--port", String(redisPort), "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  await sleep(300);
};
const stopRedis = async () => {
  redis?.kill("SIGKILL");
  await sleep(200);
};
await startRedis();

const adminUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
process.env.DATABASE_URL = adminUrl;
const database = await testDatabase();
const [{ name }] = (await database.db.execute(sql`select current_database() as name`)).rows as [
  { name: string },
];

const api = spawn(process.execPath, ["--import", "tsx", "scripts/lib/fault-server.ts"], {
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl(adminUrl, name),
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    PORT: String(apiPort),
    LOG_LEVEL: "fatal",
  },
  detached: true,
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise<void>((resolve) =>
  api.stdout!.on("data", (c: Buffer) => c.toString().includes("ready at") && resolve()),
);
const base = `http://127.0.0.1:${apiPort}`;

interface Seen {
  status: number;
  code?: string;
  message?: string;
}
async function call(path: string): Promise<Seen> {
  try {
    const response = await fetch(`${base}${path}`, { headers: { brand: "dealmoor", "country-code": "gb" } });
    const body = (await response.json()) as { error?: { code: string; message: string } };
    return { status: response.status, ...(body.error ?? {}) };
  } catch {
    return { status: 0 };
  }
}

const problems: string[] = [];
const phases: Record<string, unknown>[] = [];
/** Traffic for `ms`: listings and the readiness check, every answer judged. */
async function phase(label: string, ms: number, expectDown: "database" | "redis" | null) {
  const statuses: Record<string, number> = {};
  const health: Record<string, number> = {};
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const [listing, ready] = await Promise.all([call("/v1/locations"), call("/healthz")]);
    statuses[listing.status] = (statuses[listing.status] ?? 0) + 1;
    health[ready.code ?? ready.status] = (health[ready.code ?? ready.status] ?? 0) + 1;
    if (listing.status === 0 || (listing.status >= 500 && listing.status !== 503))
      problems.push(`${label}: /v1/locations answered ${listing.status}`);
    if (listing.status === 503 && listing.message !== "An error occurred. Please try again later.") {
      problems.push(`${label}: 503 with "${listing.message}"`);
    }
    if (expectDown === "database" && ready.code !== "DATABASE_UNAVAILABLE")
      problems.push(`${label}: /healthz said ${ready.code ?? ready.status}`);
    if (expectDown === "redis" && ready.code !== "REDIS_UNAVAILABLE")
      problems.push(`${label}: /healthz said ${ready.code ?? ready.status}`);
    await sleep(100);
  }
  phases.push({ label, listing: statuses, healthz: health });
}
/** How long until the API serves again by itself. */
async function recovery(label: string) {
  const started = Date.now();
  while (Date.now() - started < RECOVERY_LIMIT_MS) {
    const [listing, ready] = await Promise.all([call("/v1/locations"), call("/healthz")]);
    if (listing.status === 200 && ready.status === 200) {
      phases.push({ label, recoveredInMs: Date.now() - started });
      return;
    }
    await sleep(100);
  }
  problems.push(`${label}: not recovered within ${RECOVERY_LIMIT_MS} ms`);
}

try {
  await phase("healthy", 3_000, null);
  stopPostgres();
  await phase("PostgreSQL stopped", OUTAGE_MS, "database");
  startPostgres();
  await recovery("PostgreSQL started again");
  await phase("after PostgreSQL", 2_000, null);
  await stopRedis();
  await phase("Redis stopped", OUTAGE_MS, "redis");
  await startRedis();
  await recovery("Redis started again");
  await phase("after Redis", 2_000, null);
} finally {
  if (api.pid !== undefined) process.kill(-api.pid, "SIGKILL");
  await stopRedis();
  await database.close().catch(() => undefined);
  stopPostgres();
  rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify(phases, null, 2));
console.log(`${problems.length} problems`);
for (const problem of [...new Set(problems)].slice(0, 20)) console.log(`  ${problem}`);
process.exit(problems.length === 0 ? 0 : 1);
