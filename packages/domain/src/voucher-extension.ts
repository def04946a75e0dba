/**
 * Extending a voucher's validity for a fee (product.md §1 "voucher validity extension", §2
 * page type extendLanding, §5 "A product order id is required for extension"). The spec
 * gives no fee or length: these are ours, stated once here and shown as charged.
 */
import type { Currency } from "./brand.ts";
import type { VoucherState } from "./voucher.ts";

/** A voucher is extended once, by this many days past its expiry (or past today if later). */
export const EXTENSION_DAYS = 90;
/** The fee: this share of what the voucher cost, never below the minimum. */
export const EXTENSION_FEE_PERCENT = 10;
export const EXTENSION_MIN_FEE_MINOR: Record<Currency, number> = { GBP: 300, EUR: 350 };
/** Offered from this many days before expiry until this many days after it. */
export const EXTENSION_WINDOW_DAYS = { before: 30, after: 90 } as const;

export const EXTENSION_MESSAGES = {
  productOrderIdRequired: "A product order id is required for extension",
  alreadyExtended: "This voucher has already been extended",
  notReady: "Only a voucher that has not been used, refunded or returned can be extended",
  tooEarly: `A voucher can be extended from ${EXTENSION_WINDOW_DAYS.before} days before it expires`,
  tooLate: `A voucher can be extended until ${EXTENSION_WINDOW_DAYS.after} days after it expired`,
} as const;

/** The step an extended voucher's timeline shows. */
export const EXTENDED_EVENT = "Extended";

const DAY_MS = 86_400_000;

export interface ExtendableVoucher extends VoucherState {
  /** Already extended (or being paid for): a voucher is extended once. */
  extended: boolean;
}

/** Why a voucher cannot be extended now, or undefined when it can. */
export function extensionProblem(voucher: ExtendableVoucher, now: Date): string | undefined {
  if (voucher.extended) return EXTENSION_MESSAGES.alreadyExtended;
  if (voucher.status !== "Ready to Redeem" && voucher.status !== "Expired")
    return EXTENSION_MESSAGES.notReady;
  const expiry = voucher.expiresAt.getTime();
  if (now.getTime() < expiry - EXTENSION_WINDOW_DAYS.before * DAY_MS) return EXTENSION_MESSAGES.tooEarly;
  if (now.getTime() > expiry + EXTENSION_WINDOW_DAYS.after * DAY_MS) return EXTENSION_MESSAGES.tooLate;
  return undefined;
}

export interface ExtensionTerms {
  feeMinor: number;
  newExpiresAt: Date;
}

/** A voucher's expiry once extended: 90 days on from its expiry, or from today if that has passed. */
export function extendedExpiry(expiresAt: Date, now: Date): Date {
  return new Date(Math.max(expiresAt.getTime(), now.getTime()) + EXTENSION_DAYS * DAY_MS);
}

/** The fee for extending a voucher that cost `paidMinor`, and its expiry once extended. */
export function extensionTerms(
  voucher: { paidMinor: number; currency: Currency; expiresAt: Date },
  now: Date,
): ExtensionTerms {
  const share = Math.round((Math.max(voucher.paidMinor, 0) * EXTENSION_FEE_PERCENT) / 100);
  return {
    feeMinor: Math.max(share, EXTENSION_MIN_FEE_MINOR[voucher.currency]),
    newExpiresAt: extendedExpiry(voucher.expiresAt, now),
  };
}
