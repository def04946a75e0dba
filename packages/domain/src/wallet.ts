/**
 * Wallet credit at checkout (product.md §5, services.md §9 MARKETING_CREDIT). A wallet holds,
 * per currency, marketing credit (promotional, limited per item) and refundable credit (money
 * returned to the customer, usable without limit). Amounts are minor units.
 */
import type { Currency } from "./brand.ts";
import { MARKETING_CREDIT } from "./constants.ts";

export interface WalletEntry {
  currency: string;
  marketingBalance: number;
  refundableBalance: number;
  balance: number;
}

export interface WalletItem {
  id: string;
  /** Line total in minor units. */
  totalMinor: number;
  /** Whether marketing credit may be spent on this item. */
  marketingCreditEligible: boolean;
}

export interface WalletPlan {
  currency: Currency;
  marketingMinor: number;
  refundableMinor: number;
  /** Marketing plus refundable credit used. */
  creditMinor: number;
  /** What is left to pay by other means. */
  payableMinor: number;
  /** Where the marketing credit went, so a refund can return it to the right item. */
  marketingByItem: { itemId: string; amountMinor: number }[];
}

/** The wallet entry for a currency, matched case-insensitively (product.md §5). */
export function walletForCurrency(
  entries: readonly WalletEntry[] | undefined,
  currency: string,
): WalletEntry | undefined {
  const wanted = currency.toUpperCase();
  return entries?.find((e) => typeof e.currency === "string" && e.currency.toUpperCase() === wanted);
}

const MARKETING_PERCENT = Math.round(MARKETING_CREDIT.maxShare * 100);

/** Marketing credit allowed on one item: 10 % of it, and at most 5 in local currency. */
export function marketingCreditCapMinor(itemTotalMinor: number): number {
  if (!Number.isSafeInteger(itemTotalMinor) || itemTotalMinor <= 0) return 0;
  return Math.min(Math.floor((itemTotalMinor * MARKETING_PERCENT) / 100), MARKETING_CREDIT.maxPerItemMinor);
}

const nonNegative = (amount: number) => (Number.isSafeInteger(amount) && amount > 0 ? amount : 0);

/**
 * How much wallet credit applies to a basket in `currency`: marketing credit first, item by
 * item within each item's cap, then refundable credit up to what is left. Never more than the
 * balances or the total.
 */
export function planWalletUse(
  items: readonly WalletItem[],
  wallet: readonly WalletEntry[] | undefined,
  currency: Currency,
): WalletPlan {
  const entry = walletForCurrency(wallet, currency);
  const totalMinor = items.reduce((sum, i) => sum + nonNegative(i.totalMinor), 0);

  let marketingLeft = nonNegative(entry?.marketingBalance ?? 0);
  const marketingByItem: WalletPlan["marketingByItem"] = [];
  for (const item of items) {
    if (!item.marketingCreditEligible || marketingLeft === 0) continue;
    const amountMinor = Math.min(marketingCreditCapMinor(item.totalMinor), marketingLeft);
    if (amountMinor === 0) continue;
    marketingByItem.push({ itemId: item.id, amountMinor });
    marketingLeft -= amountMinor;
  }
  const marketingMinor = marketingByItem.reduce((sum, m) => sum + m.amountMinor, 0);
  const refundableMinor = Math.min(nonNegative(entry?.refundableBalance ?? 0), totalMinor - marketingMinor);
  const creditMinor = marketingMinor + refundableMinor;
  return {
    currency,
    marketingMinor,
    refundableMinor,
    creditMinor,
    payableMinor: totalMinor - creditMinor,
    marketingByItem,
  };
}

export const CODE_CURRENCY_MISMATCH_MESSAGE = "Currencies of a redeemed code and the deal must match.";

/** A redeemed code's currency must match the deal's (product.md §5). */
export function redeemedCodeCurrencyError(codeCurrency: string, dealCurrency: string): string | undefined {
  return codeCurrency.toUpperCase() === dealCurrency.toUpperCase()
    ? undefined
    : CODE_CURRENCY_MISMATCH_MESSAGE;
}
