/**
 * Booking calendar (product.md §4 "Calendar"): the shopper chooses check-in first, then a
 * check-out within the allowed length of stay. Days carry the Calendar day fields of
 * product.md §3; dates are "YYYY-MM-DD".
 */
import { CALENDAR_WINDOW_DAYS } from "./constants.ts";

export interface BookingCalendarDay {
  date: string;
  dateString?: string;
  minPrice?: number;
  vipPrice?: number;
  soldOut: boolean;
  openForSale: boolean;
  /** False when the day is closed to arrival. */
  openForArrival: boolean;
  /** False when the day is closed to departure. */
  openForDeparture: boolean;
  /** Shortest and longest stay, in nights, for a stay arriving this day. */
  minLengthOfStay?: number;
  maxLengthOfStay?: number;
  additionalCostText?: string;
  vipDiscountAllowed?: boolean;
}

export const CALENDAR_MESSAGES = {
  checkInFirst: "Choose a check-in date first",
  checkInUnavailable: "Check-in is not available on this date",
  checkOutNotAfterCheckIn: "Check-out must be after check-in",
  checkOutUnavailable: "Check-out is not available on this date",
  nightUnavailable: "One or more nights of this stay are not available",
} as const;

const nightsText = (n: number) => `${n} ${n === 1 ? "night" : "nights"}`;
export const minimumStayMessage = (nights: number) =>
  `The minimum stay from this date is ${nightsText(nights)}`;
export const maximumStayMessage = (nights: number) =>
  `The maximum stay from this date is ${nightsText(nights)}`;

const DAY_MS = 86_400_000;

/** Milliseconds at UTC midnight for a real "YYYY-MM-DD" date, else undefined. */
function dayStart(date: unknown): number | undefined {
  if (typeof date !== "string") return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day
    ? time
    : undefined;
}

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A night can be stayed when the day is open for sale and not sold out. */
const bookableNight = (day: BookingCalendarDay | undefined) => day?.openForSale === true && !day.soldOut;

export function isCheckInDay(day: BookingCalendarDay): boolean {
  return bookableNight(day) && day.openForArrival;
}

export function selectableCheckInDates(days: readonly BookingCalendarDay[]): string[] {
  return days.filter((d) => dayStart(d.date) !== undefined && isCheckInDay(d)).map((d) => d.date);
}

/** Allowed nights for a stay arriving on `day`, never beyond the 28-day window. */
export function stayLimits(day: BookingCalendarDay): { min: number; max: number } {
  const min = Math.max(1, Math.floor(day.minLengthOfStay ?? 1));
  const max = Math.min(Math.floor(day.maxLengthOfStay ?? CALENDAR_WINDOW_DAYS), CALENDAR_WINDOW_DAYS);
  return { min, max };
}

export type StayCheck = { ok: true; nights: number } | { ok: false; reason: string };

/** Checks a check-in and check-out pair against the calendar. */
export function validateStay(
  days: readonly BookingCalendarDay[],
  checkIn: unknown,
  checkOut: unknown,
): StayCheck {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const start = dayStart(checkIn);
  if (start === undefined) return { ok: false, reason: CALENDAR_MESSAGES.checkInFirst };
  const arrival = byDate.get(isoDate(start));
  if (!arrival || !isCheckInDay(arrival)) return { ok: false, reason: CALENDAR_MESSAGES.checkInUnavailable };

  const end = dayStart(checkOut);
  if (end === undefined || end <= start)
    return { ok: false, reason: CALENDAR_MESSAGES.checkOutNotAfterCheckIn };
  const nights = Math.round((end - start) / DAY_MS);
  const { min, max } = stayLimits(arrival);
  if (nights < min) return { ok: false, reason: minimumStayMessage(min) };
  if (nights > max) return { ok: false, reason: maximumStayMessage(max) };
  for (let night = 1; night < nights; night++) {
    if (!bookableNight(byDate.get(isoDate(start + night * DAY_MS)))) {
      return { ok: false, reason: CALENDAR_MESSAGES.nightUnavailable };
    }
  }
  if (!byDate.get(isoDate(end))?.openForDeparture)
    return { ok: false, reason: CALENDAR_MESSAGES.checkOutUnavailable };
  return { ok: true, nights };
}

/** The check-out dates a shopper may pick once `checkIn` is chosen; none before it is. */
export function selectableCheckOutDates(days: readonly BookingCalendarDay[], checkIn: unknown): string[] {
  const start = dayStart(checkIn);
  if (start === undefined) return [];
  const dates: string[] = [];
  for (let nights = 1; nights <= CALENDAR_WINDOW_DAYS; nights++) {
    const checkOut = isoDate(start + nights * DAY_MS);
    if (validateStay(days, checkIn, checkOut).ok) dates.push(checkOut);
  }
  return dates;
}
