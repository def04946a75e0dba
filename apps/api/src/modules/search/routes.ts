/**
 * GET /v1/search and /v1/search/{location} (q, facets, sort, vip), GET /v1/suggest and
 * GET /v1/top-searches (services.md §7.7).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { dealListAnswer } from "../deals/deal-list-json.ts";
import {
  cachedAnswers,
  catalogueHeaders,
  escapeJsonPayload,
  responseCacheFromEnv,
  SHORT_CACHE_CONTROL,
} from "../deals/http-cache.ts";
import type { SearchResult } from "../deals/schemas.ts";
import { dealDayKey } from "../deals/service.ts";
import {
  searchParamsSchema,
  searchQuerySchema,
  searchResponseSchema,
  suggestionsSchema,
  suggestQuerySchema,
  topSearchesSchema,
} from "./schemas.ts";
import { SearchLog } from "./search-log.ts";
import { getTopSearches, search, suggest } from "./service.ts";

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

const SEARCH_DESCRIPTION =
  "q is required. Deals holding every word rank first by relevance (headline words count most); " +
  "when none do, deals with similar words are listed and searchResult.fuzzy is true. Listing " +
  "parameters apply (page, pageSize, offset, orderBy, order, minPrice, maxPrice, vip, categories, " +
  "f_ filters). With a location, its local deals and every national deal.";

export const searchRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  const log = SearchLog.of(db, (error) => app.log.error({ err: error }, "search counts not written"));
  app.addHook("onClose", () => log.close());
  // A search answered from memory still counts as a search.
  const searchCache = cachedAnswers(responseCacheFromEnv(), {
    note: (body) => (JSON.parse(body) as { searchResult: SearchResult }).searchResult,
    onHit: (request, note) => {
      // Under the words that found the deals, as the search itself counts (service.ts).
      const { query, correctedQuery, total } = note as SearchResult;
      log.record(request.brand.id, correctedQuery ?? query, total, dealDayKey(clock()));
    },
  });
  const hooks = {
    onRequest: searchCache.onRequest,
    onSend: searchCache.onSend,
    onResponse: searchCache.onResponse,
    ...dealListAnswer,
  };

  app.get(
    "/search",
    {
      schema: {
        tags: ["search"],
        summary: "Search the site's deals",
        description: SEARCH_DESCRIPTION,
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errors },
      },
      ...hooks,
    },
    async (request, reply) => {
      const answer = await search(db, request.brand, undefined, request.query, clock(), log);
      catalogueHeaders(reply);
      return answer;
    },
  );

  app.get(
    "/search/:location",
    {
      schema: {
        tags: ["search"],
        summary: "Search a location's deals and the national ones",
        description: SEARCH_DESCRIPTION,
        params: searchParamsSchema,
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errors },
      },
      ...hooks,
    },
    async (request, reply) => {
      const answer = await search(db, request.brand, request.params.location, request.query, clock(), log);
      catalogueHeaders(reply);
      return answer;
    },
  );

  app.get(
    "/suggest",
    {
      schema: {
        tags: ["search"],
        summary: "Suggestions while typing",
        querystring: suggestQuerySchema,
        response: { 200: suggestionsSchema, 400: errorResponseSchema },
      },
      onSend: escapeJsonPayload,
    },
    async (request, reply) => {
      const answer = await suggest(db, request.brand, request.query.q, request.query.location, clock(), log);
      catalogueHeaders(reply, SHORT_CACHE_CONTROL);
      return answer;
    },
  );

  app.get(
    "/top-searches",
    {
      schema: {
        tags: ["search"],
        summary: "The most searched queries of the last 30 days",
        response: { 200: topSearchesSchema },
      },
      onSend: escapeJsonPayload,
    },
    async (request, reply) => {
      const answer = await getTopSearches(db, request.brand, clock(), log);
      catalogueHeaders(reply, SHORT_CACHE_CONTROL);
      return answer;
    },
  );
};
