/**
 * Flights of a package deal (product.md §3 "Flight": arrivalAirport, departureAirport, inbound
 * and outbound journeys, priceDiff; services.md §7 "flights/cheapest/{deal}/{date} and
 * flights/{deal}/{date}?departureAirport"). Out on the check-in date, back on the check-out
 * date; priceDiff is what a seat costs over the cheapest seat offered, per person.
 */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { addDays } from "@deals/domain/travel-stay";
import { calendarDeal } from "./availability.ts";
import { type FlightRow, flightsOn } from "./queries.ts";

export interface FlightsRequest {
  date: string;
  /** Nights away: the inbound journey is on date + nights. */
  nights: number;
  departureAirport: string[];
}

export function toFlight(row: FlightRow, cheapestMinor: number, nights: number) {
  return {
    id: row.id,
    departureAirport: row.departureAirport,
    arrivalAirport: row.arrivalAirport,
    outbound: { date: row.outboundDate, ...row.outbound },
    inbound: { date: addDays(row.outboundDate, nights), ...row.inbound },
    seatPrice: row.seatPriceMinor,
    priceDiff: row.seatPriceMinor - cheapestMinor,
    seatsLeft: row.seatsTotal - row.seatsTaken,
  };
}
export type Flight = ReturnType<typeof toFlight>;

const withSeats = (rows: FlightRow[]) => rows.filter((f) => f.seatsTotal > f.seatsTaken);

/** The cheapest flight from each departure airport on the date; priceDiff against the cheapest of all. */
export async function cheapestFlights(db: Db, brand: Brand, dealId: number, request: FlightsRequest) {
  const deal = await calendarDeal(db, brand, dealId);
  const rows = withSeats(await flightsOn(db, deal.id, request.date, request.departureAirport));
  const byAirport = new Map<string, FlightRow>();
  for (const row of rows) if (!byAirport.has(row.departureAirport)) byAirport.set(row.departureAirport, row);
  const cheapest = rows[0]?.seatPriceMinor ?? 0;
  return { flights: [...byAirport.values()].map((row) => toFlight(row, cheapest, request.nights)) };
}

/** Every flight from the asked airports on the date; priceDiff against the cheapest of them. */
export async function flightOptions(db: Db, brand: Brand, dealId: number, request: FlightsRequest) {
  const deal = await calendarDeal(db, brand, dealId);
  const rows = withSeats(await flightsOn(db, deal.id, request.date, request.departureAirport));
  const cheapest = rows[0]?.seatPriceMinor ?? 0;
  return { flights: rows.map((row) => toFlight(row, cheapest, request.nights)) };
}
