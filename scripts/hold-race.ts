/**
 * The travel hold race on two server processes sharing one PostgreSQL (design.md "Invariants":
 * two shoppers never hold or buy the same last room, on any number of processes):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/hold-race.ts
 *
 * On a scratch database it creates (and drops after), it leaves 3 rooms on one night of a
 * calendar deal, starts two servers on free ports, and sends 100 shoppers (half to each
 * process, all at once) to hold that night through POST /v1/basket/{token}/stay. Then the
 * holds run out (POST /dev/travel-hold-ends, as 15 minutes passing) and 100 more shoppers race
 * for the rooms they gave back; then those holds run out too and the servers' sweeps give the
 * rooms back. Each round must end with exactly 3 holds and the night at its rooms, never over;
 * the end with the night back at its 3 free rooms (each hold given back once). Exits non-zero
 * otherwise. Takes about a minute (the sweep runs every 30 s).
 */
import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { and, asc, eq, migrate, openDatabase, seedCatalogue, sql } from "@deals/db";
import { deals } from "@deals/db/schema/catalogue";
import { travelCalendarDays, travelDeals, travelHolds } from "@deals/db/schema/travel";
import { BRANDS } from "@deals/domain/brand";
import { addDays, isoDay } from "@deals/domain/travel-stay";
import pg from "pg";
import { startServer } from "./lib/start-server.ts";

