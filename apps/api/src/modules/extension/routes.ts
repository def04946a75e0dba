/**
 * GET /v1/voucher-extension: what extending one of the customer's vouchers costs and gives;
 * POST /v1/voucher-extension: put it in the basket to pay at checkout. Another customer's
 * voucher answers 404.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import { extensionOfferSchema, extensionRequestSchema, extensionStartedSchema } from "./schemas.ts";
import { extensionOffer, startExtension } from "./service.ts";

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const extensionRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  app.get(
    "/voucher-extension",
    {
      schema: {
        tags: ["vouchers"],
        summary: "The fee and new expiry for extending one of the customer's vouchers, by order reference",
        querystring: extensionRequestSchema,
        response: { 200: extensionOfferSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      reply.header("cache-control", "private, no-store");
      return extensionOffer({ db, brand: request.brand, customer, now: clock() }, request.query);
    },
  );

  app.post(
    "/voucher-extension",
    {
      schema: {
        tags: ["vouchers"],
        summary: "Put a voucher's extension in the customer's basket, to pay at checkout",
        body: extensionRequestSchema,
        response: { 201: extensionStartedSchema, ...errors, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const started = await startExtension(
        { db, brand: request.brand, customer, now: clock() },
        request.body,
      );
      return reply.code(201).send(started);
    },
  );
};
