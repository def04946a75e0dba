/** GET /v1/reviews/{merchantId} (services.md §7.7 "Reviews") and GET /v1/reviews/summary. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { catalogueHeaders, escapeJsonPayload, SHORT_CACHE_CONTROL } from "../deals/http-cache.ts";
import {
  reviewsParamsSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
  reviewsSummarySchema,
} from "./schemas.ts";
import { getReviews } from "./service.ts";
import { brandReviewsSummary } from "./summary.ts";

export const reviewsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.addHook("onSend", escapeJsonPayload);
  app.get(
    "/reviews/summary",
    {
      schema: {
        tags: ["reviews"],
        summary: "The site's own rating from its reviews",
        description:
          "The average rating (out of 5, two decimals) and the number of reviews of every deal on " +
          "this site, for the trust-rating widget; average is null while there are none.",
        response: { 200: reviewsSummarySchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const summary = await brandReviewsSummary(db, request.brand);
      catalogueHeaders(reply);
      return summary;
    },
  );
  app.get(
    "/reviews/:merchantId",
    {
      schema: {
        tags: ["reviews"],
        summary: "A merchant's reviews, a page at a time",
        description:
          "Sorted by sortBy (newest first by default). With filterByDeal=true only dealId's reviews are " +
          "listed and reviewSummary is the deal's; merchantReviewRating is always the merchant's.",
        params: reviewsParamsSchema,
        querystring: reviewsQuerySchema,
        response: { 200: reviewsResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await getReviews(db, request.brand, request.params.merchantId, request.query);
      catalogueHeaders(reply, SHORT_CACHE_CONTROL);
      return answer;
    },
  );
};
