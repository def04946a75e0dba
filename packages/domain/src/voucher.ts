/**
 * Vouchers after purchase (product.md §4): statuses, delivery, protected-voucher banners,
 * refund eligibility, referral credit and deposit orders.
 */
import {
  BOOKED_TRAVEL_DOCUMENTS_WORKING_DAYS,
  REFERRAL_PENDING_DAYS,
  REFUND_CUTOFF_DAYS_BEFORE_EXPIRY,
} from "./constants.ts";

export const VOUCHER_STATUSES = [
  "Ready to Redeem",
  "Redeemed",
  "Booked",
  "Credit Requested",
  "Request Processed",
  "Return Requested",
  "Return in Transit",
  "Returned to the Merchant",
  "Refunded",
  "Expired",
] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const FULFILMENT_STATUSES = ["Processing Order", "Dispatched", "Delivered"] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export const PROTECTED_VOUCHER_BANNERS = ["Available", "Expired", "Redeemed", "Refunded"] as const;
export type ProtectedVoucherBanner = (typeof PROTECTED_VOUCHER_BANNERS)[number];

/** What the shopper is told beside a status. */
export const VOUCHER_STATUS_NOTES: Partial<Record<VoucherStatus, string>> = {
  Booked: `Travel documents are expected from the merchant within ${BOOKED_TRAVEL_DOCUMENTS_WORKING_DAYS} working days`,
};

/** A refund or return already under way. */
const IN_PROGRESS: readonly VoucherStatus[] = [
  "Credit Requested",
  "Request Processed",
  "Return Requested",
  "Return in Transit",
  "Returned to the Merchant",
];

export function isVoucherStatus(value: unknown): value is VoucherStatus {
  return VOUCHER_STATUSES.includes(value as VoucherStatus);
}

export interface VoucherState {
  status: VoucherStatus;
  expiresAt: Date;
}

const DAY_MS = 86_400_000;
const hasExpired = (voucher: VoucherState, now: Date) =>
  voucher.status === "Expired" || now.getTime() >= voucher.expiresAt.getTime();

/**
 * The banner on a protected voucher: Redeemed (a booking counts), Refunded, Expired, or
 * Available while it can still be used. None while a refund or return is under way.
 */
export function protectedVoucherBanner(voucher: VoucherState, now: Date): ProtectedVoucherBanner | undefined {
  if (voucher.status === "Redeemed" || voucher.status === "Booked") return "Redeemed";
  if (voucher.status === "Refunded") return "Refunded";
  if (IN_PROGRESS.includes(voucher.status)) return undefined;
  return hasExpired(voucher, now) ? "Expired" : "Available";
}

export const REFUND_MESSAGES = {
  redeemed: "Refunds are unavailable once a voucher has been redeemed",
  nearExpiry: `Refunds are unavailable within ${REFUND_CUTOFF_DAYS_BEFORE_EXPIRY} days of the voucher's expiry`,
  expired: "This voucher has expired",
  refunded: "This voucher has already been refunded",
  inProgress: "A refund or return is already in progress for this voucher",
} as const;

/** Refund is unavailable once redeemed or within 7 days of expiry (product.md §4). */
export function refundEligibility(
  voucher: VoucherState,
  now: Date,
): { eligible: true } | { eligible: false; reason: string } {
  const refuse = (reason: string) => ({ eligible: false as const, reason });
  if (voucher.status === "Redeemed" || voucher.status === "Booked") return refuse(REFUND_MESSAGES.redeemed);
  if (voucher.status === "Refunded") return refuse(REFUND_MESSAGES.refunded);
  if (IN_PROGRESS.includes(voucher.status)) return refuse(REFUND_MESSAGES.inProgress);
  if (hasExpired(voucher, now)) return refuse(REFUND_MESSAGES.expired);
  const cutoff = voucher.expiresAt.getTime() - REFUND_CUTOFF_DAYS_BEFORE_EXPIRY * DAY_MS;
  if (now.getTime() >= cutoff) return refuse(REFUND_MESSAGES.nearExpiry);
  return { eligible: true };
}

// Referral: the friend's purchase earns credit once its 14-day refund window has passed.

export type ReferralStatus = "pending" | "cancelled" | "credited";

export function referralCreditDueAt(friendPurchasedAt: Date): Date {
  return new Date(friendPurchasedAt.getTime() + REFERRAL_PENDING_DAYS * DAY_MS);
}

export function referralStatus(
  referral: { friendPurchasedAt: Date; friendRefunded: boolean },
  now: Date,
): ReferralStatus {
  if (referral.friendRefunded) return "cancelled";
  return now < referralCreditDueAt(referral.friendPurchasedAt) ? "pending" : "credited";
}

// Deposit orders: the shopper pays a deposit now and the balance to the merchant later.

export const DEPOSIT_ORDER_STATUSES = ["Deposit paid", "Balance paid to merchant"] as const;
export type DepositOrderStatus = (typeof DEPOSIT_ORDER_STATUSES)[number];

export function depositOrderStatus(order: { balancePaidToMerchant: boolean }): DepositOrderStatus {
  return order.balancePaidToMerchant ? "Balance paid to merchant" : "Deposit paid";
}

/** The balance left for the merchant, in minor units; never negative. */
export function depositBalanceMinor(productPriceMinor: number, depositPriceMinor: number): number {
  return Math.max(productPriceMinor - depositPriceMinor, 0);
}
