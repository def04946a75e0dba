import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canExchangePoints,
  exchangePrompt,
  type LoyaltyStatus,
  loyaltyLevelOrDefault,
  pointsToCredit,
  validatePointsExchange,
  visibleExchangeRates,
} from "./loyalty.ts";

const status = (currentLevel: LoyaltyStatus["currentLevel"], currentPoints = 500): LoyaltyStatus => ({
  currentLevel,
  currentPoints,
  exchangeRate: 0.01,
  nextLevel: { name: "Platinum", exchangeRate: 0.015 },
});

describe("levels", () => {
  it("defaults to Pink", () => {
    expect(loyaltyLevelOrDefault(undefined)).toBe("Pink");
    expect(loyaltyLevelOrDefault("Diamond")).toBe("Pink");
    expect(loyaltyLevelOrDefault("Gold")).toBe("Gold");
  });

  it("lets Bronze, Silver, Gold and Platinum exchange, not Pink", () => {
    expect(canExchangePoints("Pink")).toBe(false);
    for (const level of ["Bronze", "Silver", "Gold", "Platinum"] as const)
      expect(canExchangePoints(level)).toBe(true);
  });

  it("shows Bronze, Silver and Gold the next-level rate, Platinum only its own", () => {
    expect(visibleExchangeRates(status("Gold"))).toEqual({
      own: 0.01,
      next: { name: "Platinum", exchangeRate: 0.015 },
    });
    expect(visibleExchangeRates(status("Bronze")).next).toBeDefined();
    expect(visibleExchangeRates(status("Platinum"))).toEqual({ own: 0.01 });
    expect(visibleExchangeRates(status("Pink"))).toEqual({});
  });
});

describe("exchange messages", () => {
  it("with 0 points says You don't have enough points", () => {
    expect(exchangePrompt(0)).toBe("You don't have enough points");
    expect(validatePointsExchange(status("Silver", 0), 1)).toBe("You don't have enough points");
  });

  it("otherwise asks for a number between 1 and the points held", () => {
    expect(exchangePrompt(250)).toBe("Please select a number between 1 and 250 to exchange your points.");
    expect(validatePointsExchange(status("Silver", 250), 251)).toBe(
      "Please select a number between 1 and 250 to exchange your points.",
    );
    expect(validatePointsExchange(status("Silver", 250), 0)).toBe(exchangePrompt(250));
    expect(validatePointsExchange(status("Silver", 250), "12")).toBe(exchangePrompt(250));
    expect(validatePointsExchange(status("Silver", 250), 250)).toBeUndefined();
  });

  it("refuses Pink", () => {
    expect(validatePointsExchange(status("Pink", 250), 10)).toBe(
      "Points can be exchanged from Bronze level upwards",
    );
  });
});

describe("pointsToCredit", () => {
  it("is points times the rate, to 2 decimals", () => {
    expect(pointsToCredit(1234, 0.01, "GBP")).toEqual({ amountMinor: 1234, formatted: "£12.34" });
    expect(pointsToCredit(333, 0.015, "GBP").amountMinor).toBe(500);
    expect(pointsToCredit(1, 0.004, "EUR").amountMinor).toBe(0);
    expect(pointsToCredit(1, 0.005, "EUR").amountMinor).toBe(1);
    expect(pointsToCredit(777, 0.0123, "EUR")).toEqual({ amountMinor: 956, formatted: "€9.56" });
  });

  it("gives nothing for junk", () => {
    expect(pointsToCredit(-5, 0.01, "GBP").amountMinor).toBe(0);
    expect(pointsToCredit(5, Number.NaN, "GBP").amountMinor).toBe(0);
  });

  it("is within half a penny of the exact product (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (points, rateTenThousandths) => {
          const rate = rateTenThousandths / 10_000;
          const exactMinor = (points * rateTenThousandths) / 100;
          expect(Math.abs(pointsToCredit(points, rate, "GBP").amountMinor - exactMinor)).toBeLessThanOrEqual(
            0.5,
          );
        },
      ),
    );
  });
});
