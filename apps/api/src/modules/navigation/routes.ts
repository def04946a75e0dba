/** GET /v1/navigations (services.md §7.7). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { navigationListSchema, navigationQuerySchema } from "./schemas.ts";
import { getNavigation } from "./service.ts";

export const navigationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    "/navigations",
    {
      schema: {
        tags: ["navigation"],
        summary: "The header navigation for a location",
        querystring: navigationQuerySchema,
        response: { 200: navigationListSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => getNavigation(db, request.brand, request.query.location),
  );
};
