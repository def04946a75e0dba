/** GET /v1/tiles (services.md §7.1). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { catalogueHeaders, escapeJsonPayload } from "../deals/http-cache.ts";
import { tilesQuerySchema, tilesSchema } from "./schemas.ts";
import { getTiles } from "./service.ts";

export const tilesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    "/tiles",
    {
      schema: {
        tags: ["navigation"],
        summary: "Picture links to the categories below a page's navigation",
        description:
          "An array of tiles; a bad parameter or an unknown category answers with an error object.",
        querystring: tilesQuerySchema,
        response: { 200: tilesSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
      onSend: escapeJsonPayload,
    },
    async (request, reply) => {
      const tiles = await getTiles(db, request.query);
      catalogueHeaders(reply);
      return tiles;
    },
  );
};
