/**
 * The loyalty calls (services.md §7.6), under /v1, for the signed-in customer only: status
 * (polled, so briefly cacheable by their browser), exchange of points for wallet credit,
 * share-deal, view-deal and the bulk user-action record.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema, notFound } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import {
  bulkEventsBodySchema,
  eventResultSchema,
  exchangeHeadersSchema,
  exchangeParamsSchema,
  exchangeResultSchema,
  loyaltyStatusSchema,
  shareDealBodySchema,
  viewDealBodySchema,
} from "./schemas.ts";
import { exchangePoints, type LoyaltyContext, loyaltyStatus, recordEvents } from "./service.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};
const tags = ["loyalty"];

/** The status is polled: the customer's browser may reuse it for half a minute (ours). */
const STATUS_CACHE_CONTROL = "private, max-age=30";

export const loyaltyRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  const context = (request: Parameters<typeof requireCustomer>[0]): LoyaltyContext => ({
    db,
    brand: request.brand,
    customer: requireCustomer(request),
    now: clock(),
  });

  app.get(
    "/loyalty",
    {
      schema: {
        tags,
        summary: "The signed-in customer's club level, points, rates and latest activities",
        response: { 200: loyaltyStatusSchema, ...errors },
      },
    },
    async (request, reply) => {
      const status = await loyaltyStatus(context(request));
      reply.header("cache-control", STATUS_CACHE_CONTROL);
      return status;
    },
  );

  app.post(
    "/loyalty/exchange/:points",
    {
      schema: {
        tags,
        summary:
          "Exchange points for wallet credit at the level's rate (Bronze and above; idempotency-key header)",
        params: exchangeParamsSchema,
        headers: exchangeHeadersSchema,
        response: { 200: exchangeResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await exchangePoints(
        context(request),
        request.params.points,
        request.headers["idempotency-key"],
      );
      reply.header("cache-control", "no-store");
      return result;
    },
  );

  app.post(
    "/loyalty/share-deal",
    {
      schema: {
        tags,
        summary: "Points for sharing a deal, once per deal a day",
        body: shareDealBodySchema,
        response: { 200: eventResultSchema, ...errors },
      },
    },
    (request) =>
      recordEvents(
        context(request),
        [{ kind: "share-deal", dealId: request.body.shareDeal.dealId }],
        "refuse",
      ),
  );

  app.post(
    "/loyalty/view-deal",
    {
      schema: {
        tags,
        summary: "Points for viewing a deal, once per deal a day",
        body: viewDealBodySchema,
        response: { 200: eventResultSchema, ...errors },
      },
    },
    (request) =>
      recordEvents(context(request), [{ kind: "view-deal", dealId: request.body.viewDeal.dealId }], "refuse"),
  );

  app.post(
    "/loyalty/events",
    {
      schema: {
        tags,
        summary:
          "The user-action record: stored views and shares at once (customerToken must be the customer's)",
        body: bulkEventsBodySchema,
        response: { 200: eventResultSchema, ...errors },
      },
    },
    (request) => {
      const ctx = context(request);
      if (request.body.customerToken !== ctx.customer.customerToken) {
        throw notFound("CUSTOMER_NOT_FOUND", "There is no such customer.");
      }
      const events = [
        ...request.body.viewDeal.map((dealId) => ({ kind: "view-deal" as const, dealId })),
        ...request.body.shareDeal.map((dealId) => ({ kind: "share-deal" as const, dealId })),
      ];
      return recordEvents(ctx, events, "skip");
    },
  );
};
