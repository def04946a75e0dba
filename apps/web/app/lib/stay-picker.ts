/**
 * The deal page's booking calendar (product.md §4 "Calendar": check-in first, then check-out
 * within the allowed stay; §5 guests 2/4/6/8 in rooms of 2, nights 1 to 16), worked out on the
 * server from the availability API and the page's query: every choice is a link or a plain
 * form, so the calendar works without JavaScript and from the keyboard. Hotel-ad parameters
 * (arrival, departure, guests) preselect the dates (product.md §3 "Hotel search parameters").
 */

import {
  type BookingSelectionAction,
  bookingSelectionReducer,
  initialBookingSelection,
} from "@deals/domain/booking-selection";
import type { Currency } from "@deals/domain/brand";
import { isCheckInDay, validateStay } from "@deals/domain/calendar";
import { NIGHTS_RANGE, PASSENGER_COUNTS } from "@deals/domain/constants";
import { mapHotelSearchParams } from "@deals/domain/hotel-search";
import { formatMoney } from "@deals/domain/money";
import {
  addDays,
  availableMonths,
  type CalendarMonth,
  parseIsoDate,
  roomsForGuests,
  stayNights,
  stayRoomPrice,
} from "@deals/domain/travel-stay";
import type { Availability, Flight } from "./api-types.ts";

/** Where the calendar sits on the page: every link comes back to it. */
export const STAY_ANCHOR = "stay";

export interface StayQuery {
  checkIn?: string;
  checkOut?: string;
  guests: number;
  month?: CalendarMonth;
  airport?: string;
}

/** The page's query as the calendar reads it: its own names first, else a hotel ad's. */
export function readStayQuery(params: URLSearchParams): StayQuery {
  const ad = mapHotelSearchParams(params);
  const date = (name: string) =>
    parseIsoDate(params.get(name)) === undefined ? undefined : params.get(name)!;
  const guestsText = Number(params.get("guests") ?? ad.guests);
  const guests = roomsForGuests(guestsText) === undefined ? PASSENGER_COUNTS[0] : guestsText;
  const checkIn = date("checkIn") ?? ad.checkIn;
  const nights = Number(params.get("nights"));
  const checkOut =
    date("checkOut") ??
    (checkIn && Number.isInteger(nights) && nights >= NIGHTS_RANGE.min && nights <= NIGHTS_RANGE.max
      ? addDays(checkIn, nights)
      : ad.checkOut);
  const month = /^(\d{4})-(\d{2})$/.exec(params.get("month") ?? "");
  const airport = params.get("airport");
  return {
    guests,
    ...(checkIn ? { checkIn } : {}),
    ...(checkIn && checkOut ? { checkOut } : {}),
    ...(month ? { month: { year: Number(month[1]), month: Number(month[2]) } } : {}),
    ...(airport && /^[A-Z]{3}$/.test(airport) ? { airport } : {}),
  };
}

export interface DayCell {
  date: string;
  day: number;
  /** What a screen reader says: the date, its price and what choosing it does. */
  label: string;
  price: string | null;
  vipPrice: string | null;
  href: string | null;
  state: "open" | "closed" | "chosen" | "stay";
}

export interface StayPickerView {
  dealId: number;
  guests: number;
  rooms: number;
  guestOptions: readonly number[];
  checkIn: string | null;
  checkOut: string | null;
  step: string;
  month: { label: string; weeks: (DayCell | null)[][]; previous: string | null; next: string | null };
  nightOptions: number[];
  clearHref: string;
  problem: string | null;
  summary: {
    dates: string;
    nights: number;
    total: string;
    vipTotal: string | null;
  } | null;
  flights: {
    airports: { code: string; from: string; href: string; chosen: boolean }[];
    options: { id: number; text: string; diff: string; checked: boolean }[];
  } | null;
}

const LONG_DATE = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const SHORT_DATE = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const MONTH = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const at = (date: string) => new Date(`${date}T00:00:00Z`);
/** A date as a day's label starts: "Saturday, 28 November 2026". */
export const spokenDate = (date: string) => LONG_DATE.format(at(date));
const monthKey = (m: CalendarMonth) => `${m.year}-${String(m.month).padStart(2, "0")}`;
const nightsText = (n: number) => `${n} ${n === 1 ? "night" : "nights"}`;

/** A link back to the calendar with the query changed. */
function linkTo(
  path: string,
  query: StayQuery,
  change: Partial<Record<keyof StayQuery, string | undefined>>,
) {
  const values: Record<string, string | undefined> = {
    guests: String(query.guests),
    checkIn: query.checkIn,
    checkOut: query.checkOut,
    month: query.month ? monthKey(query.month) : undefined,
    airport: query.airport,
    ...change,
  };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) search.set(name, value);
  return `${path}?${search}#${STAY_ANCHOR}`;
}

/** The month's days in weeks from Monday, blanks before the first and after the last. */
function monthWeeks(month: CalendarMonth): (string | null)[][] {
  const first = `${monthKey(month)}-01`;
  const lead = (at(first).getUTCDay() + 6) % 7;
  const length = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length }, (_, i) => addDays(first, i)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

