/**
 * GET /v1/user/insights: the signed-in shopper's dashboard (product.md §2 "dashboard"):
 * savings, vouchers by group and expiring soon, wallet, club points and VIP membership.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import { insightsSchema } from "./schemas.ts";
import { insightsOf } from "./service.ts";

export const insightsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  app.get(
    "/user/insights",
    {
      schema: {
        tags: ["orders"],
        summary:
          "The signed-in customer's dashboard on this site: savings against was prices, vouchers by group and expiring soon, wallet, club points and VIP",
        response: { 200: insightsSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      reply.header("cache-control", "private, no-store");
      return insightsOf(db, request.brand, customer, clock());
    },
  );
};
