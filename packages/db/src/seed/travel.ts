/**
 * Travel inventory for the seed catalogue (schema/travel.ts): every travel deal gets a redeem
 * type; calendar deals get 120 nights of prices (weekend and summer dearer, VIP prices where
 * the deal has them), arrival and departure rules, minimum and maximum stays, closed and
 * sold-out nights and rooms for 2 to 8 guests; international calendar deals become
 * choose-your-flight packages with flights from UK or Irish airports. It draws from its own
 * random stream, so the rest of the catalogue is the same with or without it. Each brand has
 * at least one calendar deal: the first open travel deal of a brand without one becomes one.
 */
import { BRAND_IDS } from "@deals/domain/brand";
import { MAX_DISCOUNT_PERCENT } from "@deals/domain/constants";
import type {
  FlightJourney,
  RedeemType,
  travelCalendarDays,
  travelDeals,
  travelFlights,
} from "../schema/travel.ts";
import { INTERNATIONAL_TRAVEL_CATEGORY_ID } from "./categories.ts";
import type { DealRow, ProductRow } from "./deals.ts";
import { Random } from "./random.ts";

export type TravelDealRow = typeof travelDeals.$inferInsert;
export type CalendarDayRow = typeof travelCalendarDays.$inferInsert;
export type FlightRow = Omit<typeof travelFlights.$inferInsert, "id">;

export interface TravelInventory {
  travelDeals: TravelDealRow[];
  calendarDays: CalendarDayRow[];
  flights: FlightRow[];
}

/** Nights on sale from the seed's day on. */
export const CALENDAR_SEED_DAYS = 120;
/** Flights are on sale for the first 90 of them. */
const FLIGHT_SEED_DAYS = 90;
const DAY_MS = 86_400_000;

/** Where packages fly from, by the brand's country (product.md §3 "Flight"). */
export const DEPARTURE_AIRPORTS: Record<"gb" | "ie", readonly string[]> = {
  gb: ["LGW", "MAN", "BHX", "STN", "EDI", "BRS"],
  ie: ["DUB", "ORK", "SNN"],
};
const ARRIVAL_AIRPORTS = ["AGP", "FAO", "PMI", "TFS", "HER", "BCN", "LIS", "AYT", "RAK", "FCO"];
/** Non-calendar travel deals share out the other redeem types. */
const OTHER_REDEEM_TYPES: readonly RedeemType[] = [
  "standard-travel",
  "call-to-book",
  "standard",
  "mystery-travel",
];
const FLIGHT_TIMES = [
  { out: ["06:10", "09:35"], back: ["10:20", "12:05"] },
  { out: ["11:45", "15:10"], back: ["16:05", "17:50"] },
  { out: ["18:30", "21:55"], back: ["22:40", "00:25"] },
] as const;

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const countryOf = (brandId: string): "gb" | "ie" => (brandId.endsWith("-ie") ? "ie" : "gb");

/** A deal that can be booked: open, on sale, for everyone. */
const bookable = (deal: DealRow, now: Date) =>
  !deal.soldOut &&
  !deal.vipExclusive &&
  !deal.leadGen &&
  (deal.closingDate === null || deal.closingDate! > now);

/**
 * Makes sure every brand has an open calendar deal (the first open travel deal of a brand
 * without one is turned into one) and returns the calendar deals.
 */
function calendarDeals(deals: DealRow[], now: Date): DealRow[] {
  const travel = deals.filter((d) => d.dealType === "travel");
  for (const brand of BRAND_IDS) {
    const ofBrand = travel.filter((d) => d.brandId === brand && bookable(d, now));
    if (ofBrand.length > 0 && !ofBrand.some((d) => d.productDisplay === "calendar")) {
      const chosen = ofBrand[0]!;
      chosen.productDisplay = "calendar";
      chosen.productGrid = null;
      chosen.bookingCalendarOnRedemption = true;
    }
  }
  return travel.filter((d) => d.productDisplay === "calendar");
}

/** A room of 2 for one night, from the lead product's per-person price for its nights. */
function nightlyRoomPrice(
  deal: DealRow,
  products: readonly ProductRow[],
): { price: number; original: number } {
  const lead = products.find((p) => p.dealId === deal.id && p.priceMinor === deal.priceMinor);
  const nights = Math.max(1, lead?.nights ?? deal.nights ?? 1);
  return {
    price: Math.round((deal.priceMinor * 2) / nights),
    original: Math.round((deal.originalPriceMinor * 2) / nights),
  };
}

