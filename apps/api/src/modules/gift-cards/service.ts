/**
 * Redeeming a gift card (product.md §1, §5): the signed-in customer's wallet gets the card's
 * value as refundable credit in the card's currency, once per code. The redemption row's
 * primary key is the guard: of two tabs redeeming at the same moment one records it, the
 * other waits and finds it recorded. A customer repeating their own redemption gets the same
 * answer and no more credit.
 */
import type { Db } from "@deals/db";
import type { Brand, Currency } from "@deals/domain/brand";
import { GIFT_CARD_MESSAGES, giftCardRefusal } from "@deals/domain/gift-card";
import { ApiError } from "../../errors.ts";
import type { Customer } from "../accounts/auth.ts";
import { addWalletCredit, walletOf } from "../wallet/queries.ts";
import { findGiftCard, markRedeemed, recordRedemption, redemptionOf } from "./queries.ts";
import type { GiftCardRedeemed } from "./schemas.ts";

export async function redeemGiftCard(
  db: Db,
  request: { customer: Customer; brand: Brand; code: string; now: Date },
): Promise<GiftCardRedeemed> {
  const { customer, brand, now } = request;
  const code = request.code.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const card = await findGiftCard(tx, code);
    if (!card) throw new ApiError(404, "GIFT_CARD_NOT_FOUND", GIFT_CARD_MESSAGES.notRecognised);
    const currency = card.currency as Currency;
    const answer = async (amount: number, alreadyRedeemed: boolean) => ({
      currency,
      amount,
      alreadyRedeemed,
      wallet: await walletOf(tx, customer.id),
    });
    const repeated = async () => {
      const prior = await redemptionOf(tx, card.voucherId);
      if (prior?.customerId === customer.id) return answer(prior.amountMinor, true);
      throw new ApiError(409, "GIFT_CARD_ALREADY_REDEEMED", GIFT_CARD_MESSAGES.alreadyRedeemed);
    };
    const refusal = giftCardRefusal({ ...card, currency }, brand.currency, now);
    if (refusal?.code === "GIFT_CARD_ALREADY_REDEEMED") return repeated();
    if (refusal) throw new ApiError(refusal.status, refusal.code, refusal.message);
    const recorded = await recordRedemption(tx, {
      voucherId: card.voucherId,
      customerId: customer.id,
      amountMinor: card.valueMinor,
      currency,
      redeemedAt: now,
    });
    if (!recorded) return repeated();
    await markRedeemed(tx, card.voucherId);
    await addWalletCredit(tx, {
      customerId: customer.id,
      currency,
      kind: "refundable",
      source: "gift-card",
      amountMinor: card.valueMinor,
      description: `Gift card ${code}`,
      now,
    });
    return answer(card.valueMinor, false);
  });
}
