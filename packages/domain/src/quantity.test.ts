import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_QUANTITY_REACHED_MESSAGE,
  maxQuantity,
  mergedQuantity,
  type QuantityCaps,
  reviewBasketQuantities,
} from "./quantity.ts";

describe("maxQuantity", () => {
  it("is the minimum of every given cap", () => {
    expect(
      maxQuantity({
        purchaseCap: 10,
        totalRemainingForDay: 7,
        totalRemainingForWeek: 20,
        totalRemaining: 50,
      }),
    ).toBe(7);
    expect(maxQuantity({ purchaseCap: 10, totalRemainingForWeek: 3 })).toBe(3);
    expect(maxQuantity({ totalRemaining: 50, userMaximum: 2 })).toBe(2);
  });

  it("counts what the customer already bought against the purchase cap", () => {
    expect(maxQuantity({ purchaseCap: 5, alreadyBought: 3, totalRemaining: 100 })).toBe(2);
    expect(maxQuantity({ purchaseCap: 5, alreadyBought: 9 })).toBe(0);
    expect(maxQuantity({ alreadyBought: 3, totalRemaining: 4 })).toBe(4);
  });

  it("is never negative", () => {
    expect(maxQuantity({ totalRemainingForDay: -4 })).toBe(0);
    expect(maxQuantity({ purchaseCap: 0 })).toBe(0);
  });

  it("is null when no cap is given, and ignores junk caps", () => {
    expect(maxQuantity({})).toBeNull();
    expect(maxQuantity({ purchaseCap: null, totalRemaining: undefined, userMaximum: Number.NaN })).toBeNull();
    expect(maxQuantity({ totalRemaining: 2.7 })).toBe(2);
    expect(maxQuantity({ totalRemaining: Number.POSITIVE_INFINITY, userMaximum: 4 })).toBe(4);
  });

  it("never exceeds any cap given and is never below 0", () => {
    const cap = fc.option(fc.integer({ min: -100, max: 10_000 }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({
          purchaseCap: cap,
          totalRemainingForDay: cap,
          totalRemainingForWeek: cap,
          totalRemaining: cap,
          userMaximum: cap,
          alreadyBought: cap,
        }),
        (caps: QuantityCaps) => {
          const max = maxQuantity(caps);
          const given = [
            caps.totalRemainingForDay,
            caps.totalRemainingForWeek,
            caps.totalRemaining,
            caps.userMaximum,
          ];
          if (typeof caps.purchaseCap === "number") {
            given.push(caps.purchaseCap - Math.max(caps.alreadyBought ?? 0, 0));
          }
          const defined = given.filter((c): c is number => c !== undefined && c !== null);
          if (defined.length === 0) {
            expect(max).toBeNull();
            return;
          }
          expect(max).toBeGreaterThanOrEqual(0);
          for (const c of defined) expect(max).toBeLessThanOrEqual(Math.max(c, 0));
          expect(max).toBe(Math.max(Math.min(...defined), 0));
        },
      ),
    );
  });
});

describe("reviewBasketQuantities", () => {
  it("keeps lines within their cap and removes breaches with the spec's message", () => {
    const lines = [
      { id: "a", dealProductId: 1, quantity: 2 },
      { id: "b", dealProductId: 2, quantity: 5 },
    ];
    expect(reviewBasketQuantities(lines, { "1": 2, "2": 4 })).toEqual({
      kept: [lines[0]],
      removed: [{ line: lines[1], message: "Max quantity reached." }],
    });
    expect(MAX_QUANTITY_REACHED_MESSAGE).toBe("Max quantity reached.");
  });

  it("counts lines of one product together, in basket order", () => {
    const lines = [
      { id: "gift", dealProductId: "7", quantity: 2 },
      { id: "self", dealProductId: "7", quantity: 2 },
      { id: "one-more", dealProductId: "7", quantity: 1 },
    ];
    const review = reviewBasketQuantities(lines, { "7": 3 });
    expect(review.kept.map((l) => l.id)).toEqual(["gift", "one-more"]);
    expect(review.removed.map((r) => r.line.id)).toEqual(["self"]);
  });

  it("keeps every line of a product without a cap", () => {
    const lines = [{ dealProductId: 9, quantity: 50 }];
    expect(reviewBasketQuantities(lines, {}).kept).toEqual(lines);
    expect(reviewBasketQuantities(lines, { "9": null }).removed).toEqual([]);
    const oddIds = [
      { dealProductId: "__proto__", quantity: 5 },
      { dealProductId: "constructor", quantity: 5 },
    ];
    expect(reviewBasketQuantities(oddIds, {}).kept).toEqual(oddIds);
  });

  it("never keeps more of a product than its cap, and loses no line", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            dealProductId: fc.integer({ min: 1, max: 3 }),
            quantity: fc.integer({ min: 1, max: 10 }),
          }),
        ),
        fc.dictionary(fc.constantFrom("1", "2", "3"), fc.integer({ min: 0, max: 20 })),
        (lines, caps) => {
          const review = reviewBasketQuantities(lines, caps);
          expect(review.kept.length + review.removed.length).toBe(lines.length);
          for (const [productId, cap] of Object.entries(caps)) {
            const kept = review.kept.filter((l) => String(l.dealProductId) === productId);
            expect(kept.reduce((sum, l) => sum + l.quantity, 0)).toBeLessThanOrEqual(cap);
          }
        },
      ),
    );
  });
});

describe("mergedQuantity", () => {
  it("adds the guest's quantity up to the cap, and keeps what the customer had", () => {
    expect(mergedQuantity(1, 2, null)).toBe(3);
    expect(mergedQuantity(1, 2, 5)).toBe(3);
    expect(mergedQuantity(2, 3, 4)).toBe(4);
    expect(mergedQuantity(3, 1, 2)).toBe(3);
  });

  it("never goes below the customer's quantity, above the sum, or past a cap it was under", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.option(fc.integer({ min: 0, max: 2000 }), { nil: null }),
        (current, added, max) => {
          const merged = mergedQuantity(current, added, max);
          expect(merged).toBeGreaterThanOrEqual(current);
          expect(merged).toBeLessThanOrEqual(current + added);
          if (max !== null && max >= current) expect(merged).toBeLessThanOrEqual(max);
          if (max === null || current + added <= max) expect(merged).toBe(current + added);
        },
      ),
    );
  });
});
