/**
 * Expiry reminders: an email 14 and 3 days before a voucher expires unredeemed. Each
 * reminder has a window, from its day up to the next reminder's, so a voucher found late (a
 * job that did not run for a while, a voucher bought 10 days before it expires) gets only
 * the reminder it is now in, never a stale one as well.
 */
import { EXPIRY_REMINDER_DAYS } from "./constants.ts";

export interface ReminderWindow {
  daysBefore: number;
  /** Due while the voucher expires more than `fromDays` and at most `daysBefore` days from now. */
  fromDays: number;
}

export function reminderWindows(days: readonly number[] = EXPIRY_REMINDER_DAYS): ReminderWindow[] {
  const sorted = [...days].sort((a, b) => b - a);
  return sorted.map((daysBefore, i) => ({ daysBefore, fromDays: sorted[i + 1] ?? 0 }));
}

const DAY_MS = 86_400_000;

/** The reminder a voucher expiring at `expiresAt` is due at `now`, if any. */
export function dueReminder(expiresAt: Date, now: Date): number | undefined {
  const left = expiresAt.getTime() - now.getTime();
  return reminderWindows().find((w) => left > w.fromDays * DAY_MS && left <= w.daysBefore * DAY_MS)
    ?.daysBefore;
}
