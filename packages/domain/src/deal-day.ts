/**
 * Calendar days in the deals' time zone (Europe/London): deals close at the end of a
 * calendar day there, and theme windows are calendar dates there, whatever the server's or
 * the shopper's own zone (product.md §4 "Deal availability").
 */
import { DEAL_TIME_ZONE } from "./constants.ts";

export interface DealDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const wallClockFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: DEAL_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
});

const HOUR_MS = 3_600_000;

/** The zone's offset from UTC through each UTC hour read so far (bounded: old hours go). */
const offsetByHour = new Map<number, number>();

/**
 * The zone's offset from UTC at an instant. Europe/London moves its clocks on the hour (01:00
 * UTC), so the offset holds for a whole UTC hour and is read from Intl once per hour: reading
 * it is the slow part of every checkout's sales-window arithmetic.
 */
function zoneOffsetMs(instantMs: number): number {
  const hourStart = Math.floor(instantMs / HOUR_MS) * HOUR_MS;
  const known = offsetByHour.get(hourStart);
  if (known !== undefined) return known;
  const parts = Object.fromEntries(
    wallClockFormat.formatToParts(hourStart).map((p) => [p.type, Number(p.value)]),
  );
  const offset =
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) -
    hourStart;
  if (offsetByHour.size >= 1_000) offsetByHour.clear();
  offsetByHour.set(hourStart, offset);
  return offset;
}

/** The zone's wall-clock reading at an instant, written as if it were UTC milliseconds. */
function wallClockMs(instantMs: number): number {
  return instantMs + zoneOffsetMs(instantMs);
}

/** The calendar day an instant falls on in the deals' zone. */
export function dealDayOf(instant: Date): DealDay {
  const wall = new Date(wallClockMs(instant.getTime()));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** The day `days` after (or before, if negative) a calendar day. */
export function addDealDays(day: DealDay, days: number): DealDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The instant a calendar day starts (midnight) in the deals' zone. */
export function startOfDealDay(day: DealDay): Date {
  const asUtc = Date.UTC(day.year, day.month - 1, day.day);
  // Read the zone's offset near the answer, then again at it, so a clock change is honoured.
  const firstGuess = asUtc - (wallClockMs(asUtc) - asUtc);
  return new Date(asUtc - (wallClockMs(firstGuess) - firstGuess));
}

/** The end of the calendar day an instant falls on (the next midnight), plus extra days. */
export function endOfDealDay(instant: Date, extraDays = 0): Date {
  return startOfDealDay(addDealDays(dealDayOf(instant), 1 + extraDays));
}

/** Orders calendar days: negative, zero or positive like a comparator. */
export function compareDealDays(a: DealDay, b: DealDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}
