import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { vipUnitPrice } from "./vip-price.ts";

describe("vipUnitPrice", () => {
  it("is the VIP price where the deal allows a VIP discount", () => {
    expect(vipUnitPrice({ priceMinor: 10_000, vipPriceMinor: 8_800, vipDiscountAllowed: true })).toBe(8_800);
  });

  it("is none where the deal does not allow it, or the VIP price is not lower", () => {
    expect(vipUnitPrice({ priceMinor: 10_000, vipPriceMinor: 8_800, vipDiscountAllowed: false })).toBeNull();
    expect(vipUnitPrice({ priceMinor: 10_000, vipPriceMinor: null, vipDiscountAllowed: true })).toBeNull();
    expect(vipUnitPrice({ priceMinor: 10_000, vipPriceMinor: 10_000, vipDiscountAllowed: true })).toBeNull();
  });

  it("never charges a member more than the price, nor a VIP price the deal does not allow (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
        fc.boolean(),
        (priceMinor, vipPriceMinor, vipDiscountAllowed) => {
          const vip = vipUnitPrice({ priceMinor, vipPriceMinor, vipDiscountAllowed });
          if (!vipDiscountAllowed) expect(vip).toBeNull();
          if (vip !== null) {
            expect(vip).toBe(vipPriceMinor);
            expect(vip).toBeLessThan(priceMinor);
          }
        },
      ),
    );
  });
});
