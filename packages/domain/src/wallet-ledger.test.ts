import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  expiringRemainderMinor,
  MARKETING_CREDIT_VALIDITY_DAYS,
  marketingCreditExpiry,
} from "./wallet-ledger.ts";

describe("expiringRemainderMinor", () => {
  it("expires all of an unspent credit, and nothing of a spent one", () => {
    expect(expiringRemainderMinor(500, 500, 0)).toBe(500);
    expect(expiringRemainderMinor(500, 0, 0)).toBe(0);
  });

  it("counts spending against the soonest-expiring credit first", () => {
    // 500 expiring now, 300 later, 200 spent: the spend came out of the expiring credit.
    expect(expiringRemainderMinor(500, 600, 300)).toBe(300);
    // Everything but the later credit was spent.
    expect(expiringRemainderMinor(500, 300, 300)).toBe(0);
  });

  it("is never negative and never more than the credit or the balance", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: -10, max: 1_000_000 }),
        (credit, balance, later) => {
          const left = expiringRemainderMinor(credit, balance, later);
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left).toBeLessThanOrEqual(credit);
          expect(left).toBeLessThanOrEqual(balance);
        },
      ),
    );
  });
});

describe("marketing credit", () => {
  it("expires the stated number of days after it is given", () => {
    const given = new Date("2026-06-15T10:00:00Z");
    const days = (marketingCreditExpiry(given).getTime() - given.getTime()) / 86_400_000;
    expect(days).toBe(MARKETING_CREDIT_VALIDITY_DAYS);
  });
});
