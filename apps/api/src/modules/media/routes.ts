/** GET /images/{id}.svg: the drawn deal pictures (contracts "apps/api"). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema, notFound } from "../../errors.ts";
import { imageParamsSchema } from "./schemas.ts";
import { renderDealImage } from "./service.ts";

// The picture for an id never changes: browsers and the CDN may keep it for a year.
const IMMUTABLE = "public, max-age=31536000, immutable";

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/images/:id.svg",
    {
      schema: {
        tags: ["media"],
        summary: "A deal picture",
        params: imageParamsSchema,
        response: {
          200: { description: "The picture", content: { "image/svg+xml": { schema: z.string() } } },
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const svg = renderDealImage(request.params.id);
      if (svg === null) throw notFound("IMAGE_NOT_FOUND", "There is no image with this id.");
      return reply.header("cache-control", IMMUTABLE).type("image/svg+xml; charset=utf-8").send(svg);
    },
  );
};
