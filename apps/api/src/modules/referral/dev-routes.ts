/**
 * Outside production only: POST /dev/referral-credit runs the referral credit job as if the
 * clock were some days ahead, so a development or end-to-end site can show a friend's
 * purchase past its 14-day refund window without waiting two weeks.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { settleReferrals } from "./credit.ts";

const runBodySchema = z.object({
  /** Days ahead of now the job runs as of. */
  afterDays: z.number().int().min(0).max(3650),
});

export const devReferralRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  if (process.env.NODE_ENV === "production") return;
  app.post(
    "/dev/referral-credit",
    {
      schema: {
        tags: ["development"],
        summary: "Run the referral credit job some days ahead (not in production)",
        body: runBodySchema,
        response: {
          200: z.object({
            pending: z.number().int(),
            cancelled: z.number().int(),
            credited: z.number().int(),
          }),
          400: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const run = await settleReferrals(
        db,
        new Date(clock().getTime() + request.body.afterDays * 86_400_000),
      );
      reply.header("cache-control", "no-store");
      return run;
    },
  );
};
