/**
 * Self-serve refunds (product.md §3 "Refund type ON_DEMAND_REFUND", §4 "Refund unavailable
 * once redeemed or within 7 days of expiry", §5 "A refund reason must be selected"): who may
 * refund a voucher, how much comes back and where it goes. Never more than was paid.
 */
import { REFUND_WINDOW_DAYS } from "./constants.ts";
import { refundEligibility, type VoucherState } from "./voucher.ts";

export const REFUND_REASONS = [
  "I no longer need it",
  "I could not get a booking",
  "The merchant cannot honour it",
  "I bought it by mistake",
  "Another reason",
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_DESTINATIONS = ["wallet", "original"] as const;
export type RefundDestinationChoice = (typeof REFUND_DESTINATIONS)[number];

export const SELF_REFUND_MESSAGES = {
  reasonRequired: "A refund reason must be selected",
  destinationRequired: "Choose where your refund goes: wallet credit or your original payment method",
  notProtected: `This voucher is not protected and its ${REFUND_WINDOW_DAYS}-day refund window has passed`,
} as const;

const DAY_MS = 86_400_000;

export interface RefundableVoucher extends VoucherState {
  /** Bought with voucher protection (the DVP add-on). */
  protected: boolean;
  purchasedAt: Date;
}

/**
 * A protected voucher can be refunded until 7 days before it expires; any other within the
 * refund window after purchase. Never once redeemed, refunded or on its way back.
 */
export function selfRefundEligibility(
  voucher: RefundableVoucher,
  now: Date,
): { eligible: true } | { eligible: false; reason: string } {
  const base = refundEligibility(voucher, now);
  if (!base.eligible) return base;
  const inWindow = now.getTime() < voucher.purchasedAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS;
  if (!voucher.protected && !inWindow) return { eligible: false, reason: SELF_REFUND_MESSAGES.notProtected };
  return { eligible: true };
}

export function refundReasonProblem(reason: string | undefined): string | undefined {
  return REFUND_REASONS.includes(reason as RefundReason) ? undefined : SELF_REFUND_MESSAGES.reasonRequired;
}

/**
 * What one voucher of a line of `quantity` is worth: the line's total shared out, the first
 * vouchers taking the odd pennies, so the shares add up to exactly what the line cost.
 */
export function voucherShareMinor(lineTotalMinor: number, quantity: number, position: number): number {
  const base = Math.floor(lineTotalMinor / quantity);
  return base + (position < lineTotalMinor % quantity ? 1 : 0);
}

export interface OrderMoney {
  /** What the payment method was charged, and what was refunded to it already. */
  paidOriginalMinor: number;
  refundedOriginalMinor: number;
  /** What wallet credit paid, and what went back to the wallet already. */
  paidWalletMinor: number;
  refundedWalletMinor: number;
}

/**
 * Where a refund of `shareMinor` goes. To the wallet: all of it, as refundable credit. To the
 * original payment method: as much as that method paid and has not had back, the rest (paid
 * with wallet credit) to the wallet. Capped by what the order paid and has not had back.
 */
export function refundSplit(
  shareMinor: number,
  destination: RefundDestinationChoice,
  money: OrderMoney,
): { walletMinor: number; originalMinor: number } {
  const originalLeft = Math.max(money.paidOriginalMinor - money.refundedOriginalMinor, 0);
  const walletLeft = Math.max(money.paidWalletMinor - money.refundedWalletMinor, 0);
  const amount = Math.max(Math.min(shareMinor, originalLeft + walletLeft), 0);
  if (destination === "wallet") return { walletMinor: amount, originalMinor: 0 };
  const originalMinor = Math.min(amount, originalLeft);
  return { walletMinor: amount - originalMinor, originalMinor };
}
