import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GIFT_CARD_MESSAGES, giftCardExpiry, giftCardRefusal } from "./gift-card.ts";

describe("giftCardExpiry", () => {
  it("is 12 months from purchase, as the gift card terms promise", () => {
    expect(giftCardExpiry(new Date("2026-03-15T10:30:00Z"))).toEqual(new Date("2027-03-15T10:30:00Z"));
    expect(giftCardExpiry(new Date("2028-02-29T09:00:00Z"))).toEqual(new Date("2029-02-28T09:00:00Z"));
  });

  it("is always between 365 and 366 days on", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (at) => {
          const days = (giftCardExpiry(at).getTime() - at.getTime()) / 86_400_000;
          expect(days).toBeGreaterThanOrEqual(365);
          expect(days).toBeLessThanOrEqual(366);
        },
      ),
    );
  });
});

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
