/** The checkout load (services.md §7.4), under /v1. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { checkoutDataSchema, checkoutParamsSchema, checkoutQuerySchema } from "./schemas.ts";
import { getCheckout, noTokenProvided } from "./service.ts";

export const checkoutRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  app.get(
    "/checkout/:basketToken",
    {
      schema: {
        tags: ["checkout"],
        summary: "The checkout data for a basket; 422 when the basket can no longer be used",
        params: checkoutParamsSchema,
        querystring: checkoutQuerySchema,
        response: {
          200: checkoutDataSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    (request) =>
      getCheckout(
        { db, now: clock(), brand: request.brand, customer: request.customer },
        request.params.basketToken,
        request.query,
      ),
  );

  app.get(
    "/checkout",
    {
      schema: {
        tags: ["checkout"],
        summary: "A checkout load without a basket token: always 400 No token provided",
        response: { 400: errorResponseSchema },
      },
    },
    async () => {
      throw noTokenProvided();
    },
  );
};
