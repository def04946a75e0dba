/**
 * A voucher's status timeline on My vouchers (product.md §2 "my vouchers with status
 * timeline"): when it was ordered, each status it reached since (with its date and note), the
 * status it is in now (each status once), and what comes next while it can still be used
 * (redeem it before it expires).
 */

import { longDate } from "@deals/domain/long-date";
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
  voucher: {
    status: VoucherStatus;
    createdAt: string;
    expiresAt: string;
    timeline?: readonly { status: string; note: string | null; at: string }[];
  },
  locale: string,
): TimelineStep[] {
  const day = (iso: string) => longDate(iso, locale);
  const steps: TimelineStep[] = [{ label: "Ordered", date: day(voucher.createdAt), state: "done" }];
  const events = voucher.timeline ?? [];
  events.forEach((event, i) => {
    const current = i === events.length - 1 && event.status === voucher.status;
    const note = event.note ?? (current ? VOUCHER_STATUS_NOTES[voucher.status] : undefined);
    steps.push({
      label: event.status,
      date: day(event.at),
      state: current ? "current" : "done",
      ...(note ? { note } : {}),
    });
  });
  if (steps.at(-1)?.state !== "current") {
    const note = VOUCHER_STATUS_NOTES[voucher.status];
    steps.push({ label: voucher.status, date: null, state: "current", ...(note ? { note } : {}) });
  }
  if (STILL_TO_USE.includes(voucher.status)) {
    steps.push({ label: "Redeem by", date: day(voucher.expiresAt), state: "upcoming" });
  }
  return steps;
}
