/** The basket calls (services.md §7.3), under /v1. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ApiError, errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import { setBasketCookie } from "./cookie.ts";
import {
  addonBodySchema,
  basketListSchema,
  basketProductInputSchema,
  basketProductParamsSchema,
  basketQuerySchema,
  basketSchema,
  basketTokenParamsSchema,
  createBasketBodySchema,
  linkBasketBodySchema,
  patchBasketProductBodySchema,
  replaceBasketBodySchema,
  vipStatusBodySchema,
} from "./schemas.ts";
import {
  addProduct,
  BASKET_MESSAGES,
  type BasketContext,
  createBasket,
  getBasket,
  getCustomerBaskets,
  linkBasket,
  patchProduct,
  removeProduct,
  replaceBasket,
  setAddon,
  updateVipStatus,
} from "./service.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

export const basketRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  const context = (request: { brand: BasketContext["brand"]; customer: BasketContext["customer"] }) => ({
    db,
    now: clock(),
    brand: request.brand,
    customer: request.customer,
  });

  app.post(
    "/basket",
    {
      schema: {
        tags: ["basket"],
        summary: "Create a basket; its token is in the location header and the basket cookie",
        body: createBasketBodySchema,
        response: { 201: basketSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token, basket } = await createBasket(context(request), request.body);
      setBasketCookie(request, reply, token);
      reply.header("location", `/v1/basket/${token}`);
      return reply.code(201).send(basket);
    },
  );

  app.get(
    "/basket",
    {
      schema: {
        tags: ["basket"],
        summary: "The signed-in customer's baskets by customerToken, or one by basketToken",
        querystring: basketQuerySchema,
        response: { 200: basketListSchema, ...errors },
      },
    },
    async (request) => {
      const { customerToken, basketToken, giftPacks } = request.query;
      const ctx = context(request);
      if (customerToken !== undefined) {
        return getCustomerBaskets(ctx, requireCustomer(request), customerToken, giftPacks === "true");
      }
      if (basketToken === undefined) throw new ApiError(400, "BASKET_TOKEN_INVALID", BASKET_MESSAGES.noToken);
      return [await getBasket(ctx, basketToken, giftPacks === "true")];
    },
  );

  app.get(
    "/basket/:basketToken",
    {
      schema: {
        tags: ["basket"],
        summary: "One basket by its token (giftPacks=true includes gift pack and wrap lines)",
        params: basketTokenParamsSchema,
        querystring: basketQuerySchema,
        response: { 200: basketSchema, ...errors },
      },
    },
    (request) => getBasket(context(request), request.params.basketToken, request.query.giftPacks === "true"),
  );

  app.put(
    "/basket/:basketToken",
    {
      schema: {
        tags: ["basket"],
        summary: "Replace a basket's products",
        params: basketTokenParamsSchema,
        body: replaceBasketBodySchema,
        response: { 200: basketSchema, ...errors },
      },
      // A malformed body gets the spec's message (services.md §8), not the validator's.
      attachValidation: true,
    },
    async (request) => {
      if (request.validationError) {
        throw new ApiError(400, "BASKET_MALFORMED", BASKET_MESSAGES.replaceMalformed);
      }
      return (await replaceBasket(context(request), request.params.basketToken, request.body)).basket;
    },
  );

  app.patch(
    "/basket/:basketToken",
    {
      schema: {
        tags: ["basket"],
        summary: "Link a basket to the signed-in customer; it joins the basket they already have",
        params: basketTokenParamsSchema,
        body: linkBasketBodySchema,
        response: { 200: basketSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const linked = await linkBasket(context(request), customer, request.params.basketToken, request.body);
      // The customer's one basket may be another: the cookie follows it.
      setBasketCookie(request, reply, linked.token);
      return linked.basket;
    },
  );

  app.post(
    "/basket/:basketToken/product",
    {
      schema: {
        tags: ["basket"],
        summary: "Add a product (or more of one already there)",
        params: basketTokenParamsSchema,
        body: basketProductInputSchema,
        response: { 200: basketSchema, ...errors },
      },
    },
    async (request) => (await addProduct(context(request), request.params.basketToken, request.body)).basket,
  );

  app.patch(
    "/basket/:basketToken/product/:productId",
    {
      schema: {
        tags: ["basket"],
        summary: "Change a line: quantity, gift options, deposit, delivery option",
        params: basketProductParamsSchema,
        body: patchBasketProductBodySchema,
        response: { 200: basketSchema, ...errors },
      },
    },
    async (request) => {
      const { basketToken, productId } = request.params;
      return (await patchProduct(context(request), basketToken, productId, request.body)).basket;
    },
  );

  app.delete(
    "/basket/:basketToken/product/:productId",
    {
      schema: {
        tags: ["basket"],
        summary: "Remove a line; its gift pack and wrap lines are reduced",
        params: basketProductParamsSchema,
        response: { 200: basketSchema, ...errors },
      },
    },
    async (request) => {
      const { basketToken, productId } = request.params;
      return (await removeProduct(context(request), basketToken, productId)).basket;
    },
  );

  app.post(
    "/update-vip-status",
    {
      schema: {
        tags: ["basket"],
        summary: "Opt in to (or out of) the one-year VIP membership for this basket",
        body: vipStatusBodySchema,
        response: { 200: basketSchema, ...errors },
      },
    },
    async (request) => {
      const { basketToken, vipStatus } = request.body;
      return (await updateVipStatus(context(request), basketToken, vipStatus)).basket;
    },
  );

  app.post(
    "/basket/:basketToken/addon",
    {
      schema: {
        tags: ["basket"],
        summary: "Add an addon: VVE (one-year VIP) or DVP (voucher protection); quantity 0 removes it",
        params: basketTokenParamsSchema,
        body: addonBodySchema,
        response: { 200: basketSchema, ...errors },
      },
    },
    async (request) => (await setAddon(context(request), request.params.basketToken, request.body)).basket,
  );
};
