/**
 * A voucher's status timeline on My vouchers (product.md §2 "my vouchers with status
 * timeline"): when it was ordered, where it is now, and what comes next while it can still
 * be used (redeem it before it expires).
 */
import { VOUCHER_STATUS_NOTES, type VoucherStatus } from "@deals/domain/voucher";

export interface TimelineStep {
  label: string;
  /** Formatted date, when the step has one. */
  date: string | null;
  state: "done" | "current" | "upcoming";
  note?: string;
}

/** Statuses after which the voucher is still waiting to be used. */
const STILL_TO_USE: readonly VoucherStatus[] = ["Ready to Redeem", "Booked"];

export function voucherTimeline(
  voucher: { status: VoucherStatus; createdAt: string; expiresAt: string },
  locale: string,
): TimelineStep[] {
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(iso));
  const note = VOUCHER_STATUS_NOTES[voucher.status];
  const steps: TimelineStep[] = [
    { label: "Ordered", date: day(voucher.createdAt), state: "done" },
    { label: voucher.status, date: null, state: "current", ...(note ? { note } : {}) },
  ];
  if (STILL_TO_USE.includes(voucher.status)) {
    steps.push({ label: "Redeem by", date: day(voucher.expiresAt), state: "upcoming" });
  }
  return steps;
}
