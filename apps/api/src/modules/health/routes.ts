/**
 * GET /healthz: the readiness check for load balancers and start-up scripts. It fails (503)
 * while a dependency the API needs is down, and says which (docs/reliability.md).
 */
import type { Database } from "@deals/db";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthSchema, notReadySchema } from "./schemas.ts";
import { checkDependencies, health, notReady } from "./service.ts";

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    "/healthz",
    {
      schema: {
        tags: ["health"],
        summary: "Whether the API and each dependency (database, Redis) answer",
        response: { 200: healthSchema, 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const dependencies = await checkDependencies(database, app.redis);
      const down = notReady(dependencies);
      if (down) return reply.code(503).send(down);
      return health(database, dependencies);
    },
  );
};
