/**
 * GET /v1/order-addon: deals to add to one of the customer's orders, and the stored instrument
 * that pays for them in one click; POST /v1/order-addon: add one (idempotency-key header
 * required). Another customer's order answers 404.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import { requireCustomer } from "../accounts/auth.ts";
import type { OrderRoutesOptions } from "../orders/routes.ts";
import { basketChangedSchema } from "../orders/schemas.ts";
import { BasketChangedError } from "../orders/service.ts";
import {
  orderAddonBodySchema,
  orderAddonOffersSchema,
  orderAddonQuerySchema,
  orderAddonResultSchema,
} from "./schemas.ts";
import { addToOrder, orderAddonOffers } from "./service.ts";

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const orderAddonRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (
  app,
  { db, clock, providers },
) => {
  app.get(
    "/order-addon",
    {
      schema: {
        tags: ["orders"],
        summary:
          "Deals to add to one of the customer's orders, with the stored instrument that pays in one click",
        querystring: orderAddonQuerySchema,
        response: { 200: orderAddonOffersSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      reply.header("cache-control", "private, no-store");
      return orderAddonOffers(db, { brand: request.brand, customer }, request.query.order, clock());
    },
  );

  app.post(
    "/order-addon",
    {
      schema: {
        tags: ["orders"],
        summary:
          "Add a deal to an order: paid with the stored instrument in one click, or put in the basket for checkout",
        body: orderAddonBodySchema,
        response: {
          200: orderAddonResultSchema,
          201: orderAddonResultSchema,
          ...errors,
          402: errorResponseSchema,
          409: basketChangedSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const key = request.headers["idempotency-key"];
      try {
        const { created, result } = await addToOrder(
          { db, clock, providers },
          { brand: request.brand, customer },
          request.body,
          typeof key === "string" ? key : undefined,
        );
        return reply.code(created ? 201 : 200).send(result);
      } catch (error) {
        if (!(error instanceof BasketChangedError)) throw error;
        return reply.code(409).send({ error: { code: error.code, message: error.message } });
      }
    },
  );
};
