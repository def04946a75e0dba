/**
 * Randomised races (docs/reliability.md): 100 races of checkouts fired at once with random
 * timing, basket sizes, stock, daily caps and per-customer limits, the first half against one
 * API server process, the second half spread over two, all on one PostgreSQL. Passes with 0
 * oversold, 0 over a cap or limit, captures equal to paid orders and every refusal a 409 the
 * spec words (apps/api/src/modules/orders/random-races.ts checks each race).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/races.ts [races=100] [seed]
 *
 * Runs on a scratch database copied from the test catalogue and dropped afterwards.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seededRandom } from "../apps/api/src/contract/bad-requests.ts";
import type { TestProduct } from "../apps/api/src/modules/checkout/test-support.ts";
import { randomRaceSpec, runRace, type Send } from "../apps/api/src/modules/orders/random-races.ts";
import { scratchCommerceApp } from "./lib/scratch.ts";
import { type RunningServer, startServer } from "./lib/start-server.ts";

const RACES = Number(process.argv[2] ?? 100);
const SEED = Number(process.argv[3] ?? Date.now() % 100_000);
const { database, t, url } = await scratchCommerceApp();
const products: TestProduct[] = [];
for (let i = 0; i < 5; i++) products.push(await t.freshProduct());

const servers: RunningServer[] = [];
for (let i = 0; i < 2; i++) {
  servers.push(
    await startServer({
      command: [process.execPath, "--import", "tsx", "scripts/lib/fault-server.ts"],
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: "0",
        CLOCK_STARTED_AT: String(Date.now()),
        LOG_LEVEL: "error",
      },
      logFile: join(tmpdir(), `races-api-${i}.log`),
      readyTimeoutMs: 120_000,
    }),
  );
}

/** Checkouts go to the servers in turn. */
function sender(processes: number): Send {
  let turn = 0;
  return async (checkout, key) => {
    const base = servers[turn++ % processes]!.url;
    const response = await fetch(`${base}/v1/checkout/${checkout.token}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        brand: "dealmoor",
        "country-code": "gb",
        origin: base,
        cookie: `sid=${checkout.customer.cookies.sid}`,
        "idempotency-key": key,
      },
      body: JSON.stringify({
        address: { addressLine1: "1 High Street", town: "London", postCode: "SW1A 1AA" },
        payment: {
          method: "credit_card",
          card: { number: "4111111111111111", expiry: "12/30", securityCode: "123" },
        },
      }),
    });
    return { status: response.status, body: await response.text() };
  };
}

const random = seededRandom(SEED);
const started = performance.now();
const totals = { races: 0, checkouts: 0, orders: 0, unitsSold: 0, refused: 0, failedRaces: 0 };
const failures: { race: number; processes: number; spec: unknown; problems: string[] }[] = [];
try {
  for (let race = 0; race < RACES; race++) {
    const processes = race < RACES / 2 ? 1 : 2;
    const spec = randomRaceSpec(random);
    const outcome = await runRace(t, products[race % products.length]!, spec, sender(processes), random);
    totals.races += 1;
    totals.checkouts += outcome.attempts;
    totals.orders += outcome.placed;
    totals.unitsSold += outcome.unitsSold;
    totals.refused += outcome.refused;
    if (outcome.problems.length > 0) {
      totals.failedRaces += 1;
      failures.push({ race, processes, spec, problems: outcome.problems });
    }
  }
} finally {
  for (const server of servers) await server.stop();
}
const report = { seed: SEED, seconds: Math.round((performance.now() - started) / 1000), ...totals, failures };
console.log(JSON.stringify(report, null, 2));
const ok = totals.races === RACES && failures.length === 0;
console.log(ok ? "PASS" : "FAIL");
await t.close();
await database.close();
process.exit(ok ? 0 : 1);
