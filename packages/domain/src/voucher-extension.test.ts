import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EXTENSION_DAYS,
  EXTENSION_MESSAGES,
  EXTENSION_MIN_FEE_MINOR,
  EXTENSION_WINDOW_DAYS,
  extensionProblem,
  extensionTerms,
} from "./voucher-extension.ts";

const DAY = 86_400_000;
const now = new Date("2026-03-01T12:00:00Z");
const inDays = (days: number) => new Date(now.getTime() + days * DAY);

describe("extensionTerms", () => {
  it("charges 10% of what the voucher cost, at least the minimum of its currency", () => {
    expect(extensionTerms({ paidMinor: 8000, currency: "GBP", expiresAt: inDays(10) }, now).feeMinor).toBe(
      800,
    );
    expect(extensionTerms({ paidMinor: 1000, currency: "GBP", expiresAt: inDays(10) }, now).feeMinor).toBe(
      300,
    );
    expect(extensionTerms({ paidMinor: 1000, currency: "EUR", expiresAt: inDays(10) }, now).feeMinor).toBe(
      350,
    );
  });

  it("moves the expiry 90 days on, from today when it has already passed", () => {
    expect(
      extensionTerms({ paidMinor: 0, currency: "EUR", expiresAt: inDays(10) }, now).newExpiresAt,
    ).toEqual(inDays(10 + EXTENSION_DAYS));
    expect(
      extensionTerms({ paidMinor: 0, currency: "EUR", expiresAt: inDays(-5) }, now).newExpiresAt,
    ).toEqual(inDays(EXTENSION_DAYS));
  });

  it("never charges less than the minimum nor gives less than 90 days from today", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom("GBP" as const, "EUR" as const),
        fc.integer({ min: -400, max: 400 }),
        (paidMinor, currency, days) => {
          const terms = extensionTerms({ paidMinor, currency, expiresAt: inDays(days) }, now);
          expect(terms.feeMinor).toBeGreaterThanOrEqual(EXTENSION_MIN_FEE_MINOR[currency]);
          expect(terms.feeMinor).toBeGreaterThanOrEqual(Math.round(paidMinor / 10));
          expect(terms.newExpiresAt.getTime()).toBeGreaterThanOrEqual(now.getTime() + EXTENSION_DAYS * DAY);
          expect(terms.newExpiresAt.getTime()).toBeGreaterThanOrEqual(
            inDays(days + EXTENSION_DAYS).getTime(),
          );
        },
      ),
    );
  });
});

describe("extensionProblem", () => {
  const ready = { status: "Ready to Redeem" as const, extended: false };

  it("offers the extension from 30 days before expiry until 90 days after", () => {
    expect(extensionProblem({ ...ready, expiresAt: inDays(EXTENSION_WINDOW_DAYS.before + 1) }, now)).toBe(
      EXTENSION_MESSAGES.tooEarly,
    );
    expect(
      extensionProblem({ ...ready, expiresAt: inDays(EXTENSION_WINDOW_DAYS.before) }, now),
    ).toBeUndefined();
    expect(
      extensionProblem({ ...ready, expiresAt: inDays(-EXTENSION_WINDOW_DAYS.after) }, now),
    ).toBeUndefined();
    expect(extensionProblem({ ...ready, expiresAt: inDays(-EXTENSION_WINDOW_DAYS.after - 1) }, now)).toBe(
      EXTENSION_MESSAGES.tooLate,
    );
  });

  it("extends a voucher once, and only one still to be used", () => {
    expect(extensionProblem({ ...ready, extended: true, expiresAt: inDays(5) }, now)).toBe(
      EXTENSION_MESSAGES.alreadyExtended,
    );
    expect(
      extensionProblem({ status: "Expired", extended: false, expiresAt: inDays(-5) }, now),
    ).toBeUndefined();
    for (const status of ["Redeemed", "Refunded", "Return Requested", "Booked"] as const) {
      expect(extensionProblem({ status, extended: false, expiresAt: inDays(5) }, now)).toBe(
        EXTENSION_MESSAGES.notReady,
      );
    }
  });
});
