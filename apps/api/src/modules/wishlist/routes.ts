/** The wishlist calls (services.md §7.5), under /v1. Never cached: each list is one shopper's. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { dealsAnswer } from "../deals/deal-list-json.ts";
import { dealListSchema } from "../deals/schemas.ts";
import {
  customerWishlistQuerySchema,
  newWishlistParamsSchema,
  patchWishlistBodySchema,
  wishlistDealParamsSchema,
  wishlistDealsQuerySchema,
  wishlistIdParamsSchema,
  wishlistPageQuerySchema,
  wishlistSchema,
} from "./schemas.ts";
import {
  addToWishlist,
  clearWishlist,
  createWishlist,
  getCustomerWishlist,
  getWishlist,
  lookUpWishlistDeals,
  mergeWishlist,
  removeFromWishlist,
  type WishlistContext,
} from "./service.ts";

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };
const tags = ["wishlist"];

export const wishlistRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  const context = (request: Pick<WishlistContext, "brand" | "customer">): WishlistContext => ({
    db,
    brand: request.brand,
    customer: request.customer,
    now: clock(),
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  app.get(
    "/wishlist",
    {
      schema: {
        tags,
        summary:
          "The signed-in customer's wishlist, by their customer token (page 0, pageSize 50 by default)",
        querystring: customerWishlistQuerySchema,
        response: { 200: wishlistSchema, ...errors },
      },
    },
    (request) => {
      const { customerToken, ...paging } = request.query;
      return getCustomerWishlist(context(request), customerToken, paging);
    },
  );

  app.get(
    "/wishlist/deals",
    {
      schema: {
        tags,
        summary: "The deals of a wishlist by id (ids=1,2,3), in that order; unknown ids left out",
        querystring: wishlistDealsQuerySchema,
        response: { 200: dealListSchema, ...errors },
      },
      ...dealsAnswer,
    },
    (request) => lookUpWishlistDeals(context(request), request.query.ids),
  );

  app.get(
    "/wishlist/:id",
    {
      schema: {
        tags,
        summary: "A wishlist by id: a guest's, or the signed-in customer's own",
        params: wishlistIdParamsSchema,
        querystring: wishlistPageQuerySchema,
        response: { 200: wishlistSchema, ...errors },
      },
    },
    (request) => getWishlist(context(request), request.params.id, request.query),
  );

  app.post(
    "/wishlist/deal/:dealId",
    {
      schema: {
        tags,
        summary: "Create a wishlist with its first deal (the customer's own list when signed in)",
        params: newWishlistParamsSchema,
        response: { 201: wishlistSchema, ...errors },
      },
    },
    async (request, reply) => {
      const list = await createWishlist(context(request), request.params.dealId);
      return reply.code(201).send(list);
    },
  );

  app.post(
    "/wishlist/:id/deal/:dealId",
    {
      schema: {
        tags,
        summary: "Add a deal to a wishlist (once: adding it again changes nothing)",
        params: wishlistDealParamsSchema,
        response: { 200: wishlistSchema, ...errors },
      },
    },
    (request) => addToWishlist(context(request), request.params.id, request.params.dealId),
  );

  app.delete(
    "/wishlist/:id/deal/all",
    {
      schema: {
        tags,
        summary: "Remove every deal from a wishlist",
        params: wishlistIdParamsSchema,
        response: { 200: wishlistSchema, ...errors },
      },
    },
    (request) => clearWishlist(context(request), request.params.id),
  );

  app.delete(
    "/wishlist/:id/deal/:dealId",
    {
      schema: {
        tags,
        summary: "Remove a deal from a wishlist",
        params: wishlistDealParamsSchema,
        response: { 200: wishlistSchema, ...errors },
      },
    },
    (request) => removeFromWishlist(context(request), request.params.id, request.params.dealId),
  );

  app.patch(
    "/wishlist/:id",
    {
      schema: {
        tags,
        summary: "Merge a guest wishlist into the signed-in customer's (op merge, path customerToken)",
        params: wishlistIdParamsSchema,
        body: patchWishlistBodySchema,
        response: { 200: wishlistSchema, ...errors },
      },
    },
    (request) => mergeWishlist(context(request), request.params.id, request.body),
  );
};
