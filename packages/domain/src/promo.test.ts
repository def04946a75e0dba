import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyPromo,
  classifyPromoMessage,
  PROMO_MESSAGES,
  type Promo,
  type PromoBasketLine,
  promoAnalyticsEvent,
} from "./promo.ts";

describe("classifyPromoMessage", () => {
  it("classifies by the message text it contains", () => {
    expect(classifyPromoMessage("Sorry, this code has expired.")).toBe("expired");
    expect(classifyPromoMessage("Invalid promo code")).toBe("invalid");
    expect(classifyPromoMessage("Code already used")).toBe("already_used");
    expect(classifyPromoMessage("Code not applicable for this deal")).toBe("not_applicable");
    expect(classifyPromoMessage("User NOT ELIGIBLE")).toBe("not_eligible");
    expect(classifyPromoMessage("Promo code applied: 10% off")).toBe("success");
  });

  it("treats a missing or non-text message as success", () => {
    expect(classifyPromoMessage(undefined)).toBe("success");
    expect(classifyPromoMessage(42)).toBe("success");
  });

  it("maps each result to its analytics event", () => {
    expect(promoAnalyticsEvent("expired")).toBe("promo_code_expired");
    expect(promoAnalyticsEvent("invalid")).toBe("promo_code_invalid");
    expect(promoAnalyticsEvent("already used")).toBe("promo_code_already_used");
    expect(promoAnalyticsEvent("not applicable")).toBe("promo_code_na_deal");
    expect(promoAnalyticsEvent("not eligible")).toBe("promo_code_na_user");
    expect(promoAnalyticsEvent("Promo code applied")).toBe("promo_code_successful");
  });
});

const now = new Date("2025-06-15T12:00:00Z");
const noUse = { totalUses: 0, customerUses: 0, customerOrders: 3 };
const line = (id: string, dealId: number, totalMinor: number, extra: Partial<PromoBasketLine> = {}) => ({
  id,
  dealId,
  categoryId: 1,
  subCategoryId: 10,
  totalMinor,
  currency: "GBP" as const,
  ...extra,
});
const tenPercent: Promo = { code: "SAVE10", discount: { kind: "percentage", percent: 10 } };
const fiveOff: Promo = { code: "FIVER", discount: { kind: "fixed", amountMinor: 500, currency: "GBP" } };

describe("applyPromo refusals classify as the spec's outcomes", () => {
  const basket = [line("a", 1, 2000)];

  it("an unknown code is invalid", () => {
    const result = applyPromo(basket, undefined, now, noUse);
    expect(result).toEqual({ ok: false, outcome: "invalid", message: "This promo code is invalid" });
  });

  it("a code not yet started, or with a zero discount, is invalid", () => {
    const later = { ...tenPercent, startsAt: new Date("2025-07-01T00:00:00Z") };
    expect(applyPromo(basket, later, now, noUse).outcome).toBe("invalid");
    const zero: Promo = { code: "ZERO", discount: { kind: "percentage", percent: 0 } };
    expect(applyPromo(basket, zero, now, noUse).outcome).toBe("invalid");
  });

  it("a code past its expiry has expired, from the expiry instant on", () => {
    const expiring = { ...tenPercent, expiresAt: now };
    const result = applyPromo(basket, expiring, now, noUse);
    expect(result).toMatchObject({ outcome: "expired", message: "This promo code has expired" });
    expect(applyPromo(basket, expiring, new Date(now.getTime() - 1), noUse).ok).toBe(true);
  });

  it("a code everyone has used up has expired", () => {
    const limited = { ...tenPercent, maxUses: 100 };
    expect(applyPromo(basket, limited, now, { ...noUse, totalUses: 100 }).outcome).toBe("expired");
    expect(applyPromo(basket, limited, now, { ...noUse, totalUses: 99 }).ok).toBe(true);
  });

  it("a code this customer has used up is already used", () => {
    const once = { ...tenPercent, maxUsesPerCustomer: 1 };
    const result = applyPromo(basket, once, now, { ...noUse, customerUses: 1 });
    expect(result).toMatchObject({
      outcome: "already_used",
      message: "You have already used this promo code",
    });
  });

  it("a new-customer code for a returning customer is not eligible", () => {
    const welcome = { ...tenPercent, newCustomersOnly: true };
    const result = applyPromo(basket, welcome, now, noUse);
    expect(result).toMatchObject({
      outcome: "not_eligible",
      message: "You are not eligible for this promo code",
    });
    expect(applyPromo(basket, welcome, now, { ...noUse, customerOrders: 0 }).ok).toBe(true);
  });

  it("a code for other deals or categories is not applicable", () => {
    const other = { ...tenPercent, dealIds: [99], categoryIds: [7] };
    const result = applyPromo(basket, other, now, noUse);
    expect(result).toMatchObject({
      outcome: "not_applicable",
      message: "This promo code is not applicable to the deals in your basket",
    });
  });

  it("a fixed code in another currency is not applicable", () => {
    const euros: Promo = { code: "EURO5", discount: { kind: "fixed", amountMinor: 500, currency: "EUR" } };
    expect(applyPromo(basket, euros, now, noUse).outcome).toBe("not_applicable");
  });

  it("every message classifies as the outcome it is given with", () => {
    expect(classifyPromoMessage(PROMO_MESSAGES.expired)).toBe("expired");
    expect(classifyPromoMessage(PROMO_MESSAGES.invalid)).toBe("invalid");
    expect(classifyPromoMessage(PROMO_MESSAGES.alreadyUsed)).toBe("already_used");
    expect(classifyPromoMessage(PROMO_MESSAGES.notApplicable)).toBe("not_applicable");
    expect(classifyPromoMessage(PROMO_MESSAGES.notEligible)).toBe("not_eligible");
    expect(classifyPromoMessage(PROMO_MESSAGES.applied)).toBe("success");
  });
});

