/** GET /v1/site/{site} (services.md §7.7 "GET a site lookup to detect VIP"). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { CATALOGUE_CACHE_CONTROL, escapeJsonPayload } from "../deals/http-cache.ts";
import { siteParamsSchema, siteSchema } from "./schemas.ts";
import { lookUpSite } from "./service.ts";

export const sitesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    "/site/:site",
    {
      schema: {
        tags: ["sites"],
        summary: "What a partner site is",
        description:
          "site is the name shoppers arrive with in ?site= (case-insensitive). type vip means the " +
          "storefront shows the premium theme; 404 SITE_NOT_FOUND for a name no partner has.",
        params: siteParamsSchema,
        response: { 200: siteSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
      onSend: escapeJsonPayload,
    },
    async (request, reply) => {
      const site = await lookUpSite(db, request.params.site);
      // The same for every brand: partner sites are not brand-specific.
      reply.header("cache-control", CATALOGUE_CACHE_CONTROL);
      return site;
    },
  );
};
