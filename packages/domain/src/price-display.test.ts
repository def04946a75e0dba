import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fullPrice,
  PRICE_DISPLAY_MODES,
  type PriceDisplayDeal,
  priceDisplayMode,
  STOCK_LABEL_TEXT,
  stockLabel,
} from "./price-display.ts";

const visitor = { isVip: false };
const member = { isVip: true };
const discounted: PriceDisplayDeal = { price: 2900, originalPrice: 5900 };

describe("priceDisplayMode", () => {
  it("hides the price first: lead generation, showPrice off, or no price", () => {
    expect(priceDisplayMode({ ...discounted, leadGen: true }, visitor)).toBe("PRICE_IS_HIDDEN");
    expect(priceDisplayMode({ ...discounted, display: { showPrice: false } }, member)).toBe(
      "PRICE_IS_HIDDEN",
    );
    expect(priceDisplayMode({ originalPrice: 5900 }, visitor)).toBe("PRICE_IS_HIDDEN");
    expect(priceDisplayMode({ price: Number.NaN }, visitor)).toBe("PRICE_IS_HIDDEN");
  });

  it("shows a member the VIP price when the deal allows it and it is lower", () => {
    const vip = { ...discounted, vipPrice: 2500, display: { vipDiscountAllowed: true } };
    expect(priceDisplayMode(vip, member)).toBe("SHOW_VIP_DISCOUNT_PRICE");
    expect(priceDisplayMode(vip, visitor)).toBe("SHOW_DISCOUNT");
    expect(priceDisplayMode({ ...vip, display: { vipDiscountAllowed: false } }, member)).toBe(
      "SHOW_DISCOUNT",
    );
    expect(priceDisplayMode({ ...vip, vipPrice: 2900 }, member)).toBe("SHOW_DISCOUNT");
  });

  it("shows the price alone for a dropdown deal", () => {
    expect(priceDisplayMode({ ...discounted, productDisplay: { type: "dropdown" } }, visitor)).toBe(
      "SHOW_PRICE",
    );
  });

  it("shows the price alone without a real discount", () => {
    expect(priceDisplayMode({ price: 2900 }, visitor)).toBe("SHOW_PRICE");
    expect(priceDisplayMode({ price: 2900, originalPrice: 2900 }, visitor)).toBe("SHOW_PRICE");
    expect(priceDisplayMode({ ...discounted, display: { discount: false } }, visitor)).toBe("SHOW_PRICE");
  });

  it("shows the original price for an amount saving or a discount under 1 %", () => {
    expect(priceDisplayMode({ ...discounted, display: { discountAmount: true } }, visitor)).toBe(
      "SHOW_ORIGINAL_PRICE",
    );
    expect(priceDisplayMode({ price: 9950, originalPrice: 10_000 }, visitor)).toBe("SHOW_ORIGINAL_PRICE");
  });

  it("marks a dynamic travel discount as indicative, else shows the percentage", () => {
    expect(priceDisplayMode({ ...discounted, display: { dynamicTravelDeal: true } }, visitor)).toBe(
      "SHOW_DISCOUNT_INDICATIVE",
    );
    expect(priceDisplayMode(discounted, visitor)).toBe("SHOW_DISCOUNT");
  });

  it("applies the order: an earlier rule wins over a later one", () => {
    const everything: PriceDisplayDeal = {
      ...discounted,
      productDisplay: { type: "dropdown" },
      display: { discountAmount: true, dynamicTravelDeal: true },
    };
    expect(priceDisplayMode(everything, visitor)).toBe("SHOW_PRICE");
    expect(priceDisplayMode({ ...everything, productDisplay: null }, visitor)).toBe("SHOW_ORIGINAL_PRICE");
  });

  it("always answers one of the six modes", () => {
    fc.assert(
      fc.property(
        fc.record({
          price: fc.option(fc.integer({ min: -10, max: 100_000 })),
          originalPrice: fc.option(fc.integer({ min: 0, max: 100_000 })),
          vipPrice: fc.option(fc.integer({ min: 0, max: 100_000 })),
          leadGen: fc.option(fc.boolean()),
          display: fc.record({
            showPrice: fc.boolean(),
            discount: fc.boolean(),
            vipDiscountAllowed: fc.boolean(),
          }),
        }),
        fc.boolean(),
        (deal, isVip) => {
          const mode = priceDisplayMode(deal, { isVip });
          expect(PRICE_DISPLAY_MODES).toContain(mode);
          if (mode === "SHOW_DISCOUNT") expect(deal.originalPrice!).toBeGreaterThan(deal.price!);
        },
      ),
    );
  });
});

describe("fullPrice", () => {
  it("adds the admin fee and postage to the price", () => {
    expect(fullPrice({ price: 2900, adminFee: 150, postagePrice: 399 })).toBe(3449);
    expect(fullPrice({ price: 2900 })).toBe(2900);
    expect(fullPrice({ price: 2900, adminFee: null, postagePrice: 0 })).toBe(2900);
  });

  it("never lets a fee lower the price", () => {
    expect(fullPrice({ price: 2900, adminFee: -100, postagePrice: Number.NaN })).toBe(2900);
  });
});

describe("stockLabel", () => {
  const now = new Date("2025-06-01T12:00:00Z");
  const open = { closingDate: "2025-06-30T12:00:00Z" };

  it("labels a sold-out deal first", () => {
    expect(stockLabel({ ...open, soldOut: true, totalRemaining: 3 }, now)).toEqual({ kind: "soldOut" });
    expect(stockLabel({ ...open, totalRemaining: 0 }, now)).toEqual({ kind: "soldOut" });
    expect(STOCK_LABEL_TEXT.soldOut).toBe("Sold out");
  });

  it("offers notify-me when the day's or week's cap is reached", () => {
    expect(stockLabel({ ...open, weeklyPurchaseCapReached: true, totalRemaining: 5 }, now)).toEqual({
      kind: "outOfStock",
      notifyMe: true,
    });
  });

  it("labels 10 or fewer units left as limited availability", () => {
    expect(stockLabel({ ...open, totalRemaining: 10 }, now)).toEqual({
      kind: "limitedAvailability",
      remaining: 10,
    });
    expect(stockLabel({ ...open, totalRemaining: 11 }, now)).toBeNull();
  });

  it("labels a flash-sale promotion", () => {
    expect(stockLabel({ ...open, promoType: { title: "Flash Sale" } }, now)).toEqual({ kind: "flashSale" });
    expect(stockLabel({ ...open, promoType: { title: "Spring Sale" } }, now)).toBeNull();
  });

  it("labels a deal closing within 48 hours as expiring soon, unless evergreen", () => {
    // Closing day 2 June ends at 23:00 UTC (London summer time): 35 hours from now.
    const closing = { closingDate: "2025-06-02T08:00:00Z" };
    expect(stockLabel(closing, now)).toEqual({
      kind: "expiringSoon",
      closesAt: new Date("2025-06-02T23:00:00Z"),
    });
    expect(stockLabel({ ...closing, evergreen: true }, now)).toBeNull();
    expect(stockLabel({ closingDate: "2025-06-04T08:00:00Z" }, now)).toBeNull();
    expect(stockLabel({}, now)).toBeNull();
  });

  it("shows no further label on a closed deal", () => {
    expect(stockLabel({ closingDate: "2025-05-01T08:00:00Z", totalRemaining: 2 }, now)).toBeNull();
  });
});
