/** GET /v1/homepage/{location}: the main deal, secondary deals and collection rows in one call. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { cachedAnswers, catalogueHeaders, responseCacheFromEnv } from "../deals/http-cache.ts";
import { homepageParamsSchema, homepageSchema } from "./schemas.ts";
import { homepage } from "./service.ts";

export const homepageRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  // Every homepage view reads it: catalogue data, kept in memory briefly like listings.
  const cached = cachedAnswers(responseCacheFromEnv());
  app.get(
    "/homepage/:location",
    {
      schema: {
        tags: ["deals"],
        summary: "A location's homepage",
        description:
          "The most popular deal that can be bought (mainDeal), four secondary deals, and the rows: " +
          "ending soon, new today, top sellers near you, gifts, escapes and VIP picks. A deal shows " +
          "once on the page and sold-out deals are left out; rows without deals are left out.",
        params: homepageParamsSchema,
        response: { 200: homepageSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
      ...cached,
    },
    async (request, reply) => {
      const answer = await homepage(db, request.brand, request.params.location, clock());
      catalogueHeaders(reply);
      return answer;
    },
  );
};
