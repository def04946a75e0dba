/**
 * GET /v1/user/wallet: the signed-in customer's credit per currency (product.md §3 "Wallet
 * entry"); GET /v1/user/wallet/history: their ledger, newest first; POST
 * /v1/user/wallet/apply-credit: what the wallet would pay of a basket.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import { checkoutBasket } from "../checkout/service.ts";
import { loadCheckoutState } from "../checkout/state.ts";
import { walletOf } from "./queries.ts";
import { walletHistoryQuerySchema, walletHistorySchema } from "./schemas.ts";
import { walletHistoryPage } from "./service.ts";

const minor = z.number().int();
const walletListSchema = z.array(
  z.object({ currency: z.string(), marketingBalance: minor, refundableBalance: minor, balance: minor }),
);
const applyCreditSchema = z.object({
  currency: z.enum(["GBP", "EUR"]),
  marketing: minor,
  refundable: minor,
  credit: minor,
  /** What is left for the payment method. */
  payable: minor,
});

export const walletRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  app.get(
    "/user/wallet",
    {
      schema: {
        tags: ["wallet"],
        summary: "The signed-in customer's wallet: marketing and refundable credit per currency",
        response: { 200: walletListSchema, 401: errorResponseSchema },
      },
    },
    (request) => walletOf(db, requireCustomer(request).id),
  );

  app.get(
    "/user/wallet/history",
    {
      schema: {
        tags: ["wallet"],
        summary: "The signed-in customer's wallet history: credit in, spent and expired, newest first",
        querystring: walletHistoryQuerySchema,
        response: { 200: walletHistorySchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return walletHistoryPage(db, requireCustomer(request).id, request.query);
    },
  );

  app.post(
    "/user/wallet/apply-credit",
    {
      schema: {
        tags: ["wallet"],
        summary: "How much wallet credit would pay of this basket (marketing credit capped per item)",
        body: z.object({ basketToken: z.string().optional() }),
        response: {
          200: applyCreditSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const now = clock();
      const found = await checkoutBasket(
        { db, now, brand: request.brand, customer },
        request.body.basketToken,
      );
      const state = await loadCheckoutState(
        db,
        { ...found, brand: request.brand, customer, buyerKey: null, now },
        { useWallet: true },
      );
      const plan = state.priced.wallet!;
      return {
        currency: plan.currency,
        marketing: plan.marketingMinor,
        refundable: plan.refundableMinor,
        credit: plan.creditMinor,
        payable: state.priced.summary.totalOrderAmount,
      };
    },
  );
};
