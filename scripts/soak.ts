/**
 * Soak (docs/reliability.md): mixed traffic at a steady rate on two API server processes on one
 * PostgreSQL: browsing listings and deal pages, search, guest baskets, signed-in checkouts
 * paid by card, and sign-ups with sign-ins. Passes with 0 errors (every answer the one the
 * step expects) and memory flat: each process's resident memory over the last minute within
 * 10 % of the minute after warm-up. Prints p50, p99 and the memory figures.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/soak.ts [seconds=600] [steps per second=20] [warm-up seconds=60] [processes=2]
 *
 * A run shorter than five minutes (`npm test` runs 25 s on one process) checks the errors only:
 * memory just after start is still settling, so only a longer run judges its growth.
 *
 * Runs on a scratch database copied from the test catalogue and dropped afterwards.
 */
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { TestCustomer, TestProduct } from "../apps/api/src/modules/checkout/test-support.ts";
import { scratchCommerceApp } from "./lib/scratch.ts";
import { type RunningServer, startServer } from "./lib/start-server.ts";

const SECONDS = Number(process.argv[2] ?? 600);
const RATE = Number(process.argv[3] ?? 20);
const WARM_UP = Number(process.argv[4] ?? Math.min(60, SECONDS / 5));
const PROCESSES = Number(process.argv[5] ?? 2);
const JUDGE_MEMORY = SECONDS >= 300;
/** Memory is compared over windows this long: just after warm-up, and at the end. */
const WINDOW = Math.min(60, (SECONDS - WARM_UP) / 3);
const { database, t, url } = await scratchCommerceApp();
const products: TestProduct[] = [];
for (let i = 0; i < 4; i++) products.push(await t.freshProduct({ left: 1_000_000, purchaseCap: 10 }));
const customers: TestCustomer[] = [];
for (let i = 0; i < 40; i++) customers.push(await t.createCustomer());

const servers: RunningServer[] = [];
for (let i = 0; i < PROCESSES; i++) {
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
      logFile: join(tmpdir(), `soak-api-${i}.log`),
      readyTimeoutMs: 120_000,
    }),
  );
}

const latencies: number[] = [];
const errors: string[] = [];
const byStep: Record<string, number> = {};
let turn = 0;

/** One request to the next server in turn; an answer other than `expected` is an error. */
async function call(
  method: string,
  path: string,
  expected: number,
  options: { body?: unknown; cookie?: string; key?: string } = {},
): Promise<{ json: Record<string, unknown>; headers: Headers }> {
  const base = servers[turn++ % servers.length]!.url;
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        brand: "dealmoor",
        "country-code": "gb",
        origin: base,
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.key ? { "idempotency-key": options.key } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    latencies.push(performance.now() - started);
    if (response.status !== expected)
      errors.push(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    return { json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
  } catch (error) {
    errors.push(`${method} ${path}: ${(error as Error).message}`);
    return { json: {}, headers: new Headers() };
  }
}

const { locations } = (await call("GET", "/v1/locations", 200)).json as {
  locations: { shortName: string }[];
};
const location = locations[0]!.shortName;
const listed = (await call("GET", `/v1/deals/${location}?pageSize=24`, 200)).json as {
  deals: { id: number; title?: string }[];
};
const dealIds = listed.deals.map((d) => d.id);
const WORDS = ["spa", "dinner", "hotel", "massage", "afternoon tea", "golf", "cinema", "sapa", "hotle"];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const CARD = { number: "4111111111111111", expiry: "12/30", securityCode: "123" };
const ADDRESS = { addressLine1: "1 High Street", town: "London", postCode: "SW1A 1AA" };
let signUps = 0;

const idle = [...customers];
async function checkout(customer: TestCustomer): Promise<void> {
  const cookie = `sid=${customer.cookies.sid}`;
  const product = pick(products);
  const basket = await call("POST", "/v1/basket", 201, {
    cookie,
    body: { products: [{ dealId: product.dealId, productId: product.productId, quantity: 1 }] },
  });
  if (!basket.json.id) return;
  await call("POST", `/v1/checkout/${basket.json.id}`, 201, {
    cookie,
    key: `soak-${Date.now()}-${Math.random()}`,
    body: { address: ADDRESS, payment: { method: "credit_card", card: CARD } },
  });
}

const STEPS: [string, number, () => Promise<void>][] = [
  [
    "browse",
    40,
    async () => {
      await call("GET", `/v1/deals/${location}?page=${Math.floor(Math.random() * 3)}`, 200);
      await call("GET", `/v1/deal/${pick(dealIds)}`, 200);
    },
  ],
  [
    "search",
    25,
    async () => void (await call("GET", `/v1/search?q=${encodeURIComponent(pick(WORDS))}`, 200)),
  ],
  [
    "basket",
    20,
    async () => {
      const product = pick(products);
      const basket = await call("POST", "/v1/basket", 201, {
        body: { products: [{ dealId: product.dealId, productId: product.productId, quantity: 1 }] },
      });
      if (basket.json.id) await call("GET", `/v1/checkout/${basket.json.id}`, 200);
    },
  ],
  [
    "checkout",
    10,
    async () => {
      // A customer has one basket: two of their checkouts at once would pay one basket twice.
      const customer = idle.pop();
      if (!customer) return;
      try {
        await checkout(customer);
      } finally {
        idle.push(customer);
      }
    },
  ],
  [
    "sign-in",
    5,
    async () => {
      const email = `soak.${process.pid}.${signUps++}@mail.example.co.uk`;
      const password = "soak-pass-1234";
      const registered = await call("POST", "/v1/register", 201, {
        body: { email, password, confirmPassword: password, firstName: "Sam", lastName: "Soak" },
      });
      const sid = registered.headers.getSetCookie().find((c) => c.startsWith("sid="));
      if (sid) await call("PUT", "/v1/logout", 204, { cookie: sid.split(";")[0] });
      await call("POST", "/v1/login", 200, { body: { username: email, password } });
    },
  ],
];
const WEIGHT = STEPS.reduce((sum, [, weight]) => sum + weight, 0);
function nextStep(): [string, () => Promise<void>] {
  let roll = Math.random() * WEIGHT;
  for (const [stepName, weight, run] of STEPS) {
    if (roll < weight) return [stepName, run];
    roll -= weight;
  }
  return [STEPS[0]![0], STEPS[0]![2]];
}

/** Resident memory of each server process, sampled every 5 s: [seconds since start, MB...]. */
const memory: number[][] = [];
const rssMb = (pid: number | undefined) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
};

