/**
 * Outside production only: POST /dev/deal-stock sets how many units of each of a deal's
 * products are left, so a development or end-to-end site can sell a deal out and bring its
 * stock back. When stock returns, the back-in-stock emails go at once (the job's own run),
 * rather than at the job's next turn minutes later.
 */
import { eq, sql } from "@deals/db";
import { dealProducts } from "@deals/db/schema/catalogue";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { sendBackInStockEmails } from "./service.ts";

const stockBodySchema = z.object({
  dealId: z.number().int().min(1).max(2_147_483_647),
  /** Units left of each product; 0 sells the deal out. */
  left: z.number().int().min(0).max(100_000),
});

export const devStockRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  if (process.env.NODE_ENV === "production") return;
  app.post(
    "/dev/deal-stock",
    {
      schema: {
        tags: ["development"],
        summary:
          "Set the units left of a deal's products; back-in-stock emails go at once (not in production)",
        body: stockBodySchema,
        response: {
          200: z.object({
            dealId: z.number().int(),
            left: z.number().int(),
            backInStockEmails: z.number().int(),
          }),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { dealId, left } = request.body;
      const updated = await db
        .update(dealProducts)
        .set({ totalStock: sql`${dealProducts.totalBought} + ${left}` })
        .where(eq(dealProducts.dealId, dealId))
        .returning({ id: dealProducts.id });
      if (updated.length === 0) throw new ApiError(404, "DEAL_NOT_FOUND", "There is no such deal.");
      const backInStockEmails = left > 0 ? await sendBackInStockEmails(db, clock()) : 0;
      reply.header("cache-control", "no-store");
      return { dealId, left, backInStockEmails };
    },
  );
};
