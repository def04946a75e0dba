/**
 * A travel stay chosen on the booking calendar (product.md §4 "Calendar", §5 "Passenger
 * details"): the nights it covers, the rooms its guests need (rooms of 2), what it costs at
 * each night's price, the months that still have a check-in, and how long a hold on it lasts.
 * Dates are "YYYY-MM-DD", counted in whole UTC days.
 */
import { type BookingCalendarDay, isCheckInDay, type StayCheck, validateStay } from "./calendar.ts";
import { NIGHTS_RANGE, PASSENGER_COUNTS } from "./constants.ts";
import { VALIDATION_MESSAGES, validateNights, validatePassengerCount } from "./validation.ts";

/** A calendar day as the availability API sends it: prices in minor units. */
export interface PricedCalendarDay extends BookingCalendarDay {
  minPrice: number;
  vipPrice?: number;
}

/** Picked dates are held for this long while the shopper pays (the live hold). */
export const TRAVEL_HOLD_MINUTES = 15;

/** Guests share rooms of 2 (product.md §5 "Passenger count options 2, 4, 6 or 8"). */
export const GUESTS_PER_ROOM = 2;

export const STAY_MESSAGES = {
  malformedDate: "Dates must be real dates written YYYY-MM-DD",
  outsideWindow: "These dates are outside the dates this deal can be booked for",
  holdExpired:
    "Your hold on these dates has ended, so they were taken out of your basket. Choose them again.",
  datesTaken: "Sorry, these dates have just been taken. Please choose other dates.",
  flightUnavailable: "This flight is no longer available. Please choose another.",
  noCalendar: "This deal is not booked by date",
  datesRequired: "This stay is booked by date: choose your check-in and check-out dates on the deal page",
} as const;

/** The stay's guests each need their passport details (product.md §5 "Passenger details"). */
export const stayPassengersMessage = (guests: number) =>
  `Enter the details of all ${guests} guests of your stay, as on their passports`;

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** UTC midnight of a real "YYYY-MM-DD", else undefined. */
export function parseIsoDate(text: unknown): number | undefined {
  if (typeof text !== "string") return undefined;
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(time).toISOString().startsWith(text) ? time : undefined;
}

export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const start = parseIsoDate(date);
  if (start === undefined) throw new Error(`Not a date: ${date}`);
  return isoDay(start + days * DAY_MS);
}

/** The nights of a stay: each date slept, check-in included, check-out not. */
export function stayNights(checkIn: string, checkOut: string): string[] {
  const start = parseIsoDate(checkIn);
  const end = parseIsoDate(checkOut);
  if (start === undefined || end === undefined || end <= start) return [];
  return Array.from({ length: Math.round((end - start) / DAY_MS) }, (_, i) => isoDay(start + i * DAY_MS));
}

/** Rooms for the guests, or undefined when the count is not 2, 4, 6 or 8. */
export function roomsForGuests(guests: unknown): number | undefined {
  return validatePassengerCount(guests) ? undefined : (guests as number) / GUESTS_PER_ROOM;
}

export type StayRequestCheck =
  | { ok: true; nights: string[]; rooms: number }
  | { ok: false; reason: string; code: "DATES_INVALID" | "STAY_INVALID" | "GUESTS_INVALID" };

/**
 * Checks a requested stay against the calendar: real dates, inside the days on sale, guests
 * in rooms of 2, 1 to 16 nights, and the calendar's own rules (check-in first, each night
 * open and not sold out, per-day minimum and maximum stay, a day open for departure).
 */
