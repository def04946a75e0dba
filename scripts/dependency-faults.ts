/**
 * Dependency faults (docs/reliability.md): an API server under steady traffic while its own
 * PostgreSQL is stopped and started again, then its own Redis, then while the payment gateway
 * takes shoppers' money and times out or fails (the sandbox's fault cards). A private
 * PostgreSQL (initdb into a temporary folder) and a private redis-server run on free ports, so
 * the shared ones are never disturbed. Passes when, in every phase, no answer is a 500, every
 * failure is a 503 in the error shape with services.md §8's "try again later" message,
 * /healthz names the dependency that is down and fails while it is, the API recovers by itself
 * once the dependency is back, and the gateway's failures lose nothing: each shopper's retry
 * with the same idempotency key gets the paid order, charged once, and afterwards every
 * captured payment has its paid order, none is pending, stock and vouchers match.
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
import { startCommerceApp } from "../apps/api/src/modules/checkout/test-support.ts";
import { SANDBOX_FAULT_CARDS } from "../apps/api/src/modules/payments/sandbox-faults.ts";
import { ledgerProblems, readLedger } from "./lib/ledger.ts";

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const OUTAGE_MS = 6_000;
/** Pay calls the gateway fails, for each of its two faults that take the money. */
const GATEWAY_FAULT_CHECKOUTS = 4;
const TRY_AGAIN = "An error occurred. Please try again later.";
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
    // A timing-out gateway answers nothing for this long (services.md §9's 2,500 ms by default).
    SANDBOX_PAYMENT_TIMEOUT_MS: "1000",
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
/** Traffic for `ms` or until `work` ends: listings and the readiness check, every answer judged. */
async function phase(
  label: string,
  during: number | Promise<unknown>,
  expectDown: "database" | "redis" | null,
) {
  const statuses: Record<string, number> = {};
  const health: Record<string, number> = {};
  let done = false;
  if (typeof during === "number") setTimeout(() => (done = true), during);
  else
    void during.then(
      () => (done = true),
      () => (done = true),
    );
  while (!done) {
    const [listing, ready] = await Promise.all([call("/v1/locations"), call("/healthz")]);
    statuses[listing.status] = (statuses[listing.status] ?? 0) + 1;
    health[ready.code ?? ready.status] = (health[ready.code ?? ready.status] ?? 0) + 1;
    if (listing.status === 0 || (listing.status >= 500 && listing.status !== 503))
      problems.push(`${label}: /v1/locations answered ${listing.status}`);
    if (listing.status === 503 && listing.message !== TRY_AGAIN) {
      problems.push(`${label}: 503 with "${listing.message}"`);
    }
    if (expectDown === "database" && ready.code !== "DATABASE_UNAVAILABLE")
      problems.push(`${label}: /healthz said ${ready.code ?? ready.status}`);
    if (expectDown === "redis" && ready.code !== "REDIS_UNAVAILABLE")
      problems.push(`${label}: /healthz said ${ready.code ?? ready.status}`);
    if (expectDown === null && ready.status !== 200)
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

/**
 * Card checkouts whose gateway takes the money and then times out or fails: each pay call must
 * be a 503 with the try-again message, and its retry with the same key the paid order. Then a
 * plain card checkout, and the ledger: nothing lost, nothing charged twice.
 */
interface PayAnswer {
  id?: string;
  status?: string;
  error?: { message?: string };
}
async function gatewayFaults(): Promise<Record<string, unknown>> {
  const shop = await startCommerceApp({ database });
  try {
    const product = await shop.freshProduct({ left: 100, purchaseCap: 100 });
    const boughtBefore = product.totalBought;
    const shopper = await shop.createCustomer();
    const post = async (path: string, body: unknown, key?: string) => {
      const response = await fetch(`${base}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          brand: "dealmoor",
          "country-code": "gb",
          origin: base,
          cookie: `sid=${shopper.cookies.sid}`,
          ...(key ? { "idempotency-key": key } : {}),
        },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        headers: response.headers,
        json: (await response.json()) as PayAnswer,
      };
    };
    const checkout = async (card: string, n: number) => {
      const basket = await post("/v1/basket", {
        products: [{ dealId: product.dealId, productId: product.productId, quantity: 1 }],
      });
      if (basket.status !== 201) throw new Error(`basket answered ${basket.status}`);
      const key = `gateway-${n}-${Date.now()}`;
      const body = {
        address: { postCode: "SW1A 1AA" },
        payment: {
          method: "credit_card",
          instrumentType: "NEW",
          card: { number: card, expiry: "12/30", securityCode: "123" },
        },
      };
      return { pay: () => post(`/v1/checkout/${basket.json.id}`, body, key) };
    };
    const answers: Record<string, number> = {};
    const count = (label: string) => (answers[label] = (answers[label] ?? 0) + 1);
    const cards = [SANDBOX_FAULT_CARDS.timeout, SANDBOX_FAULT_CARDS.failAfterCapture];
    for (let n = 0; n < GATEWAY_FAULT_CHECKOUTS * cards.length; n++) {
      const card = cards[n % cards.length]!;
      const { pay } = await checkout(card, n);
      const failed = await pay();
      count(`first ${failed.status}`);
      if (
        failed.status !== 503 ||
        failed.json.error?.message !== TRY_AGAIN ||
        failed.headers.get("retry-after") !== "1"
      )
        problems.push(`gateway fault (${card}): answered ${failed.status} ${JSON.stringify(failed.json)}`);
      const retried = await pay();
      count(`retry ${retried.status}`);
      if (retried.status >= 300 || retried.json.status !== "paid")
        problems.push(
          `gateway fault (${card}): the retry answered ${retried.status} ${JSON.stringify(retried.json)}`,
        );
    }
    const plain = await (await checkout("4111111111111111", -1)).pay();
    count(`afterwards ${plain.status}`);
    if (plain.status !== 201) problems.push(`after the gateway faults: a checkout answered ${plain.status}`);
    const ledger = await readLedger(database, [shopper.id], { productId: product.productId, boughtBefore });
    problems.push(...ledgerProblems(ledger).map((problem) => `after the gateway faults: ${problem}`));
    return { payCalls: answers, ...ledger };
  } finally {
    await shop.close();
  }
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
  const gateway = gatewayFaults();
  await phase("payment gateway failing after taking the money", gateway, null);
  phases.push({ label: "after the gateway faults: pay calls and the ledger", ...(await gateway) });
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
