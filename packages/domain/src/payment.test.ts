import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  availablePaymentMethods,
  CARD_MESSAGES,
  cartGuardProblems,
  checkPaymentChoice,
  detectCardBrand,
  explainsRefusal,
  PAYMENT_MESSAGES,
  PAYMENT_PROVIDER_FOR,
  type PaymentContext,
  type PaymentMethod,
  parseCardExpiry,
  passesLuhn,
  validateCard,
  validateCardExpiry,
  validateCardNumber,
  validateSecurityCode,
} from "./payment.ts";

describe("card brand detection", () => {
  it("recognises Visa, MasterCard (including the 2-series), American Express and Diners", () => {
    expect(detectCardBrand("4111 1111 1111 1111")).toBe("visa");
    expect(detectCardBrand("5555555555554444")).toBe("mastercard");
    expect(detectCardBrand("2223003122003222")).toBe("mastercard");
    expect(detectCardBrand("2720990000000000")).toBe("mastercard");
    expect(detectCardBrand("378282246310005")).toBe("amex");
    expect(detectCardBrand("30569309025904")).toBe("diners");
    expect(detectCardBrand("36227206271667")).toBe("diners");
  });

  it("recognises other brands and unknown prefixes", () => {
    expect(detectCardBrand("6011111111111117")).toBe("discover");
    expect(detectCardBrand("3530111333300000")).toBe("jcb");
    expect(detectCardBrand("6759649826438453")).toBe("maestro");
    expect(detectCardBrand("2221")).toBe("mastercard");
    expect(detectCardBrand("2220")).toBe("unknown");
    expect(detectCardBrand("2721")).toBe("unknown");
    expect(detectCardBrand("abcd")).toBe("unknown");
    expect(detectCardBrand(undefined)).toBe("unknown");
  });
});

describe("Luhn", () => {
  it("accepts valid test numbers and refuses a changed digit", () => {
    expect(passesLuhn("4111111111111111")).toBe(true);
    expect(passesLuhn("4111111111111112")).toBe(false);
    expect(passesLuhn("")).toBe(false);
    expect(passesLuhn("41x1")).toBe(false);
  });

  it("refuses any single changed digit of a valid number (property)", () => {
    fc.assert(
      fc.property(fc.nat(15), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = "4242424242424242".split("").map(Number);
        digits[position] = (digits[position]! + delta) % 10;
        expect(passesLuhn(digits.join(""))).toBe(false);
      }),
    );
  });
});

describe("validateCardNumber", () => {
  it("accepts Visa and MasterCard", () => {
    expect(validateCardNumber("4111 1111 1111 1111")).toBeUndefined();
    expect(validateCardNumber("5555-5555-5555-4444")).toBeUndefined();
    expect(validateCardNumber("2223003122003222")).toBeUndefined();
  });

  it("refuses American Express and Diners, naming that only Visa and MasterCard are accepted", () => {
    expect(validateCardNumber("378282246310005")).toBe("Only Visa and MasterCard are accepted");
    expect(validateCardNumber("30569309025904")).toBe("Only Visa and MasterCard are accepted");
  });

  it("refuses a number that fails Luhn, is too short, or has letters", () => {
    expect(validateCardNumber("4111111111111112")).toBe(CARD_MESSAGES.numberInvalid);
    expect(validateCardNumber("4242")).toBe(CARD_MESSAGES.numberInvalid);
    expect(validateCardNumber("4111 1111 abcd 1111")).toBe(CARD_MESSAGES.numberInvalid);
  });

  it("requires a number and never throws on junk", () => {
    expect(validateCardNumber("")).toBe(CARD_MESSAGES.numberRequired);
    fc.assert(fc.property(fc.anything(), (junk) => typeof validateCardNumber(junk) !== "number"));
  });
});