const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
const inFlight = new Set<Promise<void>>();
let launched = 0;
let nextSample = 0;
while (elapsed() < SECONDS) {
  // Open loop: steps start on schedule whatever the answers' speed, as real shoppers arrive.
  const due = Math.floor(elapsed() * RATE);
  while (launched < due) {
    launched += 1;
    const [stepName, run] = nextStep();
    byStep[stepName] = (byStep[stepName] ?? 0) + 1;
    const step = run().finally(() => inFlight.delete(step));
    inFlight.add(step);
  }
  if (elapsed() >= nextSample) {
    memory.push([Math.round(elapsed()), ...servers.map((s) => rssMb(s.pid))]);
    nextSample += 5;
  }
  await sleep(5);
}
await Promise.all(inFlight);
const finalMemory = servers.map((s) => rssMb(s.pid));
for (const server of servers) await server.stop();

const sorted = [...latencies].sort((a, b) => a - b);
const percentile = (p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const during = (from: number, to: number, i: number) =>
  mean(memory.filter(([at]) => at! >= from && at! < to).map((sample) => sample[i + 1]!));
const processes = servers.map((_, i) => {
  const afterWarmUp = during(WARM_UP, WARM_UP + WINDOW, i);
  const atEnd = during(SECONDS - WINDOW, SECONDS + 1, i);
  return {
    afterWarmUpMb: Math.round(afterWarmUp),
    atEndMb: Math.round(atEnd),
    finalMb: Math.round(finalMemory[i]!),
    growthPercent: Math.round(((atEnd - afterWarmUp) / afterWarmUp) * 1000) / 10,
  };
});
const report = {
  seconds: SECONDS,
  stepsPerSecond: RATE,
  warmUpSeconds: WARM_UP,
  steps: byStep,
  requests: latencies.length + errors.filter((e) => !/: \d{3} /.test(e)).length,
  errors: errors.length,
  firstErrors: errors.slice(0, 5),
  latencyMs: { p50: percentile(0.5), p99: percentile(0.99), max: Math.round(sorted.at(-1) ?? 0) },
  memory: processes,
  memoryJudged: JUDGE_MEMORY,
};
console.log(JSON.stringify(report, null, 2));
const ok = errors.length === 0 && (!JUDGE_MEMORY || processes.every((p) => p.growthPercent <= 10));
console.log(ok ? "PASS" : "FAIL");
await t.close();
await database.close();
process.exit(ok ? 0 : 1);
