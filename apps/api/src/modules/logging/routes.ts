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
        description:
          "Written to the server log as one structured line (the remote log record: brand, customer, time, description, IP and the record's fields) under the request's id; never stored in the database.",
        body: clientLogBodySchema,
        response: { 204: z.null().describe("Recorded"), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const record = request.body;
      // services.md §3 "Remote log record"; the customer by id, since tokens never reach the logs.
      const remoteLog = {
        brand: request.brand.id,
        customerId: request.customer?.id ?? null,
        ip: request.ip,
        ...record,
      };
      if (record.server) request.log.error({ remoteLog }, "storefront page failed on the server");
      else request.log.warn({ remoteLog }, "storefront reported an error in the browser");
      return reply.code(204).send(null);
    },
  );
};
