/**
 * A travel deal's availability calendar (product.md §3 "Calendar day"; services.md §7
 * "Availability: GET /v1/availability/deal/{id}"): each night's price for a room of 2 (and
 * its VIP price), whether it is sold out for the rooms asked, open for sale, arrival and
 * departure, its minimum and maximum stay; the month shown and the next and previous months
 * with a check-in; the last check-in on sale and the stay lengths offered.
 */

import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { validateStay } from "@deals/domain/calendar";
import { NIGHTS_RANGE } from "@deals/domain/constants";
import {
  addDays,
  availableMonths,
  lastAvailableStay,
  type PricedCalendarDay,
  roomsForGuests,
  supportedNumberOfNights,
} from "@deals/domain/travel-stay";
import { VALIDATION_MESSAGES } from "@deals/domain/validation";
import { ApiError } from "../../errors.ts";
import { dealDayKey } from "../deals/service.ts";
import {
  type CalendarDayRow,
  calendarDaysOf,
  flightsOn,
  type TravelDealRow,
  travelDealOf,
} from "./queries.ts";
import type { AvailabilityQuery } from "./schemas.ts";

export const TRAVEL_MESSAGES = {
  dealNotFound: "There is no travel deal with this id on this site.",
  noCalendar: "This deal is not booked by date.",
} as const;

/** A calendar deal of this brand, or 404 (another brand's deal is as absent as none). */
export async function calendarDeal(db: Db, brand: Brand, dealId: number): Promise<TravelDealRow> {
  const deal = await travelDealOf(db, dealId);
  if (!deal || deal.brandId !== brand.id)
    throw new ApiError(404, "DEAL_NOT_FOUND", TRAVEL_MESSAGES.dealNotFound);
  if (deal.productDisplay !== "calendar")
    throw new ApiError(422, "NOT_A_CALENDAR_DEAL", TRAVEL_MESSAGES.noCalendar);
  return deal;
}

const DATE_STRING = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A stored night as the calendar shows it, for a booking of `rooms`. */
export function toCalendarDay(
  row: CalendarDayRow,
  rooms: number,
  vipDiscountAllowed: boolean,
): PricedCalendarDay {
  return {
    date: row.date,
    dateString: DATE_STRING.format(new Date(`${row.date}T00:00:00Z`)),
    minPrice: row.priceMinor,
    ...(row.vipPriceMinor !== null ? { vipPrice: row.vipPriceMinor } : {}),
    soldOut: row.roomsTotal - row.roomsTaken < rooms,
    openForSale: row.openForSale,
    openForArrival: row.openForArrival,
    openForDeparture: row.openForDeparture,
    minLengthOfStay: row.minLengthOfStay,
    maxLengthOfStay: Math.min(row.maxLengthOfStay, NIGHTS_RANGE.max),
    ...(row.additionalCostText ? { additionalCostText: row.additionalCostText } : {}),
    vipDiscountAllowed: vipDiscountAllowed && row.vipPriceMinor !== null,
  };
}

/** The deal's nights from today, for `rooms` rooms. */
export async function calendarOf(db: Db, deal: TravelDealRow, rooms: number, now: Date) {
  const rows = await calendarDaysOf(db, deal.id, dealDayKey(now));
  return rows.map((row) => toCalendarDay(row, rooms, deal.vipDiscountAllowed));
}

/** With `nights` asked, a day is open for arrival only when a stay of that length can start on it. */
function forNights(days: PricedCalendarDay[], nights: number): PricedCalendarDay[] {
  return days.map((day) =>
    day.openForArrival && !validateStay(days, day.date, addDays(day.date, nights)).ok
      ? { ...day, openForArrival: false }
      : day,
  );
}

/** With departure airports asked, a night's price includes the cheapest 2 seats out that day. */
async function withFlights(db: Db, deal: TravelDealRow, days: PricedCalendarDay[], airports: string[]) {
  const flights = await flightsOn(db, deal.id, undefined, airports);
  const cheapest = new Map<string, number>();
  for (const f of flights) {
    if (f.seatsTotal - f.seatsTaken < 2) continue;
    const known = cheapest.get(f.outboundDate);
    if (known === undefined || f.seatPriceMinor < known) cheapest.set(f.outboundDate, f.seatPriceMinor);
  }
  return days.map((day): PricedCalendarDay => {
    const seat = cheapest.get(day.date);
    if (seat === undefined) return { ...day, openForArrival: false };
    return {
      ...day,
      minPrice: day.minPrice + 2 * seat,
      ...(day.vipPrice !== undefined ? { vipPrice: day.vipPrice + 2 * seat } : {}),
    };
  });
}

export async function availability(
  db: Db,
  brand: Brand,
  dealId: number,
  query: AvailabilityQuery,
  now: Date,
) {
  const deal = await calendarDeal(db, brand, dealId);
  const rooms = query.guests !== undefined ? roomsForGuests(query.guests) : (query.quantity ?? 1);
  if (rooms === undefined) throw new ApiError(400, "GUESTS_INVALID", VALIDATION_MESSAGES.passengerCount);
  let days = await calendarOf(db, deal, rooms, now);
  if (query.departureAirport.length > 0) days = await withFlights(db, deal, days, query.departureAirport);
  if (query.nights !== undefined) days = forNights(days, query.nights);
  const asked =
    query.month !== undefined && query.year !== undefined
      ? { month: query.month, year: query.year }
      : undefined;
  const months = availableMonths(days, asked);
  return {
    data: {
      dealId: deal.id,
      currency: deal.currency,
      redeemType: deal.redeemType,
      leadProductId: deal.leadProductId,
      rooms,
      calendarDateViewVOList: days,
      currentMonth: months.current?.month ?? null,
      currentYear: months.current?.year ?? null,
      nextAvailableMonth: months.next?.month ?? null,
      nextAvailableYear: months.next?.year ?? null,
      previousAvailableMonth: months.previous?.month ?? null,
      previousAvailableYear: months.previous?.year ?? null,
      lastAvailableStay: lastAvailableStay(days),
      supportedNumberOfNights: supportedNumberOfNights(days),
    },
  };
}
