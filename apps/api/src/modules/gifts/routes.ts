/**
 * POST /v1/gift/claim: the signed-in customer claims an e-gift by its code (product.md §2
 * "gift claim"); GET /v1/user/gifts: the gifts they sent and whether each was claimed.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import { claimedGiftSchema, claimGiftBodySchema, sentGiftsSchema } from "./schemas.ts";
import { claimGiftFor, sentGifts } from "./service.ts";

export const giftRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  app.post(
    "/gift/claim",
    {
      schema: {
        tags: ["gifts"],
        summary: "Claim an e-gift into the signed-in customer's account; it then shows in their vouchers",
        body: claimGiftBodySchema,
        response: {
          200: claimedGiftSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    (request) => claimGiftFor(db, requireCustomer(request).id, request.body.code, clock()),
  );

  app.get(
    "/user/gifts",
    {
      schema: {
        tags: ["gifts"],
        summary: "The e-gifts the signed-in customer sent, newest first, and whether each was claimed",
        response: { 200: sentGiftsSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return sentGifts(db, requireCustomer(request).id);
    },
  );
};
