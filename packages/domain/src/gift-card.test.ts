import { describe, expect, it } from "vitest";
import { GIFT_CARD_MESSAGES, giftCardRefusal } from "./gift-card.ts";

const NOW = new Date("2026-06-15T10:00:00Z");
const card = (over: Partial<Parameters<typeof giftCardRefusal>[0]> = {}) => ({
  status: "Ready to Redeem",
  expiresAt: new Date("2026-09-01T00:00:00Z"),
  currency: "GBP" as const,
  ...over,
});

describe("giftCardRefusal", () => {
  it("lets an unused card in the site's currency be redeemed", () => {
    expect(giftCardRefusal(card(), "GBP", NOW)).toBeNull();
    expect(giftCardRefusal(card({ currency: "EUR" }), "EUR", NOW)).toBeNull();
  });

  it("refuses a card in another currency than the site's, with the spec's rule", () => {
    expect(giftCardRefusal(card({ currency: "EUR" }), "GBP", NOW)).toEqual({
      status: 422,
      code: "CURRENCY_MISMATCH",
      message: "Currencies of a redeemed code and the deal must match.",
    });
  });

  it("refuses a card already redeemed, refunded or expired", () => {
    expect(giftCardRefusal(card({ status: "Redeemed" }), "GBP", NOW)?.message).toBe(
      GIFT_CARD_MESSAGES.alreadyRedeemed,
    );
    expect(giftCardRefusal(card({ status: "Refunded" }), "GBP", NOW)?.message).toBe(
      GIFT_CARD_MESSAGES.unavailable,
    );
    expect(giftCardRefusal(card({ expiresAt: NOW }), "GBP", NOW)?.message).toBe(GIFT_CARD_MESSAGES.expired);
  });
});
