import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PurchasedLine, savingsOf } from "./savings.ts";

const line = (overrides: Partial<PurchasedLine> = {}): PurchasedLine => ({
  quantity: 1,
  refundedUnits: 0,
  unitPriceMinor: 2500,
  wasPriceMinor: 10000,
  discountMinor: 0,
  ...overrides,
});

describe("savingsOf", () => {
  it("adds what each unit saved against its was price and the promo discounts", () => {
    const savings = savingsOf([
      line({ quantity: 2 }),
      line({ unitPriceMinor: 5200, wasPriceMinor: 24799, discountMinor: 500 }),
    ]);
    expect(savings).toEqual({
      againstWasMinor: 2 * 7500 + 19599,
      promoMinor: 500,
      savedMinor: 15000 + 19599 + 500,
      wouldHaveCostMinor: 2 * 10000 + 24799,
      percentSaved: Math.floor(((15000 + 19599 + 500) * 100) / 44799),
      units: 3,
    });
  });

  it("leaves out refunded units, and their share of the line's discount", () => {
    const savings = savingsOf([line({ quantity: 3, refundedUnits: 2, discountMinor: 300 })]);
    expect(savings.units).toBe(1);
    expect(savings.againstWasMinor).toBe(7500);
    expect(savings.promoMinor).toBe(100);
    expect(savingsOf([line({ refundedUnits: 1, discountMinor: 300 })]).savedMinor).toBe(0);
  });

  it("counts a product sold above its was price as no saving, not a loss", () => {
    const savings = savingsOf([line({ unitPriceMinor: 3000, wasPriceMinor: 2000 })]);
    expect(savings.againstWasMinor).toBe(0);
    expect(savings.wouldHaveCostMinor).toBe(3000);
  });

  it("is nothing at all before the first purchase", () => {
    expect(savingsOf([])).toEqual({
      savedMinor: 0,
      againstWasMinor: 0,
      promoMinor: 0,
      wouldHaveCostMinor: 0,
      percentSaved: 0,
      units: 0,
    });
  });

  it("never saves less than nothing nor more than the purchases would have cost", () => {
    const purchased = fc.record({
      quantity: fc.integer({ min: 1, max: 20 }),
      refundedUnits: fc.integer({ min: 0, max: 20 }),
      unitPriceMinor: fc.integer({ min: 0, max: 1_000_000 }),
      wasPriceMinor: fc.integer({ min: 0, max: 1_000_000 }),
      discountMinor: fc.integer({ min: 0, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(purchased, { maxLength: 10 }), (lines) => {
        // A line's discount is at most what its units cost.
        const fair = lines.map((l) => ({
          ...l,
          discountMinor: Math.min(l.discountMinor, l.quantity * l.unitPriceMinor),
        }));
        const savings = savingsOf(fair);
        expect(savings.savedMinor).toBeGreaterThanOrEqual(0);
        expect(savings.savedMinor).toBeLessThanOrEqual(savings.wouldHaveCostMinor);
        expect(savings.percentSaved).toBeGreaterThanOrEqual(0);
        expect(savings.percentSaved).toBeLessThanOrEqual(100);
        expect(savings.savedMinor).toBe(savings.againstWasMinor + savings.promoMinor);
      }),
    );
  });
});
