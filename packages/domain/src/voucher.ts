/**
 * Vouchers after purchase (product.md §4): statuses, delivery, protected-voucher banners,
 * refund eligibility and deposit orders.
 */
import { BOOKED_TRAVEL_DOCUMENTS_WORKING_DAYS, REFUND_CUTOFF_DAYS_BEFORE_EXPIRY } from "./constants.ts";

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

export const MARK_USED_MESSAGES = {
  confirm: "Please confirm you have used this voucher with the merchant",
  notReady: "Only a voucher that is ready to redeem can be marked as used",
} as const;

/**
 * "I've used this voucher": only a voucher still ready to redeem, not yet expired, and only
 * once the shopper has confirmed it (product.md §5: the user must confirm what happened to the
 * code with the merchant).
 */
export function markUsedProblem(voucher: VoucherState, confirmed: boolean, now: Date): string | undefined {
  if (voucher.status !== "Ready to Redeem" || hasExpired(voucher, now)) return MARK_USED_MESSAGES.notReady;
  if (!confirmed) return MARK_USED_MESSAGES.confirm;
  return undefined;
}

/**
 * Returns of shop (product) orders (product.md §4): the shopper asks (Return Requested) and
 * posts it back (Return in Transit); the merchant receives it (Returned to the Merchant) and
 * the money goes back (Refunded). Each step follows only the one before it.
 */
export const RETURN_STEPS = [
  "Return Requested",
  "Return in Transit",
  "Returned to the Merchant",
  "Refunded",
] as const;

export const RETURN_MESSAGES = {
  notShop: "Only items bought from the shop can be returned",
  notReturnable: "This item can no longer be returned",
} as const;

/** Why a shop item cannot be returned now, or undefined when it can. */
export function returnProblem(voucher: VoucherState & { dealType: string }, now: Date): string | undefined {
  if (voucher.dealType !== "product") return RETURN_MESSAGES.notShop;
  if (voucher.status !== "Ready to Redeem" || hasExpired(voucher, now)) return RETURN_MESSAGES.notReturnable;
  return undefined;
}

export const RECEIVE_RETURN_MESSAGES = {
  notInTransit: "Only a return the shopper has posted back (Return in Transit) can be received",
  notSent: "Only an item that has been dispatched to the guest and not refunded can be received back",
} as const;

/**
 * Why the merchant cannot record a shop item as returned to it (Returned to the Merchant), or
 * undefined when it can. A shopper with an account asks online and posts the item back first
 * (Return in Transit). A guest has no account to ask from (`guest`: the order's account cannot
 * sign in): the item they send back is received straight from Ready to Redeem, once it was sent
 * to them (Dispatched or Delivered).
 */
export function receiveReturnProblem(item: {
  status: VoucherStatus;
  fulfilmentStatus: FulfilmentStatus | null;
  guest: boolean;
}): string | undefined {
  if (item.status === "Return in Transit") return undefined;
  if (!item.guest) return RECEIVE_RETURN_MESSAGES.notInTransit;
  const sent = item.fulfilmentStatus === "Dispatched" || item.fulfilmentStatus === "Delivered";
  return item.status === "Ready to Redeem" && sent ? undefined : RECEIVE_RETURN_MESSAGES.notSent;
}

/** How to use a voucher, printed on it: by the kind of deal and how it is delivered or booked. */
export function redemptionInstructions(deal: {
  dealType: "voucher" | "product" | "travel";
  deliveryType: "none" | "delivery" | "collection";
  bookingCalendarOnRedemption: boolean;
}): string[] {
  if (deal.dealType === "travel") {
    return [
      "Contact the merchant with your voucher code to book your dates.",
      `Your travel documents are expected from the merchant within ${BOOKED_TRAVEL_DOCUMENTS_WORKING_DAYS} working days of booking.`,
    ];
  }
  if (deal.dealType === "product" || deal.deliveryType === "delivery") {
    return [
      "Your order is sent to your address: no need to redeem this voucher.",
      "Keep it for returns and tracking.",
    ];
  }
  const booking = deal.bookingCalendarOnRedemption
    ? "Book your date with the merchant online, quoting your voucher code."
    : "Contact the merchant to book, quoting your voucher code.";
  const collection =
    deal.deliveryType === "collection" ? ["Collect from the merchant's address with this voucher."] : [];
  return [booking, ...collection, "Show this voucher (printed or on your phone) when you arrive."];
}

// Deposit orders: the shopper pays a deposit now and the balance to the merchant later.

export const DEPOSIT_ORDER_STATUSES = ["Deposit paid", "Balance paid to merchant"] as const;
export type DepositOrderStatus = (typeof DEPOSIT_ORDER_STATUSES)[number];

export function depositOrderStatus(order: { balancePaidToMerchant: boolean }): DepositOrderStatus {
  return order.balancePaidToMerchant ? "Balance paid to merchant" : "Deposit paid";
}

/** What a deposit order says (product.md §4 "Deposit orders: deposit paid, balance paid to merchant"). */
export const DEPOSIT_ORDER_MESSAGE = "Deposit paid, balance paid to merchant";

/** The deposit order's line, with the balance still due to the merchant (already formatted). */
export function depositOrderNote(balanceDue: string): string {
  return `${DEPOSIT_ORDER_MESSAGE}: ${balanceDue} still due`;
}

/** The balance left for the merchant, in minor units; never negative. */
export function depositBalanceMinor(productPriceMinor: number, depositPriceMinor: number): number {
  return Math.max(productPriceMinor - depositPriceMinor, 0);
}