export function checkStayRequest(
  days: readonly BookingCalendarDay[],
  request: { checkIn: unknown; checkOut: unknown; guests: unknown },
): StayRequestCheck {
  const start = parseIsoDate(request.checkIn);
  const end = parseIsoDate(request.checkOut);
  if (start === undefined || end === undefined)
    return { ok: false, code: "DATES_INVALID", reason: STAY_MESSAGES.malformedDate };
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  if (!first || !last || isoDay(start) < first || isoDay(end) > last)
    return { ok: false, code: "DATES_INVALID", reason: STAY_MESSAGES.outsideWindow };
  const rooms = roomsForGuests(request.guests);
  if (rooms === undefined)
    return { ok: false, code: "GUESTS_INVALID", reason: VALIDATION_MESSAGES.passengerCount };
  const nightCount = Math.round((end - start) / DAY_MS);
  if (end > start && validateNights(nightCount))
    return { ok: false, code: "STAY_INVALID", reason: VALIDATION_MESSAGES.nights };
  const stay: StayCheck = validateStay(days, request.checkIn, request.checkOut);
  if (!stay.ok) return { ok: false, code: "STAY_INVALID", reason: stay.reason };
  return { ok: true, nights: stayNights(isoDay(start), isoDay(end)), rooms };
}

/**
 * What one room costs for the nights: the sum of each night's price, or of its VIP price
 * where the shopper gets VIP prices and the day allows them.
 */
export function stayRoomPrice(
  days: readonly PricedCalendarDay[],
  nights: readonly string[],
  vip: boolean,
): number {
  const byDate = new Map(days.map((d) => [d.date, d]));
  return nights.reduce((sum, date) => {
    const day = byDate.get(date);
    if (!day) throw new Error(`No calendar day ${date}`);
    const vipPrice = vip && day.vipDiscountAllowed !== false ? day.vipPrice : undefined;
    return sum + (vipPrice ?? day.minPrice);
  }, 0);
}

export interface CalendarMonth {
  month: number;
  year: number;
}

const monthOf = (date: string): CalendarMonth => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
});
const monthKey = (m: CalendarMonth) => m.year * 12 + (m.month - 1);

/**
 * The month shown and its neighbours with a check-in day (product.md §3 "Availability also
 * carries current and next/previous available month and year"): `asked` when it has one,
 * else the first month that does.
 */
export function availableMonths(
  days: readonly BookingCalendarDay[],
  asked?: CalendarMonth,
): { current: CalendarMonth | null; next: CalendarMonth | null; previous: CalendarMonth | null } {
  const months = [...new Set(days.filter(isCheckInDay).map((d) => monthKey(monthOf(d.date))))].sort(
    (a, b) => a - b,
  );
  const toMonth = (key: number | undefined) =>
    key === undefined ? null : { year: Math.floor(key / 12), month: (key % 12) + 1 };
  const askedKey = asked ? monthKey(asked) : undefined;
  const current = askedKey !== undefined ? askedKey : months[0];
  if (current === undefined) return { current: null, next: null, previous: null };
  return {
    current: toMonth(current),
    next: toMonth(months.find((m) => m > current)),
    previous: toMonth(months.findLast((m) => m < current)),
  };
}

/** The last check-in day on sale: the latest stay the calendar offers. */
export function lastAvailableStay(days: readonly BookingCalendarDay[]): string | null {
  return days.findLast(isCheckInDay)?.date ?? null;
}

/** Nights a stay may last across the calendar, within 1 to 16 (product.md §5). */
export function supportedNumberOfNights(days: readonly BookingCalendarDay[]): number[] {
  const arrivals = days.filter(isCheckInDay);
  if (arrivals.length === 0) return [];
  const least = Math.max(NIGHTS_RANGE.min, Math.min(...arrivals.map((d) => d.minLengthOfStay ?? 1)));
  const most = Math.min(
    NIGHTS_RANGE.max,
    Math.max(...arrivals.map((d) => d.maxLengthOfStay ?? NIGHTS_RANGE.max)),
  );
  return Array.from({ length: Math.max(0, most - least + 1) }, (_, i) => least + i);
}

export const GUEST_OPTIONS = PASSENGER_COUNTS;

/** When a hold taken at `now` ends. */
export function holdExpiresAt(now: Date): Date {
  return new Date(now.getTime() + TRAVEL_HOLD_MINUTES * 60_000);
}