const SHOPPERS = 100;
const ROOMS = 12;
const ROOMS_LEFT = 3;
const PROCESSES = 2;
const SEED_DEALS = 300;
const LOG_DIR = "data/bench-logs";
/** Longer than the sweep's 30 s (travel/routes.ts HOLD_SWEEP_INTERVAL_MS), with room to spare. */
const SWEEP_WAIT_MS = 45_000;
const BRAND = BRANDS["main-uk"];
const HEADERS = { "content-type": "application/json", brand: BRAND.key, "country-code": BRAND.countryCode };

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error("Set DATABASE_URL to a PostgreSQL server (a scratch database is created on it).");
  process.exit(1);
}
const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function post(base: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: HEADERS,
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const scratch = `hold_race_${randomBytes(5).toString("hex")}`;
await mkdir(LOG_DIR, { recursive: true });
await admin(`create database "${scratch}"`);
const database = await openDatabase({ databaseUrl: urlOf(scratch) });
const servers: Awaited<ReturnType<typeof startServer>>[] = [];
const failures: string[] = [];
try {
  console.log(`Preparing ${scratch}: migrating and seeding ${SEED_DEALS} deals...`);
  await migrate(database);
  await seedCatalogue(database.db, { deals: SEED_DEALS });
  const [deal] = await database.db
    .select({ id: deals.id })
    .from(deals)
    .innerJoin(travelDeals, eq(travelDeals.dealId, deals.id))
    .where(
      and(
        eq(deals.brandId, BRAND.id),
        eq(deals.productDisplay, "calendar"),
        eq(travelDeals.redeemType, "calendar"),
      ),
    )
    .orderBy(asc(deals.id))
    .limit(1);
  if (!deal) throw new Error("The seed has no calendar deal on the main UK site");
  await database.db
    .update(deals)
    .set({ closingDate: null, soldOut: false, vipExclusive: false, lastChance: false })
    .where(eq(deals.id, deal.id));
  const night = addDays(isoDay(Date.now()), 7);
  await database.db
    .update(travelCalendarDays)
    .set({
      openForSale: true,
      openForArrival: true,
      openForDeparture: true,
      minLengthOfStay: 1,
      roomsTotal: ROOMS,
      roomsTaken: sql`case when ${travelCalendarDays.date} = ${night} then ${ROOMS - ROOMS_LEFT} else 0 end`,
    })
    .where(eq(travelCalendarDays.dealId, deal.id));
  const stay = { dealId: deal.id, checkInDate: night, checkOutDate: addDays(night, 1), guests: 2 };

  const { DATABASE_URL: _admin, REDIS_URL: _redis, ...env } = process.env;
  servers.push(
    ...(await Promise.all(
      Array.from({ length: PROCESSES }, (_, i) =>
        startServer({
          command: ["npx", "tsx", "apps/api/src/main.ts"],
          env: { ...env, LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: "0", DATABASE_URL: urlOf(scratch) },
          logFile: join(LOG_DIR, `hold-race-${i}.log`),
          readyTimeoutMs: 120_000,
        }),
      ),
    )),
  );
  const serverOf = (i: number) => servers[i % PROCESSES]!.url;
  const roomsTaken = async () =>
    (
      await database.db
        .select({ taken: travelCalendarDays.roomsTaken })
        .from(travelCalendarDays)
        .where(and(eq(travelCalendarDays.dealId, deal.id), eq(travelCalendarDays.date, night)))
    )[0]!.taken;
  const liveHolds = async () =>
    (
      await database.db
        .select({ id: travelHolds.id })
        .from(travelHolds)
        .where(and(eq(travelHolds.dealId, deal.id), eq(travelHolds.status, "held")))
    ).length;
  const check = (what: string, actual: number, expected: number) => {
    if (actual !== expected) failures.push(`${what}: ${actual}, expected ${expected}`);
  };

  const race = async (round: number) => {
    const baskets = await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, i) => {
        const created = await post(serverOf(i), "/v1/basket", { products: [] });
        return created.body.id as string;
      }),
    );
    const started = performance.now();
    const answers = await Promise.all(
      baskets.map(async (token, i) => ({
        token,
        i,
        ...(await post(serverOf(i), `/v1/basket/${token}/stay`, stay)),
      })),
    );
    const ms = performance.now() - started;
    const winners = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409 || a.status === 422).length;
    const other = answers.filter((a) => a.status !== 201 && a.status !== 409 && a.status !== 422);
    const byProcess = Array.from(
      { length: PROCESSES },
      (_, p) => winners.filter((w) => w.i % PROCESSES === p).length,
    );
    console.log(
      `round ${round}: ${winners.length} held (${byProcess.join(" + ")} by process), ${refused} refused, ${other.length} other, ${SHOPPERS} shoppers on ${PROCESSES} processes in ${ms.toFixed(0)} ms; night ${await roomsTaken()}/${ROOMS} rooms taken`,
    );
    check(`round ${round} holds`, winners.length, ROOMS_LEFT);
    check(`round ${round} answers other than 201, 409 or 422`, other.length, 0);
    check(`round ${round} live holds`, await liveHolds(), ROOMS_LEFT);
    check(`round ${round} rooms taken`, await roomsTaken(), ROOMS);
    return winners.map((w) => w.token);
  };

  const endHolds = (tokens: string[]) =>
    Promise.all(tokens.map((basketToken, i) => post(serverOf(i), "/dev/travel-hold-ends", { basketToken })));

  const first = await race(1);
  // The holds run out: the next shoppers' holds give their rooms back first, once.
  await endHolds(first);
  const second = await race(2);
  await endHolds(second);
  console.log(`holds run out: waiting for the servers' sweeps (up to ${SWEEP_WAIT_MS / 1000} s)...`);
  const deadline = Date.now() + SWEEP_WAIT_MS;
  while (Date.now() < deadline && (await roomsTaken()) !== ROOMS - ROOMS_LEFT) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(
    `after the sweeps: night ${await roomsTaken()}/${ROOMS} rooms taken, ${await liveHolds()} live holds`,
  );
  check("rooms taken after the holds ran out", await roomsTaken(), ROOMS - ROOMS_LEFT);
  check("live holds after the holds ran out", await liveHolds(), 0);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await database.close();
  await admin(`drop database if exists "${scratch}" with (force)`);
}

if (failures.length > 0) {
  console.error(`Hold race failed:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log(
  `Hold race passed: exactly ${ROOMS_LEFT} holds each round, no night over its rooms, every hold given back once.`,
);
