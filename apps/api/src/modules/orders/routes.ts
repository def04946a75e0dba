/**
 * POST /v1/checkout/{basketToken}: pay for a basket (idempotency-key header required), and
 * GET /v1/order/{id}: the confirmation of one of the signed-in customer's orders.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ApiError, errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import { checkoutParamsSchema } from "../checkout/schemas.ts";
import type { PaymentProviders } from "../payments/port.ts";
import { orderConfirmation, settledOrder, toConfirmation } from "./confirmation.ts";
import { findOrder } from "./queries.ts";
import {
  basketChangedSchema,
  orderConfirmationSchema,
  orderParamsSchema,
  placeOrderBodySchema,
} from "./schemas.ts";
import { BasketChangedError, placeOrder } from "./service.ts";

export interface OrderRoutesOptions extends ModuleOptions {
  providers: PaymentProviders;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (
  app,
  { db, clock, providers },
) => {
  app.post(
    "/checkout/:basketToken",
    {
      schema: {
        tags: ["checkout"],
        summary: "Pay for the basket and place the order; a repeated idempotency-key returns the same order",
        params: checkoutParamsSchema,
        body: placeOrderBodySchema,
        response: {
          200: orderConfirmationSchema,
          201: orderConfirmationSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          402: errorResponseSchema,
          404: errorResponseSchema,
          409: basketChangedSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const key = request.headers["idempotency-key"];
      let placed: Awaited<ReturnType<typeof placeOrder>>;
      try {
        placed = await placeOrder(
          { db, clock, providers },
          { brand: request.brand, customer: request.customer },
          request.params.basketToken,
          request.body,
          typeof key === "string" ? key : undefined,
        );
      } catch (error) {
        if (!(error instanceof BasketChangedError)) throw error;
        return reply.code(409).send({
          error: { code: error.code, message: error.message },
          removedItems: error.removed.map(({ line, message }) => ({
            id: line.id,
            dealId: line.dealId,
            productId: line.dealProductId,
            message,
          })),
        });
      }
      if (placed.created && placed.settled.grantedVip)
        await app.sessions.forgetCustomer(placed.settled.order.customerId);
      const order = placed.created ? placed.settled.order : await settledOrder(db, placed.orderId);
      if (order.status === "failed") {
        throw new ApiError(402, "PAYMENT_FAILED", order.failureMessage ?? "The payment failed.");
      }
      if (!placed.created) return reply.code(200).send(await orderConfirmation(db, order));
      const { lines, vouchers } = placed.settled;
      return reply.code(201).send(toConfirmation(order, lines, vouchers));
    },
  );

  app.get(
    "/order/:id",
    {
      schema: {
        tags: ["orders"],
        summary: "The confirmation of one of the signed-in customer's orders",
        params: orderParamsSchema,
        response: {
          200: orderConfirmationSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const customer = requireCustomer(request);
      const order = await findOrder(db, request.params.id);
      if (!order || order.customerId !== customer.id || order.brandId !== request.brand.id) {
        throw new ApiError(404, "ORDER_NOT_FOUND", "There is no such order in your account.");
      }
      return orderConfirmation(db, order);
    },
  );
};
