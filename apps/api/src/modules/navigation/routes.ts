/** GET /v1/navigations (services.md §7.7). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { cachedAnswers, catalogueHeaders, responseCacheFromEnv } from "../deals/http-cache.ts";
import { navigationListSchema, navigationQuerySchema } from "./schemas.ts";
import { getNavigation } from "./service.ts";

export const navigationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  // Every page's header reads it: catalogue data, kept in memory briefly like listings.
  const cached = cachedAnswers(responseCacheFromEnv());
  app.get(
    "/navigations",
    {
      schema: {
        tags: ["navigation"],
        summary: "The header navigation for a location",
        querystring: navigationQuerySchema,
        response: { 200: navigationListSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
      ...cached,
    },
    (request, reply) => {
      catalogueHeaders(reply);
      return getNavigation(db, request.brand, request.query.location);
    },
  );
};
