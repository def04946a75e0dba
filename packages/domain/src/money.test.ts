import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMoney,
  discountPercent,
  formatMoney,
  MixedCurrencyError,
  moneySchema,
  parseMoney,
  saveAmount,
  sumMoney,
  toMinor,
} from "./money.ts";

describe("formatMoney", () => {
  it("shows whole amounts without decimals", () => {
    expect(formatMoney(5900, "GBP")).toBe("£59");
    expect(formatMoney(5900, "EUR")).toBe("€59");
    expect(formatMoney(0, "GBP")).toBe("£0");
  });

  it("shows any other amount with exactly two decimals", () => {
    expect(formatMoney(1250, "GBP")).toBe("£12.50");
    expect(formatMoney(1201, "EUR")).toBe("€12.01");
    expect(formatMoney(5, "GBP")).toBe("£0.05");
  });

  it("groups thousands and keeps large amounts exact", () => {
    expect(formatMoney(123_456_789, "GBP")).toBe("£1,234,567.89");
    expect(formatMoney(9_007_199_254_740_991, "GBP")).toBe("£90,071,992,547,409.91");
  });

  it("shows negative amounts with a leading minus", () => {
    expect(formatMoney(-499, "GBP")).toBe("-£4.99");
  });

  it("accepts another locale", () => {
    expect(formatMoney(123_450, "EUR", "de-DE")).toBe("1.234,50\u00a0€");
  });

  it("writes one amount for each locale, currency and decimals it is asked in, again and again", () => {
    for (let round = 0; round < 2; round++) {
      expect(formatMoney(5900, "GBP")).toBe("£59");
      expect(formatMoney(5900, "GBP", undefined, "always")).toBe("£59.00");
      expect(formatMoney(5900, "EUR")).toBe("€59");
      expect(formatMoney(5900, "EUR", "de-DE")).toBe("59\u00a0€");
      expect(formatMoney(5900, "GBP", "de-DE")).toBe("59\u00a0£");
    }
  });

  it("still writes every amount right once more amounts were written than it keeps", () => {
    for (let amount = 0; amount < 25_000; amount += 1) formatMoney(amount * 100 + 1, "GBP");
    expect(formatMoney(1, "GBP")).toBe("£0.01");
    expect(formatMoney(2_499_901, "GBP")).toBe("£24,999.01");
  });

  it("refuses an amount that is not whole minor units", () => {
    expect(() => formatMoney(12.5, "GBP")).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, "GBP")).toThrow(RangeError);
  });
});

describe("parseMoney", () => {
  it("reads what formatMoney writes", () => {
    expect(parseMoney("£59", "GBP")).toBe(5900);
    expect(parseMoney("£12.50", "GBP")).toBe(1250);
    expect(parseMoney("€1,234,567.89", "EUR")).toBe(123_456_789);
    expect(parseMoney("-£4.99", "GBP")).toBe(-499);
    expect(parseMoney("1.234,50\u00a0€", "EUR", "de-DE")).toBe(123_450);
  });

  it("reads plain amounts without a symbol, and one decimal", () => {
    expect(parseMoney("12.5", "GBP")).toBe(1250);
    expect(parseMoney(" 1234 ", "GBP")).toBe(123_400);
  });

  it("rejects more than two decimals, misplaced groups and foreign symbols", () => {
    expect(parseMoney("£1.999", "GBP")).toBeNull();
    expect(parseMoney("£1,23", "GBP")).toBeNull();
    expect(parseMoney("€12", "GBP")).toBeNull();
    expect(parseMoney("£", "GBP")).toBeNull();
  });

  it("never throws on junk", () => {
    for (const junk of [undefined, null, "", "abc", 12, {}, [], "£".repeat(10_000), "9".repeat(40)]) {
      expect(parseMoney(junk, "GBP")).toBeNull();
    }
  });

  it("round-trips every amount from 0 to 10^9 in both currencies", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.constantFrom("GBP", "EUR"),
        (amount, currency) => {
          expect(parseMoney(formatMoney(amount, currency), currency)).toBe(amount);
        },
      ),
    );
  });
});

describe("discountPercent", () => {
  it("rounds down so a discount is never overstated", () => {
    expect(discountPercent(999, 500)).toBe(49);
    expect(discountPercent(300, 100)).toBe(66);
    expect(discountPercent(10_000, 2_000)).toBe(80);
  });

  it("is 0 without a real saving and 100 for a free item", () => {
    expect(discountPercent(1000, 1000)).toBe(0);
    expect(discountPercent(1000, 1200)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
    expect(discountPercent(1000, 0)).toBe(100);
  });

  it("never exceeds the exact percentage and is within one of it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        (o, p) => {
          const percent = discountPercent(o, p);
          const exact = p >= o ? 0 : ((o - p) * 100) / o;
          expect(Number.isInteger(percent)).toBe(true);
          expect(percent).toBeLessThanOrEqual(exact);
          expect(exact - percent).toBeLessThan(1);
        },
      ),
    );
  });
});

describe("saveAmount", () => {
  it("is the difference, never negative", () => {
    expect(saveAmount(5900, 2900)).toBe(3000);
    expect(saveAmount(2900, 5900)).toBe(0);
  });
});

describe("addMoney and sumMoney", () => {
  const gbp = (amountMinor: number) => ({ amountMinor, currency: "GBP" as const });

  it("adds amounts of one currency", () => {
    expect(addMoney(gbp(150), gbp(250))).toEqual(gbp(400));
    expect(sumMoney("GBP", [gbp(1), gbp(2), gbp(3)])).toEqual(gbp(6));
    expect(sumMoney("EUR", [])).toEqual({ amountMinor: 0, currency: "EUR" });
  });

  it("refuses mixed currencies", () => {
    expect(() => addMoney(gbp(1), { amountMinor: 1, currency: "EUR" })).toThrow(MixedCurrencyError);
    expect(() => sumMoney("EUR", [gbp(1)])).toThrow("Cannot combine EUR and GBP amounts");
  });
});

describe("toMinor", () => {
  it("converts major units with up to two decimals", () => {
    expect(toMinor(12.5)).toBe(1250);
    expect(toMinor("12.50")).toBe(1250);
    expect(toMinor(4.99)).toBe(499);
    expect(toMinor("-3")).toBe(-300);
    expect(toMinor(0)).toBe(0);
  });

  it("rejects more than two decimals instead of rounding", () => {
    expect(toMinor(1.005)).toBeNull();
    expect(toMinor("12.345")).toBeNull();
    expect(toMinor(0.1 + 0.2)).toBeNull();
  });

  it("never throws on junk", () => {
    for (const junk of [
      undefined,
      null,
      "",
      "12,50",
      "1e3",
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1e21,
      {},
      "9".repeat(5000),
    ]) {
      expect(toMinor(junk)).toBeNull();
    }
  });

  it("inverts minor-to-major for any two-decimal amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (amount) => {
        const major = `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
        expect(toMinor(major)).toBe(amount);
      }),
    );
  });
});

describe("moneySchema", () => {
  it("accepts whole minor units in a known currency only", () => {
    expect(moneySchema.safeParse({ amountMinor: 499, currency: "GBP" }).success).toBe(true);
    expect(moneySchema.safeParse({ amountMinor: 4.99, currency: "GBP" }).success).toBe(false);
    expect(moneySchema.safeParse({ amountMinor: 499, currency: "USD" }).success).toBe(false);
  });
});
