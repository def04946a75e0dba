import { describe, expect, it } from "vitest";
import { DRAFT_PREFIX, payDraft } from "./checkout-draft.ts";

describe("payDraft", () => {
  it("keeps the email, address, passengers and PayPal email, never the card", () => {
    const form = new FormData();
    const typed: Record<string, string> = {
      expressEmail: "guest@example.com",
      postCode: " SW1A 1AA ",
      addressLine1: "10 Downing Street",
      town: "London",
      passengerCount: "2",
      "p0-firstNames": "Ada",
      "p1-contactPhone": "07700 900123",
      paypalEmail: "payer@example.com",
      cardNumber: "4111 1111 1111 1111",
      cardExpiry: "12/30",
      cardSecurityCode: "123",
      idempotencyKey: "k",
      intent: "login",
      "p0-cardNumber": "4111",
    };
    for (const [name, value] of Object.entries(typed)) form.append(DRAFT_PREFIX + name, value);
    form.append("password", "secret");
    expect(payDraft(form.entries(), DRAFT_PREFIX)).toEqual({
      expressEmail: "guest@example.com",
      postCode: "SW1A 1AA",
      addressLine1: "10 Downing Street",
      town: "London",
      passengerCount: "2",
      "p0-firstNames": "Ada",
      "p1-contactPhone": "07700 900123",
      paypalEmail: "payer@example.com",
    });
  });

  it("drops empty and non-text values and caps long ones", () => {
    const draft = payDraft([
      ["town", "  "],
      ["addressLine2", 42],
      ["addressLine1", "x".repeat(500)],
    ]);
    expect(draft).toEqual({ addressLine1: "x".repeat(200) });
  });
});
