/**
 * The merchant fulfilment API: a merchant, by its API key (auth.ts), moves its own shop items
 * on (Dispatched, Delivered) and receives returns, which refunds the shopper. A voucher is named
 * by its id or by its code.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { OrderRoutesOptions } from "../orders/routes.ts";
import { type MerchantKeys, requireMerchant } from "./auth.ts";
import { dispatchBodySchema, merchantVoucherParamsSchema, merchantVoucherSchema } from "./schemas.ts";
import { deliverItem, dispatchItem, receiveReturn } from "./service.ts";

const responses = {
  200: merchantVoucherSchema,
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const merchantFulfilmentRoutes: FastifyPluginAsyncZod<
  OrderRoutesOptions & { merchantKeys: MerchantKeys }
> = async (app, { db, clock, providers, merchantKeys }) => {
  app.post(
    "/merchant/voucher/:id/dispatch",
    {
      schema: {
        tags: ["merchant"],
        summary: "Merchant (API key): a shop item has been sent, with courier and tracking number",
        params: merchantVoucherParamsSchema,
        body: dispatchBodySchema,
        response: responses,
      },
    },
    (request) =>
      dispatchItem(db, requireMerchant(request, merchantKeys), request.params.id, request.body, clock()),
  );

  app.post(
    "/merchant/voucher/:id/delivered",
    {
      schema: {
        tags: ["merchant"],
        summary: "Merchant (API key): a dispatched shop item has been delivered",
        params: merchantVoucherParamsSchema,
        response: responses,
      },
    },
    (request) => deliverItem(db, requireMerchant(request, merchantKeys), request.params.id, clock()),
  );

  app.post(
    "/merchant/voucher/:id/return-received",
    {
      schema: {
        tags: ["merchant"],
        summary: "Merchant (API key): a returned shop item has arrived; the shopper is refunded once",
        params: merchantVoucherParamsSchema,
        response: responses,
      },
    },
    (request) =>
      receiveReturn({ db, clock, providers }, requireMerchant(request, merchantKeys), request.params.id),
  );
};
