/**
 * The wallet's ledger as a customer reads it on /myaccount/wallet (product.md §2 "wallet",
 * §3 "Wallet entry"): where each entry came from, and when marketing credit runs out.
 *
 * Sources for whoever credits a wallet (addWalletCredit in apps/api wallet/queries.ts):
 * - "refund": a voucher or order refunded to the wallet (refundable credit);
 * - "referral": refer-a-friend credit (marketing credit, product.md §4 "Referral");
 * - "loyalty": club points exchanged for credit (marketing credit, services.md §5);
 * - "gift-card": a gift card redeemed (refundable credit, product.md §1);
 * - "promotion": any other promotional credit (marketing credit);
 * - "order": credit spent at checkout (a debit), "order-returned": credit given back by an
 *   order that was not completed, "expiry": marketing credit that ran out (a debit).
 */
export const WALLET_ENTRY_SOURCES = [
  "refund",
  "referral",
  "loyalty",
  "gift-card",
  "promotion",
  "order",
  "order-returned",
  "expiry",
] as const;
export type WalletEntrySource = (typeof WALLET_ENTRY_SOURCES)[number];

/** What the wallet history calls each source. */
export const WALLET_ENTRY_LABELS: Record<WalletEntrySource, string> = {
  refund: "Refund",
  referral: "Refer a friend credit",
  loyalty: "Club rewards credit",
  "gift-card": "Gift card redeemed",
  promotion: "Promotional credit",
  order: "Spent at checkout",
  "order-returned": "Returned from an order not completed",
  expiry: "Marketing credit expired",
};

/**
 * How long marketing credit lasts from the day it is given (ours: the spec says only that it
 * expires; the wallet terms point to the date shown in the wallet). Refundable credit is the
 * customer's money and never expires.
 */
export const MARKETING_CREDIT_VALIDITY_DAYS = 90;

const DAY_MS = 86_400_000;

export function marketingCreditExpiry(givenAt: Date): Date {
  return new Date(givenAt.getTime() + MARKETING_CREDIT_VALIDITY_DAYS * DAY_MS);
}

/**
 * What is left of one marketing credit when it expires. Checkout spends marketing credit
 * soonest-expiring first, so the balance is made of the credits that expire last: this one
 * keeps whatever of the balance the later-expiring credits do not account for, never more
 * than it gave and never less than nothing.
 */
export function expiringRemainderMinor(
  creditMinor: number,
  marketingBalanceMinor: number,
  laterCreditsMinor: number,
): number {
  const left = marketingBalanceMinor - Math.max(0, laterCreditsMinor);
  return Math.max(0, Math.min(creditMinor, left));
}
