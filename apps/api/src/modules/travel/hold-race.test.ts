/**
 * 100 shoppers race for the last 3 rooms of one night, on PostgreSQL (PGlite has one
 * connection and cannot race): exactly 3 holds, no night over its rooms, and the rooms free
 * again once the holds run out (an injected clock).
 */
import { and, eq } from "@deals/db";
import { travelHolds } from "@deals/db/schema/travel";
import { TEST_NOW } from "@deals/db/testing";
import { addDays, TRAVEL_HOLD_MINUTES } from "@deals/domain/travel-stay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommerceTestApp, startCommerceApp } from "../checkout/test-support.ts";
import { releaseExpiredHolds } from "./holds.ts";
import { calendarDeal, emptyBasket, holdStay, nightOf, setNight } from "./test-support.ts";

const SHOPPERS = 100;
const ROOMS_LEFT = 3;

describe.runIf(process.env.DATABASE_URL)("the last rooms of a night, on PostgreSQL", () => {
  let t: CommerceTestApp;
  beforeAll(async () => {
    t = await startCommerceApp();
  });
  afterAll(() => t.close());

  it(`${SHOPPERS} shoppers, ${ROOMS_LEFT} rooms: exactly ${ROOMS_LEFT} holds, then free again after expiry`, async () => {
    const { dealId } = await calendarDeal(t, { used: new Set(), rooms: 12 });
    const night = addDays(TEST_NOW.toISOString().slice(0, 10), 7);
    await setNight(t, dealId, night, { roomsTaken: 12 - ROOMS_LEFT });
    const stay = { dealId, checkInDate: night, checkOutDate: addDays(night, 1), guests: 2 };
    const baskets = await Promise.all(Array.from({ length: SHOPPERS }, () => emptyBasket(t)));

    const started = performance.now();
    const answers = await Promise.all(baskets.map((token) => holdStay(t, token, stay)));
    const elapsed = performance.now() - started;
    const statuses = answers.map((a) => a.statusCode);
    const held = statuses.filter((s) => s === 201).length;
    const refused = statuses.filter((s) => s === 409 || s === 422).length;
    console.info(
      `hold race: ${held} held, ${refused} refused, ${SHOPPERS} shoppers in ${elapsed.toFixed(0)} ms`,
    );
    expect(held).toBe(ROOMS_LEFT);
    expect(refused).toBe(SHOPPERS - ROOMS_LEFT);
    const row = await nightOf(t, dealId, night);
    expect(row.roomsTaken).toBe(row.roomsTotal);
    const holds = await t.db
      .select()
      .from(travelHolds)
      .where(and(eq(travelHolds.dealId, dealId), eq(travelHolds.status, "held")));
    expect(holds).toHaveLength(ROOMS_LEFT);

    t.advance(TRAVEL_HOLD_MINUTES * 60_000);
    // Two sweeps at once (two processes): each hold is given back once.
    const released = await Promise.all([
      releaseExpiredHolds(t.db, t.now()),
      releaseExpiredHolds(t.db, t.now()),
    ]);
    expect(released[0] + released[1]).toBe(ROOMS_LEFT);
    expect((await nightOf(t, dealId, night)).roomsTaken).toBe(12 - ROOMS_LEFT);
  });
});
