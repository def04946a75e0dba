/** POST /v1/gift-card/redeem: redeem a gift card's code into the signed-in customer's wallet. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import { giftCardRedeemedSchema, redeemGiftCardBodySchema } from "./schemas.ts";
import { redeemGiftCard } from "./service.ts";

export const giftCardRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  app.post(
    "/gift-card/redeem",
    {
      schema: {
        tags: ["wallet"],
        summary: "Redeem a gift card: its value goes into the wallet in its currency, once per code",
        body: redeemGiftCardBodySchema,
        response: {
          200: giftCardRedeemedSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    (request) =>
      redeemGiftCard(db, {
        customer: requireCustomer(request),
        brand: request.brand,
        code: request.body.code,
        now: clock(),
      }),
  );
};
