/**
 * Travel: the availability calendar and flights of a deal (services.md §7 "Availability",
 * "Flights"), and holding a stay in the basket (POST basket/{token}/stay). The sweep that
 * gives back rooms of holds past their time runs here as a background job.
 */
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { runEvery, type ScheduledJob } from "../../scheduler.ts";
import { availability } from "./availability.ts";
import { cheapestFlights, flightOptions } from "./flights.ts";
import { holdStay, holdSweep } from "./holds.ts";
import {
  availabilityQuerySchema,
  availabilitySchema,
  dealParamsSchema,
  flightParamsSchema,
  flightQuerySchema,
  flightsSchema,
  stayAnswerSchema,
  stayBodySchema,
  stayParamsSchema,
} from "./schemas.ts";

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };
/** Prices and rooms change with every hold: answers are never kept by a shared cache. */
const NO_STORE = "private, no-store";

export const travelRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  app.get(
    "/availability/deal/:id",
    {
      schema: {
        tags: ["travel"],
        summary: "A calendar deal's nights: prices, rules, rooms left, months and stay lengths",
        description:
          "Each calendar day of the deal from today: minPrice is a room of 2 for the night (plus the " +
          "cheapest 2 seats out that day when departureAirport is given), vipPrice its VIP price. " +
          "soldOut is for the rooms asked (quantity, or guests / 2). With nights, only days a stay of " +
          "that length can start on are open for arrival.",
        params: dealParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", NO_STORE);
      return availability(db, request.brand, request.params.id, request.query, clock());
    },
  );

  const flightRoute = (path: string, summary: string, answer: typeof cheapestFlights) =>
    app.get(
      path,
      {
        schema: {
          tags: ["travel"],
          summary,
          params: flightParamsSchema,
          querystring: flightQuerySchema,
          response: { 200: flightsSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", NO_STORE);
        const { dealId, date } = request.params;
        return answer(db, request.brand, dealId, { date, ...request.query });
      },
    );
  flightRoute(
    "/flights/cheapest/:dealId/:date",
    "The cheapest flight from each departure airport on a date",
    cheapestFlights,
  );
  flightRoute(
    "/flights/:dealId/:date",
    "Every flight from the departure airports on a date, with its price difference",
    flightOptions,
  );

  app.post(
    "/basket/:basketToken/stay",
    {
      schema: {
        tags: ["travel", "basket"],
        summary: "Hold a stay's rooms (and seats) for 15 minutes and put it in the basket",
        description:
          "Checks the dates against the calendar (check-in first, per-day minimum and maximum stay, " +
          "1 to 16 nights, guests 2, 4, 6 or 8 in rooms of 2), then takes the rooms of every night " +
          "and the seats atomically: 409 when another shopper got them first. The basket line " +
          "carries checkInDate, checkOutDate and bookingCalendarOnRedemption.",
        params: stayParamsSchema,
        body: stayBodySchema,
        response: { 201: stayAnswerSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = { db, now: clock(), brand: request.brand, customer: request.customer };
      const answer = await holdStay(ctx, request.params.basketToken, request.body);
      return reply.code(201).send(answer);
    },
  );
};

/** How often the sweep gives back rooms of holds past their time (ours). */
export const HOLD_SWEEP_INTERVAL_MS = 30_000;

export const travelJobs = fp<ModuleOptions>(
  async (app, { db, clock }) => {
    let job: ScheduledJob | undefined;
    app.addHook("onReady", async () => {
      job = runEvery(HOLD_SWEEP_INTERVAL_MS, holdSweep(db, clock), (error) =>
        app.log.error({ err: error, job: "travel-hold-sweep" }, "background job failed"),
      );
    });
    app.addHook("onClose", async () => job?.stop());
  },
  { name: "travel-jobs" },
);
