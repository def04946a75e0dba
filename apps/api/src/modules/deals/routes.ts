/**
 * Deal listings, the deal page and what shoppers do around deals (services.md §7.7, §7.8):
 * GET /v1/deals/{path...}, GET /v1/early-bird-deal, GET /v1/deals?id=..., GET /v1/deal/{id},
 * GET /v1/deal-url, GET /v1/socialcue/deal/{id}, POST /v1/deal/{location}/impressions.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { getSocialCue, recordImpressions } from "./activity.ts";
import { acceptBeaconBodies } from "./beacon.ts";
import { dealListAnswer, dealsAnswer } from "./deal-list-json.ts";
import { getDeal, resolveDealUrl } from "./detail.ts";
import {
  cachedAnswers,
  catalogueHeaders,
  escapeJsonPayload,
  responseCacheFromEnv,
  SHORT_CACHE_CONTROL,
} from "./http-cache.ts";
import { scheduleLowestPriceRefresh } from "./lowest-price.ts";
import {
  dealDetailSchema,
  dealListParamsSchemas,
  dealListQuerySchema,
  dealListResponseSchema,
  dealListSchema,
  dealLookupQuerySchema,
  dealParamsSchema,
  dealQuerySchema,
  dealUrlQuerySchema,
  dealUrlResolutionSchema,
  impressionsBodySchema,
  impressionsParamsSchema,
  recordedSchema,
  socialCueSchema,
} from "./schemas.ts";
import { listDeals, lookUpDeals } from "./service.ts";

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

export const dealsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  acceptBeaconBodies(app);
  scheduleLowestPriceRefresh(app, db, clock);
  const listingCache = cachedAnswers(responseCacheFromEnv());

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
            "gifts, near-me (local deals of every location; with lat and lon the nearest first, each with " +
            "distanceKm to its nearest redeem address), vip, " +
            "wellness-collection or early-bird. After a location or near-me may come special/{slug} " +
            "(black-friday, christmas, valentines) or gift-finder[/gifts-for-{recipient}]. Then up to " +
            "three category short names, and optionally the id of the deal a deal page lists around " +
            "(mainDeal, placed first on page 0). page is 0-based; later pages start at " +
            "offset + page * pageSize.",
          params,
          querystring: dealListQuerySchema,
          response: { 200: dealListResponseSchema, ...errors },
        },
        onRequest: listingCache.onRequest,
        onSend: listingCache.onSend,
        onResponse: listingCache.onResponse,
        ...dealListAnswer,
      },
      async (request, reply) => {
        const segments = Object.values(request.params as Record<string, string>);
        const list = await listDeals(db, request.brand, segments, request.query, clock());
        catalogueHeaders(reply);
        return list;
      },
    );
  }

  app.get(
    "/early-bird-deal",
    {
      schema: {
        tags: ["deals"],
        summary: "A page of early bird deals",
        description: "The same answer and query as GET /v1/deals/early-bird.",
        querystring: dealListQuerySchema,
        response: { 200: dealListResponseSchema, ...errors },
      },
      onRequest: listingCache.onRequest,
      onSend: listingCache.onSend,
      onResponse: listingCache.onResponse,
      ...dealListAnswer,
    },
    async (request, reply) => {
      const list = await listDeals(db, request.brand, ["early-bird"], request.query, clock());
      catalogueHeaders(reply);
      return list;
    },
  );

  app.get(
    "/deals",
    {
      schema: {
        tags: ["deals"],
        summary: "Deals by id (recently viewed)",
        description:
          "Repeat id (or comma-separate ids): the deals come back in that order; unknown ids are left out.",
        querystring: dealLookupQuerySchema,
        response: { 200: dealListSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
      onSend: escapeJsonPayload,
      ...dealsAnswer,
    },
    async (request, reply) => {
      // Without ids the path names nothing: the same 404 as any unknown path.
      const { id } = request.query;
      if (id === undefined || id.length === 0) return reply.callNotFound();
      const deals = await lookUpDeals(db, request.brand, id);
      catalogueHeaders(reply);
      return { deals };
    },
  );

  app.get(
    "/deal/:id",
    {
      schema: {
        tags: ["deals"],
        summary: "One deal with its products",
        description:
          "With path (the storefront path the deal was asked for), redirectUrl is the canonical path " +
          "when that path is not it.",
        params: dealParamsSchema,
        querystring: dealQuerySchema,
        response: { 200: dealDetailSchema, ...errors },
      },
      onSend: escapeJsonPayload,
    },
    async (request, reply) => {
      const deal = await getDeal(db, request.brand, request.params.id, clock(), request.query.path);
      catalogueHeaders(reply);
      return deal;
    },
  );

  app.get(
    "/deal-url",
    {
      schema: {
        tags: ["deals"],
        summary: "Where a storefront deal path leads",
        description:
          "/deal/{category}/{sub}/{subsub}/{dealId}[/blurb][/productId], or e in place of the id (evergreen). " +
          "Answers the deal and its canonical path, with redirectUrl when the path should redirect (301); " +
          "404 DEAL_NOT_FOUND when it names no deal of this site.",
        querystring: dealUrlQuerySchema,
        response: { 200: dealUrlResolutionSchema, ...errors },
      },
      onSend: escapeJsonPayload,
    },
    async (request, reply) => {
      const resolution = await resolveDealUrl(db, request.brand, request.query.path);
      catalogueHeaders(reply);
      return resolution;
    },
  );

  app.get(
    "/socialcue/deal/:id",
    {
      schema: {
        tags: ["deals"],
        summary: "Units bought in the last 6, 12 and 24 hours",
        params: dealParamsSchema,
        response: { 200: socialCueSchema, ...errors },
      },
      onSend: escapeJsonPayload,
    },
    async (request, reply) => {
      const cue = await getSocialCue(db, request.brand, request.params.id, clock());
      catalogueHeaders(reply, SHORT_CACHE_CONTROL);
      return cue;
    },
  );

  app.post(
    "/deal/:location/impressions",
    {
      schema: {
        tags: ["deals"],
        summary: "Record the deals a listing showed",
        description:
          "location is the listing's first segment. Each id counts once per time given; ids that are " +
          "not this site's deals are skipped. recorded: how many deals were counted.",
        params: impressionsParamsSchema,
        body: impressionsBodySchema,
        response: { 200: recordedSchema, ...errors },
      },
      onSend: escapeJsonPayload,
    },
    async (request, reply) => {
      const recorded = await recordImpressions(
        db,
        request.brand,
        request.params.location,
        request.body.dealIds,
        clock(),
      );
      reply.header("cache-control", "no-store");
      return { recorded };
    },
  );
};
