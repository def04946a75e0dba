import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  marketingCreditCapMinor,
  planWalletUse,
  redeemedCodeCurrencyError,
  type WalletEntry,
  type WalletItem,
  walletForCurrency,
} from "./wallet.ts";

const entry = (currency: string, marketing: number, refundable: number): WalletEntry => ({
  currency,
  marketingBalance: marketing,
  refundableBalance: refundable,
  balance: marketing + refundable,
});
const item = (id: string, totalMinor: number, marketingCreditEligible = true): WalletItem => ({
  id,
  totalMinor,
  marketingCreditEligible,
});

describe("walletForCurrency", () => {
  it("matches the currency case-insensitively", () => {
    const wallet = [entry("eur", 100, 0), entry("Gbp", 200, 0)];
    expect(walletForCurrency(wallet, "GBP")?.marketingBalance).toBe(200);
    expect(walletForCurrency(wallet, "EUR")?.marketingBalance).toBe(100);
    expect(walletForCurrency(wallet, "USD")).toBeUndefined();
    expect(walletForCurrency(undefined, "GBP")).toBeUndefined();
  });
});

describe("marketingCreditCapMinor", () => {
  it("is 10 percent of the item", () => {
    expect(marketingCreditCapMinor(2000)).toBe(200);
    expect(marketingCreditCapMinor(1999)).toBe(199);
  });

  it("is at most 5 in local currency", () => {
    expect(marketingCreditCapMinor(5000)).toBe(500);
    expect(marketingCreditCapMinor(25_000)).toBe(500);
  });

  it("is nothing for an empty or junk amount", () => {
    expect(marketingCreditCapMinor(0)).toBe(0);
    expect(marketingCreditCapMinor(-100)).toBe(0);
    expect(marketingCreditCapMinor(Number.NaN)).toBe(0);
  });
});

describe("planWalletUse", () => {
  it("limits marketing credit to 10 percent, up to 5, per eligible item", () => {
    const plan = planWalletUse(
      [item("a", 3000), item("b", 10_000), item("c", 4000, false)],
      [entry("GBP", 10_000, 0)],
      "GBP",
    );
    expect(plan.marketingByItem).toEqual([
      { itemId: "a", amountMinor: 300 },
      { itemId: "b", amountMinor: 500 },
    ]);
    expect(plan.marketingMinor).toBe(800);
    expect(plan.payableMinor).toBe(17_000 - 800);
  });

  it("uses refundable credit without limit up to the total", () => {
    const plan = planWalletUse([item("a", 3000)], [entry("GBP", 0, 100_000)], "GBP");
    expect(plan).toMatchObject({ refundableMinor: 3000, creditMinor: 3000, payableMinor: 0 });
  });

  it("applies marketing credit first, then refundable credit to the rest", () => {
    const plan = planWalletUse([item("a", 3000)], [entry("GBP", 1000, 5000)], "GBP");
    expect(plan).toMatchObject({ marketingMinor: 300, refundableMinor: 2700, payableMinor: 0 });
  });

  it("uses only the wallet in the basket's currency", () => {
    const plan = planWalletUse([item("a", 3000)], [entry("EUR", 1000, 5000)], "GBP");
    expect(plan).toMatchObject({ creditMinor: 0, payableMinor: 3000 });
  });

  it("never uses more marketing credit than the balance", () => {
    const plan = planWalletUse([item("a", 5000), item("b", 5000)], [entry("GBP", 700, 0)], "GBP");
    expect(plan.marketingByItem).toEqual([
      { itemId: "a", amountMinor: 500 },
      { itemId: "b", amountMinor: 200 },
    ]);
  });

  it("never exceeds the balance, the total or the per-item cap (property)", () => {
    const items = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 200_000 }), fc.boolean()), { maxLength: 8 })
      .map((pairs) => pairs.map(([total, eligible], i) => item(`i${i}`, total, eligible)));
    const balance = fc.integer({ min: 0, max: 100_000 });
    fc.assert(
      fc.property(items, balance, balance, (basket, marketing, refundable) => {
        const plan = planWalletUse(basket, [entry("gbp", marketing, refundable)], "GBP");
        const total = basket.reduce((s, i) => s + i.totalMinor, 0);
        expect(plan.marketingMinor).toBeLessThanOrEqual(marketing);
        expect(plan.refundableMinor).toBeLessThanOrEqual(refundable);
        expect(plan.creditMinor).toBeLessThanOrEqual(total);
        expect(plan.creditMinor + plan.payableMinor).toBe(total);
        expect(plan.payableMinor).toBeGreaterThanOrEqual(0);
        for (const used of plan.marketingByItem) {
          const target = basket.find((i) => i.id === used.itemId)!;
          expect(target.marketingCreditEligible).toBe(true);
          expect(used.amountMinor).toBeLessThanOrEqual(Math.min(Math.floor(target.totalMinor / 10), 500));
        }
      }),
    );
  });
});

describe("redeemedCodeCurrencyError", () => {
  it("requires the code's currency to match the deal's", () => {
    expect(redeemedCodeCurrencyError("GBP", "gbp")).toBeUndefined();
    expect(redeemedCodeCurrencyError("EUR", "GBP")).toBe(
      "Currencies of a redeemed code and the deal must match.",
    );
  });
});
