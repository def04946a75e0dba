/** Request and response shapes of the wishlist calls (services.md §7.5). */
import { WISHLIST_PAGE_SIZE } from "@deals/domain/constants";
import { z } from "zod";
import { dealSummarySchema } from "../deals/schemas.ts";

/** Path values are read as text and checked by the service, which answers the spec's messages. */
const pathValue = z.string().max(64);

export const wishlistIdParamsSchema = z.object({ id: pathValue });
export const newWishlistParamsSchema = z.object({ dealId: pathValue });
export const wishlistDealParamsSchema = z.object({ id: pathValue, dealId: pathValue });

const pageQuery = {
  page: z.coerce.number().int().min(0).max(1000).default(0),
  pageSize: z.coerce.number().int().min(0).max(WISHLIST_PAGE_SIZE).default(WISHLIST_PAGE_SIZE),
};
export const wishlistPageQuerySchema = z.object(pageQuery);
export const customerWishlistQuerySchema = z.object({
  customerToken: z.string().max(200).optional(),
  ...pageQuery,
});
export const wishlistDealsQuerySchema = z.object({ ids: z.string().max(2000).optional() });

/** PATCH wishlist/{id}: a merge of the guest list into the customer's, named by their token. */
const operationSchema = z.object({
  op: z.string().max(20),
  path: z.string().max(100),
  value: z.string().max(200),
});
export const patchWishlistBodySchema = z.union([
  operationSchema,
  z.array(operationSchema).min(1).max(10),
  z.object({ operations: z.array(operationSchema).min(1).max(10) }),
]);
export type PatchWishlistBody = z.infer<typeof patchWishlistBodySchema>;

export const wishedDealSchema = dealSummarySchema.extend({
  addedAt: z.string(),
  /** Below the price when it was wished. */
  priceDropped: z.boolean(),
  /** Closes within 48 hours. */
  endingSoon: z.boolean(),
});
export type WishedDeal = z.infer<typeof wishedDealSchema>;

export const wishlistSchema = z.object({
  /** null: the customer has no wishlist yet. */
  id: z.string().nullable(),
  /** One page of the wished deals, the latest wished first. */
  deals: z.array(wishedDealSchema),
  /** How many deals the list holds. */
  quantity: z.number().int().nonnegative(),
  /** Every wished deal's id, for the hearts on listings. */
  dealIds: z.array(z.number().int()),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type Wishlist = z.infer<typeof wishlistSchema>;
