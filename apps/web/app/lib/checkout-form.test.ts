import { describe, expect, it } from "vitest";
import type { CheckoutData } from "./basket-api.ts";
import {
  fieldForApiError,
  fieldLabel,
  PAYMENT_REQUIRED_MESSAGE,
  type PayFormContext,
  passengerCountOf,
  paymentOptionValue,
  readExpressForm,
  readPayForm,
} from "./checkout-form.ts";

const NOW = new Date("2026-06-15T10:00:00Z");
const card = { method: "credit_card", instrumentType: "NEW", provider: "BRAINTREE" } as const;
const paypal = { method: "paypal", instrumentType: "NEW", provider: "BRAINTREE" } as const;
const savedCard = { ...card, instrumentType: "EXISTING", instrumentId: "12" } as const;

const requirements = (over: Partial<CheckoutData["requirements"]> = {}) => ({
  login: true,
  address: "postcode" as const,
  passengers: false,
  ...over,
});

const context = (over: Partial<PayFormContext> = {}): PayFormContext => ({
  country: "gb",
  requirements: requirements(),
  offered: [card, paypal, savedCard],
  totalOrderAmount: 4100,
  now: NOW,
  ...over,
});

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

const goodCard = {
  postCode: "SW1A 1AA",
  paymentOption: "credit_card:NEW",
  cardNumber: "4111 1111 1111 1111",
  cardExpiry: "12/29",
  cardSecurityCode: "123",
  useWallet: "false",
};

describe("paymentOptionValue", () => {
  it("names new and stored options apart", () => {
    expect(paymentOptionValue(card)).toBe("credit_card:NEW");
    expect(paymentOptionValue(savedCard)).toBe("credit_card:EXISTING:12");
  });
});

describe("readPayForm", () => {
  it("turns a complete card payment into the order request, with the total shown", () => {
    const { body, errors } = readPayForm(form(goodCard), context());
    expect(errors).toBeUndefined();
    expect(body).toEqual({
      useWallet: false,
      address: { postCode: "SW1A 1AA" },
      payment: {
        method: "credit_card",
        instrumentType: "NEW",
        saveInstrument: false,
        card: { number: "4111 1111 1111 1111", expiry: "12/29", securityCode: "123" },
      },
      expectedTotal: 4100,
    });
  });

  it("refuses an American Express card, an expired card and a missing security code, field by field", () => {
    const { body, errors } = readPayForm(
      form({ ...goodCard, cardNumber: "378282246310005", cardExpiry: "01/26", cardSecurityCode: "" }),
      context(),
    );
    expect(body).toBeNull();
    expect(errors).toEqual({
      cardNumber: "Only Visa and MasterCard are accepted",
      cardExpiry: "Card Expired",
      cardSecurityCode: "Security code is required",
    });
  });

  it("never echoes card details back", () => {
    const { values } = readPayForm(form({ ...goodCard, cardSecurityCode: "" }), context());
    expect(Object.keys(values)).not.toContain("cardNumber");
    expect(Object.keys(values)).not.toContain("cardExpiry");
    expect(Object.keys(values)).not.toContain("cardSecurityCode");
  });

  it("asks for a way to pay, unless wallet credit covers the order", () => {
    const { paymentOption: _chosen, ...rest } = goodCard;
    expect(readPayForm(form(rest), context()).errors).toEqual({ paymentOption: PAYMENT_REQUIRED_MESSAGE });
    const free = readPayForm(form({ ...rest, useWallet: "true" }), context({ totalOrderAmount: 0 }));
    expect(free.body).toMatchObject({ useWallet: true, expectedTotal: 0 });
    expect(free.body?.payment).toBeUndefined();
  });

  it("needs the whole address when something is delivered, a postcode otherwise", () => {
    const full = readPayForm(form(goodCard), context({ requirements: requirements({ address: "full" }) }));
    expect(full.errors).toEqual({ addressLine1: "This field is required", town: "This field is required" });
    expect(readPayForm(form({ ...goodCard, postCode: "nope" }), context()).errors).toEqual({
      postCode: "Enter a valid postcode",
    });
    expect(
      readPayForm(form({ ...goodCard, postCode: "D02 X285" }), context({ country: "ie" })).errors,
    ).toBeUndefined();
  });

  it("checks each passenger when the deal needs them, naming the field at fault", () => {
    const travel = context({ requirements: requirements({ passengers: true }) });
    const passenger = (index: number) => ({
      [`p${index}-title`]: "Ms",
      [`p${index}-firstNames`]: "Ann Marie",
      [`p${index}-lastName`]: "O'Neill",
      [`p${index}-dobDay`]: "4",
      [`p${index}-dobMonth`]: "7",
      [`p${index}-dobYear`]: "1990",
      [`p${index}-contactPhone`]: "+44 20 7946 0000",
    });
    const ok = readPayForm(
      form({ ...goodCard, passengerCount: "2", ...passenger(0), ...passenger(1) }),
      travel,
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.body?.passengers).toHaveLength(2);
    expect(ok.body?.passengers?.[1]).toEqual({
      title: "Ms",
      firstNames: "Ann Marie",
      lastName: "O'Neill",
      dateOfBirth: { day: "4", month: "7", year: "1990" },
      contactPhone: "+44 20 7946 0000",
    });

    const missing = readPayForm(
      form({
        ...goodCard,
        passengerCount: "2",
        ...passenger(0),
        ...passenger(1),
        "p1-title": "Dr",
        "p1-dobYear": "90",
      }),
      travel,
    );
    expect(missing.errors).toEqual({
      "p1-title": "Select a title: Mr, Mrs, Ms or Miss",
      "p1-dobDay": "Enter the year as YYYY",
    });
  });

  it("asks for the PayPal account's email for a new PayPal payment", () => {
    const result = readPayForm(
      form({ postCode: "SW1A 1AA", paymentOption: "paypal:NEW", paypalEmail: "x" }),
      context(),
    );
    expect(result.errors).toEqual({ paypalEmail: "Enter a valid email address" });
  });

  it("pays with a stored card by its id, with no card details", () => {
    const { body } = readPayForm(
      form({ postCode: "SW1A 1AA", paymentOption: "credit_card:EXISTING:12" }),
      context(),
    );
    expect(body?.payment).toEqual({
      method: "credit_card",
      instrumentType: "EXISTING",
      instrumentId: "12",
      saveInstrument: false,
    });
  });
});

