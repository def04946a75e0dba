/**
 * POST /v1/checkout/{basketToken}: pay for a basket (idempotency-key header required);
 * GET /v1/checkout/{basketToken}/order: a guest's order, by the basket and the key it was
 * placed under (a guest has no sign-in to show it by); and GET /v1/order/reference/{reference}
 * (and, for older clients, /v1/order/{id}): the confirmation of one of the signed-in customer's
 * orders.
 */
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ApiError, errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import { checkoutParamsSchema } from "../checkout/schemas.ts";
import type { PaymentProviders } from "../payments/port.ts";
import { orderConfirmation, settledOrder, toConfirmation } from "./confirmation.ts";
import { findGuestOrder, findOrder, findOrderByReference, type OrderRow } from "./queries.ts";
import {
  basketChangedSchema,
  guestOrderSchema,
  orderConfirmationSchema,
  orderParamsSchema,
  orderReferenceParamsSchema,
  placeOrderBodySchema,
} from "./schemas.ts";
import { BasketChangedError, ORDER_MESSAGES, placeOrder } from "./service.ts";

export interface OrderRoutesOptions extends ModuleOptions {
  providers: PaymentProviders;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (
  app,
  { db, clock, providers },
) => {
  /** An order's confirmation for its owner on this site; to anyone else, no such order. */
  const ownConfirmation = (request: FastifyRequest, order: OrderRow | undefined) => {
    const customer = requireCustomer(request);
    if (!order || order.customerId !== customer.id || order.brandId !== request.brand.id) {
      throw new ApiError(404, "ORDER_NOT_FOUND", "There is no such order in your account.");
    }
    return orderConfirmation(db, order);
  };

  app.post(
    "/checkout/:basketToken",
    {
      // A shopper paying is served before anything not yet started (admission.ts).
      config: { admission: "first" },
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
          { brand: request.brand, customer: request.customer, requestId: request.id },
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
    "/checkout/:basketToken/order",
    {
      schema: {
        tags: ["checkout"],
        summary:
          "A guest's order placed from this basket under the idempotency-key header, with the email it went to",
        params: checkoutParamsSchema,
        response: { 200: guestOrderSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers["idempotency-key"];
      if (typeof key !== "string" || key.length < 8 || key.length > 100) {
        throw new ApiError(400, "IDEMPOTENCY_KEY_REQUIRED", ORDER_MESSAGES.idempotencyKey);
      }
      const order = await findGuestOrder(db, request.params.basketToken, key);
      if (!order || order.brandId !== request.brand.id) {
        throw new ApiError(404, "ORDER_NOT_FOUND", "There is no such order for this basket.");
      }
      reply.header("cache-control", "private, no-store");
      return { ...(await orderConfirmation(db, order)), email: order.email };
    },
  );

  app.get(
    "/order/reference/:reference",
    {
      schema: {
        tags: ["orders"],
        summary: "The confirmation of one of the signed-in customer's orders, by its reference",
        params: orderReferenceParamsSchema,
        response: {
          200: orderConfirmationSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ownConfirmation(request, await findOrderByReference(db, request.params.reference)),
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
    async (request) => ownConfirmation(request, await findOrder(db, request.params.id)),
  );
};