describe("applyPromo discounts", () => {
  it("takes a percentage of each line, rounded down", () => {
    const result = applyPromo([line("a", 1, 1999), line("b", 2, 500)], tenPercent, now, noUse);
    expect(result).toMatchObject({
      ok: true,
      outcome: "success",
      discounts: [
        { lineId: "a", discountMinor: 199 },
        { lineId: "b", discountMinor: 50 },
      ],
      totalDiscountMinor: 249,
    });
  });

  it("applies only to the deals or categories named", () => {
    const promo = { ...tenPercent, dealIds: [2], categoryIds: [30] };
    const basket = [line("a", 1, 1000), line("b", 2, 1000), line("c", 3, 1000, { subCategoryId: 30 })];
    const result = applyPromo(basket, promo, now, noUse);
    expect(result.ok && result.discounts.map((d) => d.lineId)).toEqual(["b", "c"]);
  });

  it("shares a fixed amount in proportion and never beyond the total", () => {
    const result = applyPromo([line("a", 1, 1000), line("b", 2, 2000)], fiveOff, now, noUse);
    expect(result.ok && result.discounts).toEqual([
      { lineId: "a", discountMinor: 167 },
      { lineId: "b", discountMinor: 333 },
    ]);
    const small = applyPromo([line("a", 1, 300)], fiveOff, now, noUse);
    expect(small.ok && small.totalDiscountMinor).toBe(300);
  });

  const lines = fc
    .array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 6 })
    .map((totals) => totals.map((t, i) => line(`l${i}`, i, t)));

  it("a fixed discount sums to the lesser of the amount and the total, no line over its total", () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 1, max: 1_000_000 }), (basket, amountMinor) => {
        const promo: Promo = { code: "X", discount: { kind: "fixed", amountMinor, currency: "GBP" } };
        const result = applyPromo(basket, promo, now, noUse);
        if (!result.ok) throw new Error(result.message);
        const total = basket.reduce((s, l) => s + l.totalMinor, 0);
        expect(result.totalDiscountMinor).toBe(Math.min(amountMinor, total));
        result.discounts.forEach((d, i) => {
          expect(d.discountMinor).toBeGreaterThanOrEqual(0);
          expect(d.discountMinor).toBeLessThanOrEqual(basket[i]!.totalMinor);
        });
      }),
    );
  });

  it("a percentage discount is within a penny per line of the exact rate", () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 1, max: 100 }), (basket, percent) => {
        const result = applyPromo(
          basket,
          { code: "P", discount: { kind: "percentage", percent } },
          now,
          noUse,
        );
        if (!result.ok) throw new Error(result.message);
        result.discounts.forEach((d, i) => {
          const exact = (basket[i]!.totalMinor * percent) / 100;
          expect(d.discountMinor).toBeLessThanOrEqual(exact);
          expect(d.discountMinor).toBeGreaterThan(exact - 1);
        });
      }),
    );
  });
});
