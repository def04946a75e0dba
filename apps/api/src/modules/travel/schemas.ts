/**
 * Travel requests and answers (product.md §3 "Calendar day", "Flight"; services.md §7
 * "Availability", "Flights"). Dates are YYYY-MM-DD; money is integer minor units.
 */
import { NIGHTS_RANGE, PASSENGER_COUNTS } from "@deals/domain/constants";
import { parseIsoDate, STAY_MESSAGES } from "@deals/domain/travel-stay";
import { VALIDATION_MESSAGES } from "@deals/domain/validation";
import { z } from "zod";
import { basketSchema } from "../basket/schemas.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);
const minor = z.number().int();
export const isoDate = z
  .string()
  .refine((text) => parseIsoDate(text) !== undefined, { error: STAY_MESSAGES.malformedDate });
const guests = z.coerce
  .number()
  .int()
  .refine((n) => (PASSENGER_COUNTS as readonly number[]).includes(n), {
    error: VALIDATION_MESSAGES.passengerCount,
  });
const nights = z.coerce
  .number()
  .int()
  .min(NIGHTS_RANGE.min, { error: VALIDATION_MESSAGES.nights })
  .max(NIGHTS_RANGE.max, {
    error: VALIDATION_MESSAGES.nights,
  });
/** A repeated query parameter arrives as one string or several. */
const airports = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : [value].flat()))
  .pipe(z.array(z.string().regex(/^[A-Z]{3}$/, { error: "An airport is its three-letter code" })).max(10));

export const dealParamsSchema = z.object({ id });

export const availabilityQuerySchema = z.object({
  leadProductId: id.optional(),
  googleHotelAds: z.enum(["true", "false"]).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  /** Rooms wanted (each for 2); `guests` says it in people. */
  quantity: z.coerce
    .number()
    .int()
    .min(1)
    .max(PASSENGER_COUNTS.at(-1)! / 2)
    .optional(),
  guests: guests.optional(),
  departureAirport: airports,
  nights: nights.optional(),
});
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export const calendarDaySchema = z.object({
  date: z.string(),
  dateString: z.string().optional(),
  /** A room of 2 for the night (with the cheapest 2 seats when airports were asked). */
  minPrice: minor,
  vipPrice: minor.optional(),
  soldOut: z.boolean(),
  openForSale: z.boolean(),
  openForArrival: z.boolean(),
  openForDeparture: z.boolean(),
  minLengthOfStay: z.number().int().optional(),
  maxLengthOfStay: z.number().int().optional(),
  additionalCostText: z.string().optional(),
  vipDiscountAllowed: z.boolean().optional(),
});

const month = z.number().int().nullable();
export const availabilitySchema = z.object({
  data: z.object({
    dealId: z.number().int(),
    currency: z.enum(["GBP", "EUR"]),
    redeemType: z.string(),
    leadProductId: z.number().int(),
    rooms: z.number().int(),
    calendarDateViewVOList: z.array(calendarDaySchema),
    currentMonth: month,
    currentYear: month,
    nextAvailableMonth: month,
    nextAvailableYear: month,
    previousAvailableMonth: month,
    previousAvailableYear: month,
    lastAvailableStay: z.string().nullable(),
    supportedNumberOfNights: z.array(z.number().int()),
  }),
});

export const flightParamsSchema = z.object({ dealId: id, date: isoDate });
export const flightQuerySchema = z.object({
  departureAirport: airports,
  nights: nights.default(NIGHTS_RANGE.min),
});

const journeySchema = z.object({
  date: z.string(),
  departureAirport: z.string(),
  arrivalAirport: z.string(),
  departureTime: z.string(),
  arrivalTime: z.string(),
  flightNumber: z.string(),
});
export const flightSchema = z.object({
  id: z.number().int(),
  departureAirport: z.string(),
  arrivalAirport: z.string(),
  outbound: journeySchema,
  inbound: journeySchema,
  /** Per seat. */
  seatPrice: minor,
  /** Per seat, over the cheapest option offered. */
  priceDiff: minor,
  seatsLeft: z.number().int(),
});
export const flightsSchema = z.object({ flights: z.array(flightSchema) });

export const stayParamsSchema = z.object({ basketToken: z.string() });
export const stayBodySchema = z.object({
  dealId: id,
  checkInDate: isoDate,
  checkOutDate: isoDate,
  guests,
  flightId: id.optional(),
});
export type StayBody = z.infer<typeof stayBodySchema>;

export const holdSchema = z.object({
  id: z.number().int(),
  lineId: z.string(),
  checkInDate: z.string(),
  checkOutDate: z.string(),
  rooms: z.number().int(),
  guests: z.number().int(),
  flightId: z.number().int().nullable(),
  /** One room for the stay, flight seats included. */
  roomPrice: minor,
  totalPrice: minor,
  expiresAt: z.string(),
});
export const stayAnswerSchema = z.object({ basket: basketSchema, hold: holdSchema });
