import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOYALTY_LEVEL_RULES, loyaltyStanding, pointsForPurchase } from "./loyalty-levels.ts";

describe("loyaltyStanding", () => {
  it("starts at Pink and climbs at each threshold", () => {
    expect(loyaltyStanding(0, 0)).toMatchObject({
      currentLevel: "Pink",
      nextLevel: { name: "Bronze", exchangeRate: 0.01 },
      pointsToNextLevel: 100,
    });
    expect(loyaltyStanding(99, 99).currentLevel).toBe("Pink");
    expect(loyaltyStanding(100, 0)).toMatchObject({
      currentLevel: "Bronze",
      exchangeRate: 0.01,
      pointsToNextLevel: 900,
    });
    expect(loyaltyStanding(2_500, 10)).toMatchObject({
      currentLevel: "Gold",
      nextLevel: { name: "Platinum" },
    });
    const top = loyaltyStanding(9_999, 5);
    expect(top).toMatchObject({
      currentLevel: "Platinum",
      exchangeRate: 0.02,
      pointsToNextLevel: 0,
      progress: 1,
    });
    expect(top.nextLevel).toBeUndefined();
  });

  it("for any points: a level whose threshold is reached, the next one not, progress within 0 to 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (lifetime) => {
        const standing = loyaltyStanding(lifetime, 0);
        const index = LOYALTY_LEVEL_RULES.findIndex((rule) => rule.name === standing.currentLevel);
        expect(lifetime).toBeGreaterThanOrEqual(LOYALTY_LEVEL_RULES[index]!.threshold);
        const next = LOYALTY_LEVEL_RULES[index + 1];
        if (next) expect(lifetime + standing.pointsToNextLevel).toBe(next.threshold);
        expect(standing.progress).toBeGreaterThanOrEqual(0);
        expect(standing.progress).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("pointsForPurchase", () => {
  it("gives 10 points per whole pound or euro paid, none for nothing", () => {
    expect(pointsForPurchase(1_999)).toBe(190);
    expect(pointsForPurchase(99)).toBe(0);
    expect(pointsForPurchase(0)).toBe(0);
    expect(pointsForPurchase(-500)).toBe(0);
  });
});
