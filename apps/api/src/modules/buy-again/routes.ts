/**
 * GET /v1/buy-again (services.md §7.7 "GET buy-again deals (pageSize 10)"): the deals the
 * signed-in customer bought on this site that are still on sale, most recently bought first.
 */
import { dealAvailability } from "@deals/domain/availability";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import { lookUpDeals } from "../deals/service.ts";
import { dealsBoughtBy } from "./queries.ts";
import { buyAgainSchema } from "./schemas.ts";

/** How far back to look: enough for a page of deals still on sale. */
const LOOK_BACK_DEALS = 100;

export const buyAgainRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  app.get(
    "/buy-again",
    {
      schema: {
        tags: ["orders"],
        summary: "Deals the signed-in customer bought that are still on sale, most recently bought first",
        querystring: z.object({ pageSize: z.coerce.number().int().min(1).max(48).default(10) }),
        response: { 200: buyAgainSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const bought = await dealsBoughtBy(db, customer.id, request.brand.id, LOOK_BACK_DEALS);
      const byDeal = new Map(bought.map((b) => [b.dealId, b]));
      const now = clock();
      const deals = (await lookUpDeals(db, request.brand, [...byDeal.keys()]))
        .filter((deal) => dealAvailability(deal, now).available)
        .slice(0, request.query.pageSize)
        .map((deal) => {
          const { productId, bookByDate } = byDeal.get(deal.id)!;
          return { ...deal, boughtProductId: productId, bookByDate };
        });
      reply.header("cache-control", "private, no-store");
      return { deals };
    },
  );
};
