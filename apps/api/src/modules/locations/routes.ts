/** GET /v1/locations and GET /v1/location/{shortName} (services.md §7.7). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { cachedAnswers, catalogueHeaders, responseCacheFromEnv } from "../deals/http-cache.ts";
import { locationListSchema, locationParamsSchema, locationSchema } from "./schemas.ts";
import { getLocation, getLocations } from "./service.ts";

export const locationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  // Every page's header reads these: catalogue data, kept in memory briefly like listings.
  const cached = cachedAnswers(responseCacheFromEnv());
  app.get(
    "/locations",
    {
      schema: {
        tags: ["locations"],
        summary: "The brand's locations, big cities first",
        response: { 200: locationListSchema, 400: errorResponseSchema },
      },
      ...cached,
    },
    (request, reply) => {
      catalogueHeaders(reply);
      return getLocations(db, request.brand);
    },
  );

  app.get(
    "/location/:shortName",
    {
      schema: {
        tags: ["locations"],
        summary: "One location by short name",
        params: locationParamsSchema,
        response: { 200: locationSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
      ...cached,
    },
    (request, reply) => {
      catalogueHeaders(reply);
      return getLocation(db, request.brand, request.params.shortName);
    },
  );
};
