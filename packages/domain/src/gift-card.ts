/**
 * Gift-card redemption (product.md §1 "gift-card and gift-code redemption", §5 "Currencies of
 * a redeemed code and the deal must match", §6 "must log in ... to redeem codes"): which
 * cards can be redeemed on a site, and what the shopper is told when one cannot.
 */
import type { Currency } from "./brand.ts";
import type { VoucherStatus } from "./voucher.ts";
import { redeemedCodeCurrencyError } from "./wallet.ts";

/** A gift card can be redeemed for 12 months from purchase (the gift card terms, /page/giftcardterms). */
export const GIFT_CARD_VALIDITY_MONTHS = 12;

/** When a gift card bought at `issuedAt` expires: the same moment 12 calendar months on. */
export function giftCardExpiry(issuedAt: Date): Date {
  const expiry = new Date(issuedAt.getTime());
  const day = expiry.getUTCDate();
  expiry.setUTCDate(1);
  expiry.setUTCMonth(expiry.getUTCMonth() + GIFT_CARD_VALIDITY_MONTHS);
  // 29 February bought, 28 February next year: never past the end of the month.
  const lastDay = new Date(Date.UTC(expiry.getUTCFullYear(), expiry.getUTCMonth() + 1, 0)).getUTCDate();
  expiry.setUTCDate(Math.min(day, lastDay));
  return expiry;
}

export const GIFT_CARD_MESSAGES = {
  notRecognised: "Gift card code not recognised.",
  alreadyRedeemed: "This gift card has already been redeemed.",
  expired: "This gift card has expired.",
  unavailable: "This gift card can no longer be redeemed.",
} as const;

export interface GiftCardRefusal {
  status: 409 | 422;
  code: "GIFT_CARD_ALREADY_REDEEMED" | "GIFT_CARD_EXPIRED" | "GIFT_CARD_UNAVAILABLE" | "CURRENCY_MISMATCH";
  message: string;
}

/**
 * Why a found card cannot be redeemed on a site in `siteCurrency` at `now`, or null when it
 * can. The credit is in the card's own currency, so a pound card is redeemed on a UK site and
 * a euro card on an Irish one.
 */
export function giftCardRefusal(
  card: { status: VoucherStatus | string; expiresAt: Date; currency: Currency },
  siteCurrency: Currency,
  now: Date,
): GiftCardRefusal | null {
  const mismatch = redeemedCodeCurrencyError(card.currency, siteCurrency);
  if (mismatch) return { status: 422, code: "CURRENCY_MISMATCH", message: mismatch };
  if (card.status === "Redeemed")
    return { status: 409, code: "GIFT_CARD_ALREADY_REDEEMED", message: GIFT_CARD_MESSAGES.alreadyRedeemed };
  if (card.status !== "Ready to Redeem")
    return { status: 422, code: "GIFT_CARD_UNAVAILABLE", message: GIFT_CARD_MESSAGES.unavailable };
  if (card.expiresAt.getTime() <= now.getTime())
    return { status: 422, code: "GIFT_CARD_EXPIRED", message: GIFT_CARD_MESSAGES.expired };
  return null;
}
