/**
 * Travel inventory (product.md §3 "Calendar day", "Flight"; §4 "Calendar"): how a travel deal
 * is redeemed, the rooms and price of each night on its booking calendar, the flights of a
 * package, and the holds that keep picked dates for a shopper while they pay.
 *
 * Rooms and seats are counters moved by one conditional UPDATE (`... WHERE rooms_taken + n
 * <= rooms_total`), as stock is (design.md "Invariants"): a hold or a booking counts in
 * `rooms_taken`, and a hold that ends gives its rooms back by the same kind of update.
 */
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { dealProducts, deals } from "./catalogue.ts";

/** product.md §3 "Redeem types". */
export const REDEEM_TYPES = [
  "calendar",
  "call-to-book",
  "choose-your-flight",
  "mystery-travel",
  "standard",
  "standard-travel",
] as const;
export type RedeemType = (typeof REDEEM_TYPES)[number];

/** How each travel deal is redeemed, and the airport its flights land at, when it has flights. */
export const travelDeals = pgTable("travel_deals", {
  dealId: integer("deal_id")
    .primaryKey()
    .references(() => deals.id, { onDelete: "cascade" }),
  redeemType: text("redeem_type").$type<RedeemType>().notNull(),
  arrivalAirport: text("arrival_airport"),
});

/** One night of a calendar deal: its price per room of 2, its rules and its rooms. */
export const travelCalendarDays = pgTable(
  "travel_calendar_days",
  {
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    priceMinor: integer("price_minor").notNull(),
    vipPriceMinor: integer("vip_price_minor"),
    openForSale: boolean("open_for_sale").notNull(),
    openForArrival: boolean("open_for_arrival").notNull(),
    openForDeparture: boolean("open_for_departure").notNull(),
    minLengthOfStay: integer("min_length_of_stay").notNull(),
    maxLengthOfStay: integer("max_length_of_stay").notNull(),
    additionalCostText: text("additional_cost_text"),
    roomsTotal: integer("rooms_total").notNull(),
    /** Rooms held or booked for this night. */
    roomsTaken: integer("rooms_taken").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.date] })],
);

export interface FlightJourney {
  date: string;
  departureAirport: string;
  arrivalAirport: string;
  /** Local times "HH:MM". */
  departureTime: string;
  arrivalTime: string;
  flightNumber: string;
}

/**
 * A flight option of a package deal: out from a departure airport on a date, back on the
 * stay's check-out day at `inbound` times, for `priceDiffMinor` per seat over the cheapest
 * option that day.
 */
export const travelFlights = pgTable(
  "travel_flights",
  {
    id: serial("id").primaryKey(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    departureAirport: text("departure_airport").notNull(),
    arrivalAirport: text("arrival_airport").notNull(),
    outboundDate: date("outbound_date").notNull(),
    outbound: jsonb("outbound").$type<Omit<FlightJourney, "date">>().notNull(),
    inbound: jsonb("inbound").$type<Omit<FlightJourney, "date">>().notNull(),
    /** The seat's price on top of the stay, in the deal's currency. */
    seatPriceMinor: integer("seat_price_minor").notNull(),
    seatsTotal: integer("seats_total").notNull(),
    seatsTaken: integer("seats_taken").notNull().default(0),
  },
  (t) => [index("travel_flights_deal_date").on(t.dealId, t.outboundDate, t.departureAirport)],
);

export const TRAVEL_HOLD_STATUSES = ["held", "booked", "released"] as const;
export type TravelHoldStatus = (typeof TRAVEL_HOLD_STATUSES)[number];

/**
 * Dates (and seats) kept for one basket line. "held" until `expiresAt`; "booked" once an order
 * took it (it no longer expires); "released" when it ran out, its line went or its order
 * failed, its rooms and seats given back.
 */
export const travelHolds = pgTable(
  "travel_holds",
  {
    id: serial("id").primaryKey(),
    basketToken: text("basket_token").notNull(),
    lineId: text("line_id").notNull(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id),
    productId: integer("product_id")
      .notNull()
      .references(() => dealProducts.id),
    checkIn: date("check_in").notNull(),
    checkOut: date("check_out").notNull(),
    rooms: integer("rooms").notNull(),
    flightId: integer("flight_id").references(() => travelFlights.id),
    seats: integer("seats").notNull().default(0),
    /** Per room, the stay's nights and the flight seats for its 2 guests. */
    roomPriceMinor: integer("room_price_minor").notNull(),
    vipRoomPriceMinor: integer("vip_room_price_minor").notNull(),
    status: text("status").$type<TravelHoldStatus>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    orderId: integer("order_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("travel_holds_basket").on(t.basketToken, t.status),
    index("travel_holds_expiry").on(t.status, t.expiresAt),
    index("travel_holds_order").on(t.orderId),
  ],
);
