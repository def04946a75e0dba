import { describe, expect, it } from "vitest";
import { GIFT_CODE_NOT_RECOGNISED, giftClaimDecision, OWN_GIFT_MESSAGE } from "./gift-claim.ts";

describe("giftClaimDecision", () => {
  it("lets the first recipient claim, and answers them again once it is theirs", () => {
    expect(giftClaimDecision({ senderId: 1, claimedBy: null }, 2)).toEqual({ outcome: "claim" });
    expect(giftClaimDecision({ senderId: 1, claimedBy: 2 }, 2)).toEqual({ outcome: "already-yours" });
  });

  it("answers an unknown code and someone else's claimed gift alike", () => {
    const unknown = { outcome: "refused", status: 404, message: GIFT_CODE_NOT_RECOGNISED };
    expect(giftClaimDecision(null, 2)).toEqual(unknown);
    expect(giftClaimDecision({ senderId: 1, claimedBy: 3 }, 2)).toEqual(unknown);
  });

  it("does not let the sender claim their own gift", () => {
    expect(giftClaimDecision({ senderId: 1, claimedBy: null }, 1)).toMatchObject({
      status: 422,
      message: OWN_GIFT_MESSAGE,
    });
  });
});
