/**
 * GET /v1/deals/{location}[/{category}[/{subcategory}[/{subsubcategory}]]] and
 * GET /v1/deal/{id} (services.md §7.7).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import {
  dealDetailSchema,
  dealListParamsSchemas,
  dealListQuerySchema,
  dealListResponseSchema,
  dealParamsSchema,
} from "./schemas.ts";
import { getDeal, listDeals } from "./service.ts";

/** Anonymous catalogue pages: briefly fresh in browsers, longer at the CDN (design.md "Speed"). */
export const CATALOGUE_CACHE_CONTROL = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";

export const dealsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  for (const params of dealListParamsSchemas) {
    const url = `/deals/${Object.keys(params.shape)
      .map((name) => `:${name}`)
      .join("/")}`;
    app.get(
      url,
      {
        schema: {
          tags: ["deals"],
          summary: "A page of deals",
          description:
            "The first segment is a location short name, national-deal (the shop), travel (escapes), " +
            "gifts, or near-me (local deals of every location); further segments are category, " +
            "subcategory and sub-subcategory short names. page is 0-based.",
          params,
          querystring: dealListQuerySchema,
          response: { 200: dealListResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const list = await listDeals(db, request.brand, request.params, request.query);
        reply.header("cache-control", CATALOGUE_CACHE_CONTROL);
        return list;
      },
    );
  }

  app.get(
    "/deal/:id",
    {
      schema: {
        tags: ["deals"],
        summary: "One deal with its products",
        params: dealParamsSchema,
        response: { 200: dealDetailSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const deal = await getDeal(db, request.brand, request.params.id, clock());
      reply.header("cache-control", CATALOGUE_CACHE_CONTROL);
      return deal;
    },
  );
};
