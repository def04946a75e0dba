import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDealDays, compareDealDays, dealDayOf, endOfDealDay, startOfDealDay } from "./deal-day.ts";

describe("deal days in Europe/London", () => {
  it("reads the London calendar day, not the UTC one", () => {
    // 23:30 UTC on 1 July is 00:30 on 2 July in London (summer time).
    expect(dealDayOf(new Date("2025-07-01T23:30:00Z"))).toEqual({ year: 2025, month: 7, day: 2 });
    // In winter London is on UTC.
    expect(dealDayOf(new Date("2025-01-01T23:30:00Z"))).toEqual({ year: 2025, month: 1, day: 1 });
  });

  it("starts a day at London midnight in winter and summer", () => {
    expect(startOfDealDay({ year: 2025, month: 1, day: 15 }).toISOString()).toBe("2025-01-15T00:00:00.000Z");
    expect(startOfDealDay({ year: 2025, month: 7, day: 15 }).toISOString()).toBe("2025-07-14T23:00:00.000Z");
  });

  it("handles the days the clocks change", () => {
    // Clocks go forward at 01:00 UTC on 30 March 2025 and back at 01:00 UTC on 26 October.
    expect(startOfDealDay({ year: 2025, month: 3, day: 31 }).toISOString()).toBe("2025-03-30T23:00:00.000Z");
    expect(endOfDealDay(new Date("2025-03-30T12:00:00Z")).toISOString()).toBe("2025-03-30T23:00:00.000Z");
    expect(endOfDealDay(new Date("2025-10-26T12:00:00Z")).toISOString()).toBe("2025-10-27T00:00:00.000Z");
  });

  it("reads the same day as London's own clock at any instant, either side of a clock change", () => {
    const london = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });
    const iso = (d: { year: number; month: number; day: number }) =>
      `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
    // The minutes around 00:00 and 01:00 UTC on the days the clocks change, and any instant.
    const changeDays = ["2025-03-30", "2025-10-26", "2026-03-29", "2026-10-25"];
    const nearChange = fc
      .tuple(fc.constantFrom(...changeDays), fc.integer({ min: -90, max: 150 }))
      .map(([day, minutes]) => new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000));
    const anyInstant = fc.date({
      min: new Date("2020-01-01"),
      max: new Date("2035-12-31"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(fc.oneof(nearChange, anyInstant), (instant) => {
        expect(iso(dealDayOf(instant))).toBe(london.format(instant));
      }),
    );
  });

  it("ends a day at the next London midnight, plus extra days", () => {
    expect(endOfDealDay(new Date("2025-06-10T09:00:00Z")).toISOString()).toBe("2025-06-10T23:00:00.000Z");
    expect(endOfDealDay(new Date("2025-06-10T09:00:00Z"), 4).toISOString()).toBe("2025-06-14T23:00:00.000Z");
  });

  it("adds days across months and years, and compares days", () => {
    expect(addDealDays({ year: 2024, month: 12, day: 30 }, 3)).toEqual({ year: 2025, month: 1, day: 2 });
    expect(addDealDays({ year: 2024, month: 3, day: 1 }, -1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(
      compareDealDays({ year: 2025, month: 2, day: 1 }, { year: 2025, month: 1, day: 31 }),
    ).toBeGreaterThan(0);
    expect(compareDealDays({ year: 2025, month: 2, day: 1 }, { year: 2025, month: 2, day: 1 })).toBe(0);
  });

  it("puts every instant inside its own day", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (instant) => {
          const start = startOfDealDay(dealDayOf(instant));
          const end = endOfDealDay(instant);
          expect(start.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(instant.getTime()).toBeLessThan(end.getTime());
          expect([23, 24, 25]).toContain((end.getTime() - start.getTime()) / 3_600_000);
        },
      ),
    );
  });
});
