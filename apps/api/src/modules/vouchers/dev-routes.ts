/**
 * Outside production only: POST /dev/voucher-expiry moves a voucher's expiry date, so a
 * development or end-to-end site can show a voucher close to expiry (refunds refused within 7
 * days of it, expiry reminders) without waiting months.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { setVoucherExpiry } from "./queries.ts";

const expiryBodySchema = z.object({
  code: z.string().trim().min(1).max(32),
  /** Days from now (may be negative): the new expiry. */
  expiresInDays: z.number().int().min(-365).max(3650),
});

export const devVoucherRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  if (process.env.NODE_ENV === "production") return;
  app.post(
    "/dev/voucher-expiry",
    {
      schema: {
        tags: ["development"],
        summary: "Move a voucher's expiry date (not in production)",
        body: expiryBodySchema,
        response: {
          200: z.object({ code: z.string(), expiresAt: z.string() }),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const expiresAt = new Date(clock().getTime() + request.body.expiresInDays * 86_400_000);
      const moved = await setVoucherExpiry(db, request.body.code.toUpperCase(), expiresAt);
      if (!moved) throw new ApiError(404, "VOUCHER_NOT_FOUND", "There is no voucher with this code.");
      reply.header("cache-control", "no-store");
      return { code: moved.code, expiresAt: expiresAt.toISOString() };
    },
  );
};
