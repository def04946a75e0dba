/** Notify me (services.md: /v1/deal/sold-out-notification). Never cached: each call is one shopper's. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { siteOrigin } from "../accounts/links.ts";
import { stockNotificationBodySchema, stockNotificationSchema } from "./schemas.ts";
import { requestStockNotification } from "./service.ts";

export const stockNotificationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  app.post(
    "/deal/sold-out-notification",
    {
      schema: {
        tags: ["deals"],
        summary: "Ask to be emailed when a sold-out or out-of-stock deal is back on sale",
        description:
          "One email through the outbox once the deal can be bought again, then the request is done. Asking again while it waits changes nothing (created false). A deal on sale now or one that has ended answers 409.",
        body: stockNotificationBodySchema,
        response: {
          200: stockNotificationSchema,
          201: stockNotificationSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await requestStockNotification(
        db,
        request.brand,
        request.body,
        clock(),
        siteOrigin(request, request.brand),
      );
      return reply
        .header("cache-control", "private, no-store")
        .code(answer.created ? 201 : 200)
        .send(answer);
    },
  );
};
