/**
 * Claiming an e-gift (product.md §2 "gift claim", page type claim-gift; §5 "gift code not
 * recognised"): who may claim a gift with its code. A gift someone else has claimed answers
 * as an unknown code, so a code reveals nothing about another customer's gift.
 */
export const GIFT_CODE_NOT_RECOGNISED = "Gift code not recognised";
export const OWN_GIFT_MESSAGE = "This is a gift you sent: it is waiting for its recipient to claim it.";

export type GiftClaimDecision =
  | { outcome: "claim" }
  | { outcome: "already-yours" }
  | { outcome: "refused"; status: 404 | 422; message: string };

export function giftClaimDecision(
  gift: { senderId: number; claimedBy: number | null } | null,
  customerId: number,
): GiftClaimDecision {
  if (!gift) return { outcome: "refused", status: 404, message: GIFT_CODE_NOT_RECOGNISED };
  if (gift.claimedBy === customerId) return { outcome: "already-yours" };
  if (gift.claimedBy !== null) return { outcome: "refused", status: 404, message: GIFT_CODE_NOT_RECOGNISED };
  if (gift.senderId === customerId) return { outcome: "refused", status: 422, message: OWN_GIFT_MESSAGE };
  return { outcome: "claim" };
}