export function stayPickerView(input: {
  dealId: number;
  path: string;
  currency: Currency;
  availability: Availability;
  query: StayQuery;
  flights?: { cheapest: Flight[]; options: Flight[] } | undefined;
}): StayPickerView {
  const { availability, path, currency } = input;
  const days = availability.calendarDateViewVOList;
  const money = (minor: number) => formatMoney(minor, currency);
  const byDate = new Map(days.map((d) => [d.date, d]));
  const rooms = roomsForGuests(input.query.guests) ?? 1;
  let query = input.query;
  let problem: string | null = null;
  // A check-in the calendar refuses (a stale link, a hotel ad's dates) starts again.
  const arrival = query.checkIn ? byDate.get(query.checkIn) : undefined;
  if (query.checkIn && (!arrival || !isCheckInDay(arrival))) {
    problem = `${spokenDate(query.checkIn)} is not available to check in: please choose another date.`;
    query = { ...query, checkIn: undefined, checkOut: undefined } as StayQuery;
  }
  // The booking selection (the bcor state) offers the check-outs and stay lengths.
  const booking = [
    { type: "load", dealId: input.dealId, products: days },
    ...(query.checkIn ? [{ type: "chooseCheckIn", date: query.checkIn }] : []),
  ].reduce(
    (state, action) =>
      bookingSelectionReducer(state, action as BookingSelectionAction<(typeof days)[number]>),
    initialBookingSelection<(typeof days)[number]>(),
  );
  const checkOuts = booking.selection.checkIn ? booking.filteredProducts.map((day) => day.date) : [];
  if (query.checkIn && query.checkOut) {
    const stay = validateStay(days, query.checkIn, query.checkOut);
    if (!stay.ok) {
      problem = stay.reason;
      query = { ...query, checkOut: undefined } as StayQuery;
    }
  }
  const nights = query.checkIn && query.checkOut ? stayNights(query.checkIn, query.checkOut) : [];

  const shown =
    query.month ??
    (query.checkIn
      ? { year: Number(query.checkIn.slice(0, 4)), month: Number(query.checkIn.slice(5, 7)) }
      : undefined);
  const months = availableMonths(days, shown);
  const current = months.current ?? {
    year: Number(days[0]?.date.slice(0, 4)),
    month: Number(days[0]?.date.slice(5, 7)),
  };

  const cell = (date: string | null): DayCell | null => {
    if (!date) return null;
    const day = byDate.get(date);
    const inStay = nights.includes(date) || date === query.checkOut;
    const choosable = query.checkIn ? checkOuts.includes(date) : day !== undefined && isCheckInDay(day);
    const price = day && !day.soldOut && day.openForSale ? money(day.minPrice) : null;
    const vipPrice =
      price && day?.vipPrice !== undefined && day.vipDiscountAllowed ? money(day.vipPrice) : null;
    const what = !day
      ? "not on sale"
      : date === query.checkIn
        ? "your check-in"
        : date === query.checkOut
          ? "your check-out"
          : choosable
            ? query.checkIn
              ? `choose as check-out, ${nightsText(stayNights(query.checkIn, date).length)}`
              : "choose as check-in"
            : day.soldOut
              ? "sold out"
              : "not available";
    const label = [spokenDate(date), price && `${price} a night`, vipPrice && `VIP ${vipPrice}`, what]
      .filter(Boolean)
      .join(", ");
    return {
      date,
      day: Number(date.slice(8)),
      label,
      price,
      vipPrice,
      href: choosable
        ? linkTo(path, query, query.checkIn ? { checkOut: date } : { checkIn: date, checkOut: undefined })
        : null,
      state: date === query.checkIn ? "chosen" : inStay ? "stay" : choosable ? "open" : "closed",
    };
  };

  const roomPrice = nights.length > 0 ? stayRoomPrice(days, nights, false) : 0;
  const vipRoomPrice = nights.length > 0 ? stayRoomPrice(days, nights, true) : 0;
  const seat = input.flights?.options[0]?.seatPrice ?? 0;
  const flightCost = 2 * seat * rooms;
  const summary =
    query.checkIn && query.checkOut
      ? {
          dates: `${SHORT_DATE.format(at(query.checkIn))} to ${SHORT_DATE.format(at(query.checkOut))}`,
          nights: nights.length,
          total: money(roomPrice * rooms + flightCost),
          vipTotal: vipRoomPrice < roomPrice ? money(vipRoomPrice * rooms + flightCost) : null,
        }
      : null;

  return {
    dealId: input.dealId,
    guests: query.guests,
    rooms,
    guestOptions: PASSENGER_COUNTS,
    checkIn: query.checkIn ?? null,
    checkOut: query.checkOut ?? null,
    step: summary
      ? `${nightsText(summary.nights)}, ${summary.dates}`
      : query.checkIn
        ? `Check-in ${spokenDate(query.checkIn)}: now choose your check-out date.`
        : "Choose your check-in date.",
    month: {
      label: MONTH.format(at(`${monthKey(current)}-01`)),
      weeks: monthWeeks(current).map((week) => week.map(cell)),
      previous: months.previous ? linkTo(path, query, { month: monthKey(months.previous) }) : null,
      next: months.next ? linkTo(path, query, { month: monthKey(months.next) }) : null,
    },
    nightOptions: [...booking.nightOptions],
    clearHref: linkTo(path, query, { checkIn: undefined, checkOut: undefined }),
    problem,
    summary,
    flights: input.flights
      ? {
          airports: input.flights.cheapest.map((f) => ({
            code: f.departureAirport,
            from: `${money(f.seatPrice)} pp`,
            href: linkTo(path, query, { airport: f.departureAirport }),
            chosen: f.departureAirport === input.flights?.options[0]?.departureAirport,
          })),
          options: input.flights.options.map((f, i) => ({
            id: f.id,
            text: `${f.outbound.flightNumber} out ${f.outbound.departureTime} ${f.departureAirport} to ${f.arrivalAirport}, back ${f.inbound.date} ${f.inbound.departureTime}`,
            diff: f.priceDiff === 0 ? "cheapest" : `+${money(f.priceDiff)} per person`,
            checked: i === 0,
          })),
        }
      : null,
  };
}
