/** GET /v1/recommendations and GET /v1/new-products/{location} (services.md §7.7). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { dealsAnswer } from "../deals/deal-list-json.ts";
import { catalogueHeaders, escapeJsonPayload } from "../deals/http-cache.ts";
import { dealListSchema } from "../deals/schemas.ts";
import {
  newProductsParamsSchema,
  newProductsQuerySchema,
  recommendationsQuerySchema,
  recommendedForYouQuerySchema,
} from "./schemas.ts";
import { newProducts, recommend, recommendedForYou } from "./service.ts";

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

export const recommendationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  app.addHook("onSend", escapeJsonPayload);

  app.get(
    "/recommendations",
    {
      schema: {
        tags: ["recommendations"],
        summary: "Customers also viewed",
        description:
          "With dealId: live deals of its subcategory (and its location, for a local deal), without it, " +
          "most popular first. Without dealId: the location's popular deals and the national ones.",
        querystring: recommendationsQuerySchema,
        response: { 200: dealListSchema, ...errors },
      },
      ...dealsAnswer,
    },
    async (request, reply) => {
      const deals = await recommend(db, request.brand, request.query, clock());
      catalogueHeaders(reply);
      return { deals };
    },
  );

  app.get(
    "/recommended-for-you",
    {
      schema: {
        tags: ["recommendations"],
        summary: "Recommended for you",
        description:
          "From the deals the shopper viewed (id) and, signed in, bought: what other shoppers bought " +
          "alongside them, then popular deals of their subcategories near the location, then the " +
          "location's popular deals. Never a viewed or bought deal, each offer once, up to 25.",
        querystring: recommendedForYouQuerySchema,
        response: { 200: dealListSchema, ...errors },
      },
      ...dealsAnswer,
    },
    async (request, reply) => {
      const { location, id } = request.query;
      const deals = await recommendedForYou(
        db,
        request.brand,
        { location, viewed: id, customer: request.customer },
        clock(),
      );
      // Personal: what this shopper viewed and bought.
      reply.header("cache-control", "private, no-store");
      return { deals };
    },
  );

  app.get(
    "/new-products/:location",
    {
      schema: {
        tags: ["recommendations"],
        summary: "A location's newest deals",
        description: "Local deals of the location and national deals, newest first (pageSize 12 by default).",
        params: newProductsParamsSchema,
        querystring: newProductsQuerySchema,
        response: { 200: dealListSchema, ...errors },
      },
      ...dealsAnswer,
    },
    async (request, reply) => {
      const deals = await newProducts(db, request.brand, request.params.location, request.query, clock());
      catalogueHeaders(reply);
      return { deals };
    },
  );
};
