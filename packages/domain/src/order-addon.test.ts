import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addonInstrumentProblem, ORDER_ADDON_MESSAGES } from "./order-addon.ts";

const now = new Date("2026-11-26T12:00:00Z");
const card = (expiryMonth: number, expiryYear: number) => ({
  type: "card" as const,
  expiryMonth,
  expiryYear,
});

describe("addonInstrumentProblem", () => {
  it("pays with the order's card until the end of its expiry month", () => {
    expect(addonInstrumentProblem(card(11, 2026), now)).toBeUndefined();
    expect(addonInstrumentProblem(card(11, 2026), new Date("2026-11-30T23:59:59Z"))).toBeUndefined();
    expect(addonInstrumentProblem(card(11, 2026), new Date("2026-12-01T00:00:00Z"))).toBe(
      ORDER_ADDON_MESSAGES.expired,
    );
    expect(addonInstrumentProblem(card(10, 2026), now)).toBe(ORDER_ADDON_MESSAGES.expired);
  });

  it("sends the shopper to checkout when the order's payment was not kept", () => {
    expect(addonInstrumentProblem(undefined, now)).toBe(ORDER_ADDON_MESSAGES.notKept);
  });

  it("pays with a PayPal account, which does not expire", () => {
    expect(
      addonInstrumentProblem({ type: "paypal", expiryMonth: null, expiryYear: null }, now),
    ).toBeUndefined();
  });

  it("pays on every day of the card's expiry month and on none after it", () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2000, max: 2060 }),
        fc.integer({ min: 0, max: 27 * day }),
        fc.integer({ min: 0, max: 3650 * day }),
        (month, year, intoMonth, afterMonth) => {
          const monthStart = new Date(`${year}-${String(month).padStart(2, "0")}-01T00:00:00Z`).getTime();
          const nextMonthStart = month === 12 ? Date.UTC(year + 1, 0, 1) : Date.UTC(year, month, 1);
          expect(addonInstrumentProblem(card(month, year), new Date(monthStart + intoMonth))).toBeUndefined();
          expect(addonInstrumentProblem(card(month, year), new Date(nextMonthStart - 1))).toBeUndefined();
          expect(addonInstrumentProblem(card(month, year), new Date(nextMonthStart + afterMonth))).toBe(
            ORDER_ADDON_MESSAGES.expired,
          );
        },
      ),
    );
  });
});