describe("readExpressForm", () => {
  const applePay = { method: "apple_pay", instrumentType: "NEW", provider: "BRAINTREE" } as const;
  const klarna = { method: "klarna", instrumentType: "NEW", provider: "KLARNA" } as const;
  const guest = context({ offered: [applePay, klarna] });
  const express = {
    expressEmail: "guest@mail.example.co.uk",
    postCode: "SW1A 1AA",
    paymentOption: "klarna:NEW",
    useWallet: "true",
  };

  it("places the order under the guest's email with the express method chosen, never with wallet credit", () => {
    const { body, errors, values } = readExpressForm(form(express), guest);
    expect(errors).toBeUndefined();
    expect(values.expressEmail).toBe("guest@mail.example.co.uk");
    expect(body).toEqual({
      useWallet: false,
      address: { postCode: "SW1A 1AA" },
      payment: { method: "klarna", instrumentType: "NEW", saveInstrument: false },
      expectedTotal: 4100,
    });
  });

  it("needs a valid email first, with the pay form's own checks after it", () => {
    const { body, errors } = readExpressForm(form({ ...express, expressEmail: "nope", postCode: "" }), guest);
    expect(body).toBeNull();
    expect(errors).toEqual({
      expressEmail: "Enter a valid email address",
      postCode: "Postal code is required",
    });
    expect(Object.keys(errors ?? {})[0]).toBe("expressEmail");
  });

  it("refuses a method the basket does not offer a guest, and keeps the email typed", () => {
    const { errors, values } = readExpressForm(
      form({ ...express, paymentOption: "credit_card:NEW", expressEmail: "new@mail.example.co.uk" }),
      guest,
    );
    expect(errors).toEqual({ paymentOption: PAYMENT_REQUIRED_MESSAGE });
    expect(values.expressEmail).toBe("new@mail.example.co.uk");
  });
});

describe("passengerCountOf", () => {
  it("keeps 2, 4, 6 or 8 and starts at 2 otherwise", () => {
    expect(passengerCountOf("6")).toBe(6);
    expect(passengerCountOf("3")).toBe(2);
    expect(passengerCountOf(null)).toBe(2);
  });
});

describe("fieldForApiError", () => {
  it("points card refusals at their field", () => {
    expect(fieldForApiError("CARD_EXPIRED")).toBe("cardExpiry");
    expect(fieldForApiError("CARD_BRAND_REFUSED")).toBe("cardNumber");
    expect(fieldForApiError("PAYMENT_FAILED")).toBeUndefined();
    expect(fieldForApiError("ACCOUNT_EXISTS")).toBe("expressEmail");
  });
});

describe("fieldLabel", () => {
  it("names the field a message is about, passengers by number", () => {
    expect(fieldLabel("cardExpiry", "gb")).toBe("Expiry date");
    expect(fieldLabel("postCode", "gb")).toBe("Postcode");
    expect(fieldLabel("postCode", "ie")).toBe("Eircode");
    expect(fieldLabel("expressEmail", "gb")).toBe("Email address for your order");
    expect(fieldLabel("p1-dobDay", "gb")).toBe("Passenger 2 date of birth");
    expect(fieldLabel("p0-nope", "gb")).toBeUndefined();
    expect(fieldLabel("nope", "gb")).toBeUndefined();
  });
});
