/** POST /v1/promocode (login needed) and DELETE /v1/promocode/{basketToken}. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import { applyPromoBodySchema, promoParamsSchema, promoRefusedSchema, promoResultSchema } from "./schemas.ts";
import { applyPromoCode, removePromoCode } from "./service.ts";

export const promoRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  app.post(
    "/promocode",
    {
      schema: {
        tags: ["checkout"],
        summary: "Apply a promo code to the basket (sign-in needed)",
        body: applyPromoBodySchema,
        response: {
          200: promoResultSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          422: promoRefusedSchema,
        },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const ctx = { db, now: clock(), brand: request.brand, customer };
      const result = await applyPromoCode(ctx, request.body.basketToken, request.body.promoCode);
      if (result.applicable) return result;
      return reply
        .code(422)
        .send({ error: { code: "PROMO_CODE_REFUSED", message: result.message }, promoCode: result });
    },
  );

  app.delete(
    "/promocode/:basketToken",
    {
      schema: {
        tags: ["checkout"],
        summary: "Take the promo code off the basket",
        params: promoParamsSchema,
        response: {
          200: z.object({ removed: z.boolean() }),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const ctx = { db, now: clock(), brand: request.brand, customer: request.customer };
      await removePromoCode(ctx, request.params.basketToken);
      return { removed: true };
    },
  );
};