function calendarFor(deal: DealRow, products: readonly ProductRow[], today: number, random: Random) {
  const { price, original } = nightlyRoomPrice(deal, products);
  // Never more than the travel cap off the original price (product.md §1 "up to 50% for travel").
  const floor = Math.ceil((original * (100 - MAX_DISCOUNT_PERCENT.travel)) / 100);
  const rooms = random.int(3, 12);
  const weekendMinimum = random.chance(0.4) ? 2 : 1;
  const maxStay = random.pick([7, 10, 14, 16]);
  const noSundayArrivals = random.chance(0.5);
  const vip = deal.display.vipDiscountAllowed || random.chance(0.3);
  const rows: CalendarDayRow[] = [];
  for (let day = 0; day < CALENDAR_SEED_DAYS; day++) {
    const time = today + day * DAY_MS;
    const date = new Date(time);
    const weekday = date.getUTCDay();
    const weekend = weekday === 5 || weekday === 6;
    const summer = date.getUTCMonth() >= 6 && date.getUTCMonth() <= 7;
    const factor = 1 + (weekend ? 0.2 : 0) + (summer ? 0.1 : 0) + random.int(-3, 3) / 100;
    const priceMinor = Math.max(floor, Math.round((price * factor) / 100) * 100 - 1);
    const closed = random.chance(0.03);
    const soldOut = !closed && random.chance(0.08);
    rows.push({
      dealId: deal.id,
      date: isoDate(time),
      priceMinor,
      vipPriceMinor: vip ? Math.max(floor, Math.round(priceMinor * 0.92)) : null,
      openForSale: !closed,
      openForArrival: !(noSundayArrivals && weekday === 0),
      openForDeparture: true,
      minLengthOfStay: weekend ? weekendMinimum : 1,
      maxLengthOfStay: maxStay,
      additionalCostText: weekday === 6 ? "Saturday night supplement included" : null,
      roomsTotal: rooms,
      roomsTaken: soldOut ? rooms : random.int(0, Math.floor(rooms / 3)),
    });
  }
  return rows;
}

function flightsFor(deal: DealRow, days: readonly CalendarDayRow[], arrival: string, random: Random) {
  const airports = random.sample(DEPARTURE_AIRPORTS[countryOf(deal.brandId)], 3);
  const seat = Math.round(deal.priceMinor * 0.25);
  const rows: FlightRow[] = [];
  for (const day of days.slice(0, FLIGHT_SEED_DAYS).filter((d) => d.openForSale && d.openForArrival)) {
    for (const [a, airport] of airports.entries()) {
      for (const [t, times] of FLIGHT_TIMES.entries()) {
        if (t > 0 && random.chance(0.4)) continue;
        const journey = (from: string, to: string, [departureTime, arrivalTime]: readonly string[]) =>
          ({
            departureAirport: from,
            arrivalAirport: to,
            departureTime: departureTime!,
            arrivalTime: arrivalTime!,
            flightNumber: `DM${100 + a * 40 + t * 7 + random.int(0, 5)}`,
          }) satisfies Omit<FlightJourney, "date">;
        rows.push({
          dealId: deal.id,
          departureAirport: airport,
          arrivalAirport: arrival,
          outboundDate: day.date!,
          outbound: journey(airport, arrival, times.out),
          inbound: journey(arrival, airport, times.back),
          seatPriceMinor: seat + a * 1500 + t * 2000 + random.int(0, 4) * 500,
          seatsTotal: random.int(4, 20),
          seatsTaken: 0,
        });
      }
    }
  }
  return rows;
}

export function generateTravelInventory(
  deals: DealRow[],
  products: readonly ProductRow[],
  options: { seed: number; now: Date },
): TravelInventory {
  const random = new Random(options.seed + 0x7a5e1);
  const today = Date.parse(isoDate(options.now.getTime()));
  const calendar = new Set(calendarDeals(deals, options.now));
  const inventory: TravelInventory = { travelDeals: [], calendarDays: [], flights: [] };
  let other = 0;
  for (const deal of deals.filter((d) => d.dealType === "travel")) {
    if (!calendar.has(deal)) {
      inventory.travelDeals.push({
        dealId: deal.id,
        redeemType: OTHER_REDEEM_TYPES[other++ % OTHER_REDEEM_TYPES.length]!,
        arrivalAirport: null,
      });
      continue;
    }
    const days = calendarFor(deal, products, today, random);
    inventory.calendarDays.push(...days);
    const withFlights = deal.subcategoryId === INTERNATIONAL_TRAVEL_CATEGORY_ID;
    const arrival = withFlights ? random.pick(ARRIVAL_AIRPORTS) : null;
    inventory.travelDeals.push({
      dealId: deal.id,
      redeemType: withFlights ? "choose-your-flight" : "calendar",
      arrivalAirport: arrival,
    });
    if (arrival) inventory.flights.push(...flightsFor(deal, days, arrival, random));
  }
  return inventory;
}
