/** GET /v1/staticpage/{slug} and GET /v1/guides/{slug} (services.md §7.7 "/v1/staticpage"). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { catalogueHeaders, escapeJsonPayload } from "../deals/http-cache.ts";
import { guideSchema, pageParamsSchema, staticPageSchema } from "./schemas.ts";
import { getGuide, getStaticPage } from "./service.ts";

export const staticPagesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  app.addHook("onSend", escapeJsonPayload);

  app.get(
    "/staticpage/:slug",
    {
      schema: {
        tags: ["pages"],
        summary: "A static page of this site",
        description:
          "The slugs of /page/{slug}. The other country's privacy policy answers this site's own, with " +
          "redirectUrl set.",
        params: pageParamsSchema,
        response: { 200: staticPageSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const page = getStaticPage(request.params.slug, request.brand);
      catalogueHeaders(reply);
      return page;
    },
  );

  app.get(
    "/guides/:slug",
    {
      schema: {
        tags: ["pages"],
        summary: "A guide: hub, holiday-deals, black-friday-deals, wowcher-affiliates or press-resources",
        params: pageParamsSchema,
        response: { 200: guideSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const guide = getGuide(request.params.slug, request.brand);
      catalogueHeaders(reply);
      return guide;
    },
  );
};
