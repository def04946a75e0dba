/** POST /v1/notFoundHit and POST /v1/log (services.md §7.8). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { acceptBeaconBodies } from "../deals/beacon.ts";
import { escapeJsonPayload } from "../deals/http-cache.ts";
import { clientLogBodySchema, notFoundHitBodySchema } from "./schemas.ts";
import { recordNotFoundHit } from "./service.ts";

export const loggingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  acceptBeaconBodies(app);
  app.addHook("onSend", escapeJsonPayload);

  app.post(
    "/notFoundHit",
    {
      schema: {
        tags: ["logging"],
        summary: "Report a storefront path that answered 404",
        body: notFoundHitBodySchema,
        response: { 204: z.null().describe("Recorded"), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const userAgent = request.headers["user-agent"];
      await recordNotFoundHit(db, request.brand, { ...request.body, userAgent }, clock());
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/log",
    {
      schema: {
        tags: ["logging"],
        summary: "Report an error the storefront met",
        description: "Written to the server log with the brand; never stored in the database.",
        body: clientLogBodySchema,
        response: { 204: z.null().describe("Recorded"), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      request.log.warn({ brand: request.brand.id, clientLog: request.body }, "storefront reported an error");
      return reply.code(204).send(null);
    },
  );
};
