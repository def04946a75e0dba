/**
 * Outside production only: POST /dev/travel-hold-ends ends a basket's live holds now (their
 * time runs out as if 15 minutes had passed), so a development or end-to-end site can show
 * the checkout timer popup and the stay leaving the basket without waiting.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { endHoldsOf } from "./queries.ts";

export const devTravelRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  if (process.env.NODE_ENV === "production") return;
  app.post(
    "/dev/travel-hold-ends",
    {
      schema: {
        tags: ["development"],
        summary: "End a basket's live holds now (not in production)",
        body: z.object({ basketToken: z.string().min(1).max(100) }),
        response: { 200: z.object({ ended: z.number().int() }), 400: errorResponseSchema },
      },
    },
    async (request) => ({ ended: await endHoldsOf(db, request.body.basketToken, clock()) }),
  );
};
