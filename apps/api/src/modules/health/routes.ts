/** GET /healthz: for load balancers and start-up scripts. */
import type { Database } from "@deals/db";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import { healthSchema } from "./schemas.ts";
import { checkHealth } from "./service.ts";

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    "/healthz",
    {
      schema: {
        tags: ["health"],
        summary: "Whether the API and its database answer",
        response: { 200: healthSchema, 503: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return checkHealth(database);
    },
  );
};
