import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CALENDAR_MESSAGES } from "./calendar.ts";
import {
  addDays,
  availableMonths,
  checkStayRequest,
  holdExpiresAt,
  lastAvailableStay,
  type PricedCalendarDay,
  parseIsoDate,
  roomsForGuests,
  STAY_MESSAGES,
  stayNights,
  stayRoomPrice,
  supportedNumberOfNights,
} from "./travel-stay.ts";
import { VALIDATION_MESSAGES } from "./validation.ts";

const FIRST = "2026-06-28";
function calendar(
  count: number,
  change: (day: PricedCalendarDay, i: number) => Partial<PricedCalendarDay> = () => ({}),
) {
  return Array.from({ length: count }, (_, i): PricedCalendarDay => {
    const day: PricedCalendarDay = {
      date: addDays(FIRST, i),
      minPrice: 10_000 + i * 100,
      vipPrice: 9_000 + i * 100,
      vipDiscountAllowed: true,
      soldOut: false,
      openForSale: true,
      openForArrival: true,
      openForDeparture: true,
      minLengthOfStay: 1,
      maxLengthOfStay: 14,
    };
    return { ...day, ...change(day, i) };
  });
}

describe("dates", () => {
  it("reads only real YYYY-MM-DD dates", () => {
    expect(parseIsoDate("2026-02-28")).toBe(Date.UTC(2026, 1, 28));
    for (const bad of ["2026-02-30", "2026-2-3", "28/02/2026", "", 20260228, null]) {
      expect(parseIsoDate(bad)).toBeUndefined();
    }
  });

  it("counts the nights slept, check-out excluded, across a month's end", () => {
    expect(stayNights("2026-06-29", "2026-07-02")).toEqual(["2026-06-29", "2026-06-30", "2026-07-01"]);
    expect(stayNights("2026-07-02", "2026-07-02")).toEqual([]);
  });
});

describe("rooms and prices", () => {
  it("puts guests in rooms of 2 and refuses other counts", () => {
    expect([2, 4, 6, 8].map(roomsForGuests)).toEqual([1, 2, 3, 4]);
    for (const bad of [0, 1, 3, 10, "2", 2.5]) expect(roomsForGuests(bad)).toBeUndefined();
  });

  it("sums each night's price, or its VIP price where the night allows one", () => {
    const days = calendar(5, (_, i) => (i === 1 ? { vipDiscountAllowed: false } : {}));
    const nights = stayNights(FIRST, addDays(FIRST, 3));
    expect(stayRoomPrice(days, nights, false)).toBe(10_000 + 10_100 + 10_200);
    expect(stayRoomPrice(days, nights, true)).toBe(9_000 + 10_100 + 9_200);
  });

  it("never makes a longer stay cheaper (property)", () => {
    const days = calendar(20);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 8 }), (start, nights) => {
        const checkIn = addDays(FIRST, start);
        const shorter = stayRoomPrice(days, stayNights(checkIn, addDays(checkIn, nights)), false);
        const longer = stayRoomPrice(days, stayNights(checkIn, addDays(checkIn, nights + 1)), false);
        expect(longer).toBeGreaterThan(shorter);
      }),
    );
  });
});

describe("checkStayRequest", () => {
  const days = calendar(40, (_, i) => (i === 5 ? { soldOut: true } : i === 10 ? { minLengthOfStay: 3 } : {}));
  const check = (checkIn: unknown, checkOut: unknown, guests: unknown = 2) =>
    checkStayRequest(days, { checkIn, checkOut, guests });

  it("accepts a stay inside the calendar's rules, with its nights and rooms", () => {
    expect(check(FIRST, addDays(FIRST, 2), 6)).toEqual({
      ok: true,
      nights: [FIRST, addDays(FIRST, 1)],
      rooms: 3,
    });
  });

  it("refuses malformed dates, dates outside the calendar, bad guests and stays too short or long", () => {
    expect(check("2026-13-01", FIRST)).toMatchObject({ ok: false, reason: STAY_MESSAGES.malformedDate });
    expect(check(addDays(FIRST, -1), addDays(FIRST, 1))).toMatchObject({
      reason: STAY_MESSAGES.outsideWindow,
    });
    expect(check(FIRST, addDays(FIRST, 1), 5)).toMatchObject({ reason: VALIDATION_MESSAGES.passengerCount });
    expect(check(FIRST, addDays(FIRST, 17))).toMatchObject({ reason: VALIDATION_MESSAGES.nights });
    expect(check(addDays(FIRST, 2), addDays(FIRST, 1))).toMatchObject({
      reason: CALENDAR_MESSAGES.checkOutNotAfterCheckIn,
    });
    expect(check(addDays(FIRST, 4), addDays(FIRST, 7))).toMatchObject({
      reason: CALENDAR_MESSAGES.nightUnavailable,
    });
    expect(check(addDays(FIRST, 10), addDays(FIRST, 12))).toMatchObject({
      reason: "The minimum stay from this date is 3 nights",
    });
  });

  it("never accepts a stay outside 1 to 16 nights or with a sold-out night (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 39 }), fc.integer({ min: -3, max: 30 }), (start, length) => {
        const checkIn = addDays(FIRST, start);
        const result = check(checkIn, addDays(checkIn, length));
        if (!result.ok) return;
        expect(result.nights.length).toBeGreaterThanOrEqual(1);
        expect(result.nights.length).toBeLessThanOrEqual(14);
        expect(result.nights).not.toContain(addDays(FIRST, 5));
      }),
    );
  });
});

describe("months, last stay and stay lengths", () => {
  it("names the month shown and its neighbours with a check-in day", () => {
    const days = calendar(70, (_, i) =>
      addDays(FIRST, i).startsWith("2026-08") ? { openForArrival: false } : {},
    );
    expect(availableMonths(days)).toEqual({
      current: { month: 6, year: 2026 },
      next: { month: 7, year: 2026 },
      previous: null,
    });
    expect(availableMonths(days, { month: 8, year: 2026 })).toEqual({
      current: { month: 8, year: 2026 },
      next: { month: 9, year: 2026 },
      previous: { month: 7, year: 2026 },
    });
    expect(availableMonths([])).toEqual({ current: null, next: null, previous: null });
  });

  it("gives the last check-in on sale and the stay lengths within 1 to 16", () => {
    const days = calendar(10, (_, i) =>
      i === 9 ? { soldOut: true } : { maxLengthOfStay: 20, minLengthOfStay: 2 },
    );
    expect(lastAvailableStay(days)).toBe(addDays(FIRST, 8));
    expect(supportedNumberOfNights(days)).toEqual(Array.from({ length: 15 }, (_, i) => i + 2));
  });

  it("holds for 15 minutes", () => {
    expect(holdExpiresAt(new Date("2026-06-15T10:00:00Z")).toISOString()).toBe("2026-06-15T10:15:00.000Z");
  });
});