describe("card expiry", () => {
  const now = new Date("2025-06-15T12:00:00Z");

  it("reads MM/YY, MM/YYYY and MMYY", () => {
    expect(parseCardExpiry("07/27")).toEqual({ month: 7, year: 2027 });
    expect(parseCardExpiry("07 / 2027")).toEqual({ month: 7, year: 2027 });
    expect(parseCardExpiry("0727")).toEqual({ month: 7, year: 2027 });
    expect(parseCardExpiry("13/27")).toBeUndefined();
    expect(parseCardExpiry(727)).toBeUndefined();
  });

  it("is valid to the end of its month, then Card Expired", () => {
    expect(validateCardExpiry("06/25", now)).toBeUndefined();
    expect(validateCardExpiry("06/25", new Date("2025-06-30T23:59:59Z"))).toBeUndefined();
    expect(validateCardExpiry("06/25", new Date("2025-07-01T00:00:00Z"))).toBe("Card Expired");
    expect(validateCardExpiry("05/25", now)).toBe("Card Expired");
  });

  it("refuses malformed dates and ones decades away", () => {
    expect(validateCardExpiry("00/26", now)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(validateCardExpiry("12/2099", now)).toBe(CARD_MESSAGES.expiryInvalid);
    expect(validateCardExpiry("", now)).toBe(CARD_MESSAGES.expiryInvalid);
  });
});

describe("security code", () => {
  it("is required", () => {
    expect(validateSecurityCode("")).toBe("Security code is required");
    expect(validateSecurityCode(undefined)).toBe("Security code is required");
  });

  it("is three digits, four on American Express", () => {
    expect(validateSecurityCode("123", "visa")).toBeUndefined();
    expect(validateSecurityCode("1234", "visa")).toBe(CARD_MESSAGES.securityCodeInvalid);
    expect(validateSecurityCode("1234", "amex")).toBeUndefined();
  });
});

describe("validateCard", () => {
  it("collects every error with the detected brand", () => {
    const now = new Date("2025-06-15T12:00:00Z");
    expect(validateCard({ number: "4111111111111111", expiry: "12/27", securityCode: "123" }, now)).toEqual({
      ok: true,
      brand: "visa",
      errors: {},
    });
    expect(validateCard({ number: "378282246310005", expiry: "01/25", securityCode: "" }, now)).toEqual({
      ok: false,
      brand: "amex",
      errors: {
        number: "Only Visa and MasterCard are accepted",
        expiry: "Card Expired",
        securityCode: "Security code is required",
      },
    });
  });
});

const base: PaymentContext = {
  authenticated: false,
  orderTotalMinor: 3000,
  currency: "GBP",
  lines: [{ dealId: 1, subCategoryId: 5 }],
  storedInstruments: [],
};
const offeredMethods = (ctx: PaymentContext) => availablePaymentMethods(ctx).offered.map((o) => o.method);
const reasonFor = (ctx: PaymentContext, method: PaymentMethod) =>
  availablePaymentMethods(ctx).refused.find((r) => r.method === method)?.reason;

describe("availablePaymentMethods: who sees what", () => {
  it("shows guests Apple Pay, Google Pay, Clearpay and Klarna express", () => {
    expect(offeredMethods(base)).toEqual(["apple_pay", "clearpay", "google_pay", "klarna"]);
    expect(reasonFor(base, "credit_card")).toBe(PAYMENT_MESSAGES.needsLogin);
  });

  it("gives signed-in customers card and PayPal, new or stored", () => {
    const ctx: PaymentContext = {
      ...base,
      authenticated: true,
      storedInstruments: [{ id: "card-1", type: "card", default: true }],
    };
    const { offered } = availablePaymentMethods(ctx);
    expect(offered).toEqual([
      { method: "credit_card", instrumentType: "NEW", provider: "BRAINTREE" },
      { method: "credit_card", instrumentType: "EXISTING", provider: "BRAINTREE", instrumentId: "card-1" },
      { method: "paypal", instrumentType: "NEW", provider: "BRAINTREE" },
    ]);
    expect(reasonFor(ctx, "apple_pay")).toBe(PAYMENT_MESSAGES.guestMethod);
  });

  it("needs stored instruments for one-click payment", () => {
    const ctx = { ...base, authenticated: true };
    const refused = availablePaymentMethods(ctx).refused.filter((r) => r.instrumentType === "EXISTING");
    expect(refused.map((r) => [r.method, r.reason])).toEqual([
      ["credit_card", PAYMENT_MESSAGES.noStoredInstrument],
      ["paypal", PAYMENT_MESSAGES.noStoredInstrument],
    ]);
  });

  it("names the providers BRAINTREE, CLEARPAY and KLARNA", () => {
    expect(PAYMENT_PROVIDER_FOR.clearpay).toBe("CLEARPAY");
    expect(PAYMENT_PROVIDER_FOR.klarna).toBe("KLARNA");
    expect(PAYMENT_PROVIDER_FOR.apple_pay).toBe("BRAINTREE");
  });
});

describe("availablePaymentMethods: cart guards", () => {
  const risky = { ...base, lines: [{ dealId: 1, subCategoryId: 5, highFraudRisk: true }] };

  it("blocks one-click wallets and pay-later for high-fraud-risk deals", () => {
    expect(offeredMethods(risky)).toEqual([]);
    const customer: PaymentContext = {
      ...risky,
      authenticated: true,
      storedInstruments: [
        { id: "pp-1", type: "paypal" },
        { id: "card-1", type: "card" },
      ],
    };
    const offered = availablePaymentMethods(customer).offered;
    expect(offered.map((o) => `${o.method}:${o.instrumentType}`)).toEqual([
      "credit_card:NEW",
      "credit_card:EXISTING",
      "paypal:NEW",
    ]);
    expect(reasonFor(customer, "paypal")).toBe(PAYMENT_MESSAGES.notForBasket);
  });

  it("offers Clearpay and Klarna only for totals from 1 to 1000", () => {
    expect(offeredMethods({ ...base, orderTotalMinor: 100 })).toContain("clearpay");
    expect(offeredMethods({ ...base, orderTotalMinor: 100_000 })).toContain("klarna");
    const over = { ...base, orderTotalMinor: 100_001 };
    expect(offeredMethods(over)).toEqual(["apple_pay", "google_pay"]);
    expect(reasonFor(over, "clearpay")).toBe("Pay later is available for orders between £1 and £1,000.");
    expect(offeredMethods({ ...base, orderTotalMinor: 99 })).not.toContain("clearpay");
  });

  it("blocks Clearpay for subcategories 218, 711, 197 and 200, Klarna for 218 and 711", () => {
    for (const id of [218, 711]) {
      expect(offeredMethods({ ...base, lines: [{ dealId: 1, subCategoryId: id }] })).toEqual([
        "apple_pay",
        "google_pay",
      ]);
    }
    for (const id of [197, 200]) {
      expect(offeredMethods({ ...base, lines: [{ dealId: 1, subCategoryId: id }] })).toEqual([
        "apple_pay",
        "google_pay",
        "klarna",
      ]);
    }
  });

  it("allows subcategories 14, 17, 386, 398, 585 and 586 only when the total is under 50", () => {
    for (const id of [14, 17, 386, 398, 585, 586]) {
      const lines = [{ dealId: 1, subCategoryId: id }];
      expect(offeredMethods({ ...base, lines, orderTotalMinor: 4999 })).toHaveLength(4);
      const atLimit = { ...base, lines, orderTotalMinor: 5000 };
      expect(offeredMethods(atLimit)).toEqual([]);
      expect(cartGuardProblems(atLimit)).toEqual([
        "A deal in your basket can only be bought in an order under £50.",
      ]);
    }
  });

  it("limits a gift to a product with an adminFee", () => {
    const gift = { ...base, lines: [{ dealId: 1, gift: true, adminFee: 0 }] };
    expect(cartGuardProblems(gift)).toEqual(["This product cannot be sent as a gift."]);
    expect(offeredMethods(gift)).toEqual([]);
    expect(cartGuardProblems({ ...base, lines: [{ dealId: 1, gift: true, adminFee: 195 }] })).toEqual([]);
  });

  it("never offers pay-later outside 1 to 1000, nor anything risky to a high-fraud basket (property)", () => {
    const ctx = fc.record({
      authenticated: fc.boolean(),
      orderTotalMinor: fc.integer({ min: 0, max: 200_000 }),
      currency: fc.constantFrom("GBP" as const, "EUR" as const),
      lines: fc.array(
        fc.record({
          dealId: fc.nat(),
          subCategoryId: fc.constantFrom(5, 14, 197, 218, 711),
          highFraudRisk: fc.boolean(),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      storedInstruments: fc.array(
        fc.record({
          id: fc.string({ minLength: 1 }),
          type: fc.constantFrom("card" as const, "paypal" as const),
        }),
        { maxLength: 2 },
      ),
    });
    fc.assert(
      fc.property(ctx, (c) => {
        const { offered } = availablePaymentMethods(c);
        const payLater = offered.filter((o) => o.method === "clearpay" || o.method === "klarna");
        if (c.orderTotalMinor < 100 || c.orderTotalMinor > 100_000) expect(payLater).toEqual([]);
        if (c.lines.some((l) => l.highFraudRisk)) {
          expect(
            offered.filter((o) => o.method !== "credit_card" && o.instrumentType === "EXISTING"),
          ).toEqual([]);
          expect(offered.map((o) => o.method)).not.toContain("apple_pay");
          expect(payLater).toEqual([]);
        }
        for (const o of offered)
          expect(c.authenticated).toBe(o.method === "credit_card" || o.method === "paypal");
      }),
    );
  });
});

describe("checkPaymentChoice", () => {
  const customer: PaymentContext = {
    ...base,
    authenticated: true,
    storedInstruments: [{ id: "card-1", type: "card" }],
  };

  it("accepts an offered option, including a stored instrument by id", () => {
    expect(checkPaymentChoice(customer, { method: "credit_card", instrumentType: "NEW" }).ok).toBe(true);
    expect(
      checkPaymentChoice(customer, {
        method: "credit_card",
        instrumentType: "EXISTING",
        instrumentId: "card-1",
      }),
    ).toMatchObject({ ok: true, option: { instrumentId: "card-1" } });
  });

  it("refuses with the reason, or a generic one for an unknown stored instrument", () => {
    expect(checkPaymentChoice(customer, { method: "klarna", instrumentType: "NEW" })).toEqual({
      ok: false,
      reason: PAYMENT_MESSAGES.guestMethod,
    });
    expect(
      checkPaymentChoice(customer, {
        method: "credit_card",
        instrumentType: "EXISTING",
        instrumentId: "other",
      }),
    ).toEqual({ ok: false, reason: PAYMENT_MESSAGES.unavailable });
  });
});

describe("explainsRefusal", () => {
  it("explains what the basket rules out, not what belongs to the other kind of shopper", () => {
    expect(explainsRefusal({ reason: PAYMENT_MESSAGES.notForBasket })).toBe(true);
    expect(explainsRefusal({ reason: "Pay later is available for orders between £1 and £1,000." })).toBe(
      true,
    );
    expect(explainsRefusal({ reason: PAYMENT_MESSAGES.guestMethod })).toBe(false);
    expect(explainsRefusal({ reason: PAYMENT_MESSAGES.needsLogin })).toBe(false);
    expect(explainsRefusal({ reason: PAYMENT_MESSAGES.noStoredInstrument })).toBe(false);
  });
});
