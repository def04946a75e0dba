import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dueReminder, reminderWindows } from "./voucher-reminders.ts";

const DAY = 86_400_000;
const now = new Date("2026-06-15T10:00:00Z");
const expiring = (ms: number) => new Date(now.getTime() + ms);

describe("expiry reminders", () => {
  it("has a 14-day and a 3-day window", () => {
    expect(reminderWindows()).toEqual([
      { daysBefore: 14, fromDays: 3 },
      { daysBefore: 3, fromDays: 0 },
    ]);
  });

  it("is due 14 days before, then 3 days before, and not after expiry", () => {
    expect(dueReminder(expiring(15 * DAY), now)).toBeUndefined();
    expect(dueReminder(expiring(14 * DAY), now)).toBe(14);
    expect(dueReminder(expiring(4 * DAY), now)).toBe(14);
    expect(dueReminder(expiring(3 * DAY), now)).toBe(3);
    expect(dueReminder(expiring(1), now)).toBe(3);
    expect(dueReminder(expiring(0), now)).toBeUndefined();
  });

  it("names at most one reminder at any moment (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -30 * DAY, max: 30 * DAY }), (ms) => {
        const due = dueReminder(expiring(ms), now);
        if (ms <= 0 || ms > 14 * DAY) expect(due).toBeUndefined();
        else expect(due).toBe(ms > 3 * DAY ? 14 : 3);
      }),
    );
  });
});
