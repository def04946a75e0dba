/**
 * A shopper's vouchers at a glance (the /insights dashboard): how many are available,
 * redeemed, under way, expired or refunded, and which available ones expire soon, the same
 * window as the first expiry reminder's (voucher-reminders.ts).
 */
import { EXPIRY_REMINDER_DAYS } from "./constants.ts";
import { protectedVoucherBanner, type VoucherState } from "./voucher.ts";

export const VOUCHER_GROUPS = ["Available", "Redeemed", "In progress", "Expired", "Refunded"] as const;
export type VoucherGroup = (typeof VOUCHER_GROUPS)[number];

export const EXPIRING_SOON_DAYS = Math.max(...EXPIRY_REMINDER_DAYS);
const DAY_MS = 86_400_000;

/** A refund or return under way has no banner of its own: it is in progress. */
export function voucherGroup(voucher: VoucherState, now: Date): VoucherGroup {
  return protectedVoucherBanner(voucher, now) ?? "In progress";
}

/** Whole days left to use it, a part day counting as a day; 0 once expired. */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

/** Still available and expiring within EXPIRING_SOON_DAYS. */
export function expiresSoon(voucher: VoucherState, now: Date): boolean {
  return (
    voucherGroup(voucher, now) === "Available" &&
    voucher.expiresAt.getTime() - now.getTime() <= EXPIRING_SOON_DAYS * DAY_MS
  );
}

/** How many vouchers are in each group, every group listed in VOUCHER_GROUPS order. */
export function countByGroup(
  vouchers: readonly VoucherState[],
  now: Date,
): { group: VoucherGroup; count: number }[] {
  const counts = new Map<VoucherGroup, number>(VOUCHER_GROUPS.map((group) => [group, 0]));
  for (const voucher of vouchers) {
    const group = voucherGroup(voucher, now);
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return VOUCHER_GROUPS.map((group) => ({ group, count: counts.get(group) ?? 0 }));
}
