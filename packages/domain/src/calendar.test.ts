import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BookingCalendarDay,
  CALENDAR_MESSAGES,
  maximumStayMessage,
  minimumStayMessage,
  selectableCheckInDates,
  selectableCheckOutDates,
  stayLimits,
  validateStay,
} from "./calendar.ts";

/** A month of open days from 2025-03-01, with per-day overrides. */
function month(
  overrides: Record<number, Partial<BookingCalendarDay>> = {},
  length = 40,
): BookingCalendarDay[] {
  return Array.from({ length }, (_, i) => {
    const date = new Date(Date.UTC(2025, 2, 1 + i)).toISOString().slice(0, 10);
    return {
      date,
      soldOut: false,
      openForSale: true,
      openForArrival: true,
      openForDeparture: true,
      minLengthOfStay: 1,
      maxLengthOfStay: 7,
      ...overrides[i + 1],
    };
  });
}

describe("check-in", () => {
  it("offers days open for sale and arrival that are not sold out", () => {
    const days = month({ 2: { soldOut: true }, 3: { openForArrival: false }, 4: { openForSale: false } }, 5);
    expect(selectableCheckInDates(days)).toEqual(["2025-03-01", "2025-03-05"]);
  });

  it("must be chosen first", () => {
    expect(validateStay(month(), undefined, "2025-03-03")).toEqual({
      ok: false,
      reason: "Choose a check-in date first",
    });
    expect(selectableCheckOutDates(month(), undefined)).toEqual([]);
  });

  it("refuses a day closed to arrival", () => {
    const days = month({ 1: { openForArrival: false } });
    expect(validateStay(days, "2025-03-01", "2025-03-03")).toEqual({
      ok: false,
      reason: CALENDAR_MESSAGES.checkInUnavailable,
    });
  });
});

describe("check-out", () => {
  it("is offered within the check-in day's minimum and maximum stay", () => {
    const days = month({ 1: { minLengthOfStay: 2, maxLengthOfStay: 4 } });
    expect(selectableCheckOutDates(days, "2025-03-01")).toEqual(["2025-03-03", "2025-03-04", "2025-03-05"]);
    expect(validateStay(days, "2025-03-01", "2025-03-02")).toEqual({
      ok: false,
      reason: minimumStayMessage(2),
    });
    expect(validateStay(days, "2025-03-01", "2025-03-06")).toEqual({
      ok: false,
      reason: maximumStayMessage(4),
    });
    expect(minimumStayMessage(2)).toBe("The minimum stay from this date is 2 nights");
  });

  it("skips days closed to departure", () => {
    const days = month({ 3: { openForDeparture: false } });
    expect(selectableCheckOutDates(days, "2025-03-01")).not.toContain("2025-03-03");
    expect(validateStay(days, "2025-03-01", "2025-03-03")).toEqual({
      ok: false,
      reason: CALENDAR_MESSAGES.checkOutUnavailable,
    });
  });

  it("stops before a sold-out night but may leave on a sold-out day", () => {
    const days = month({ 4: { soldOut: true } });
    expect(selectableCheckOutDates(days, "2025-03-01")).toEqual(["2025-03-02", "2025-03-03", "2025-03-04"]);
    expect(validateStay(days, "2025-03-01", "2025-03-05")).toEqual({
      ok: false,
      reason: CALENDAR_MESSAGES.nightUnavailable,
    });
  });

  it("must be after check-in", () => {
    expect(validateStay(month(), "2025-03-05", "2025-03-05")).toEqual({
      ok: false,
      reason: "Check-out must be after check-in",
    });
    expect(validateStay(month(), "2025-03-05", "2025-02-30")).toEqual({
      ok: false,
      reason: "Check-out must be after check-in",
    });
  });

  it("counts the nights of a valid stay", () => {
    expect(validateStay(month(), "2025-03-01", "2025-03-04")).toEqual({ ok: true, nights: 3 });
  });

  it("never goes beyond the 28-day window", () => {
    const days = month({ 1: { maxLengthOfStay: 60 } });
    expect(stayLimits(days[0]!)).toEqual({ min: 1, max: 28 });
    expect(selectableCheckOutDates(days, "2025-03-01").at(-1)).toBe("2025-03-29");
  });

  it("offers only valid stays within the stay limits, none from a closed check-in (property)", () => {
    const day = fc.record({
      soldOut: fc.boolean(),
      openForSale: fc.boolean(),
      openForArrival: fc.boolean(),
      openForDeparture: fc.boolean(),
      minLengthOfStay: fc.integer({ min: 0, max: 5 }),
      maxLengthOfStay: fc.integer({ min: 1, max: 35 }),
    });
    fc.assert(
      fc.property(fc.array(day, { minLength: 35, maxLength: 35 }), fc.nat(34), (flags, start) => {
        const days = flags.map((f, i) => ({
          ...f,
          date: new Date(Date.UTC(2025, 2, 1 + i)).toISOString().slice(0, 10),
        }));
        const checkIn = days[start]!;
        const offered = selectableCheckOutDates(days, checkIn.date);
        const { min, max } = stayLimits(checkIn);
        for (const date of offered) {
          const stay = validateStay(days, checkIn.date, date);
          expect(stay.ok).toBe(true);
          if (stay.ok) {
            expect(stay.nights).toBeGreaterThanOrEqual(min);
            expect(stay.nights).toBeLessThanOrEqual(Math.min(max, 28));
          }
        }
        if (!(checkIn.openForSale && !checkIn.soldOut && checkIn.openForArrival)) expect(offered).toEqual([]);
      }),
    );
  });
});
