/**
 * A merchant's reviews (services.md §7.7 "Reviews: GET {merchant reviews}/{id}/reviews with
 * dealId, filterByDeal, page, size=10 and sortBy"; product.md §3 "Review").
 */
import { REVIEWS_PAGE_SIZE } from "@deals/domain/constants";
import { parseCatalogueId } from "@deals/domain/deal-id";
import { z } from "zod";

export const REVIEW_SORTS = ["newest", "oldest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
const MAX_REVIEWS_PAGE = 10_000;
const MAX_REVIEWS_PAGE_SIZE = 50;

const id = (name: string) =>
  z
    .string({ error: `${name} must be given once` })
    .refine((text) => parseCatalogueId(text) !== null, `${name} must be an id: a positive whole number`)
    .transform(Number);

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} must be given once` })
    .regex(/^\d{1,6}$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be a whole number from ${min} to ${max}`);

export const reviewsParamsSchema = z.object({ merchantId: id("merchantId") });

export const reviewsQuerySchema = z
  .object({
    dealId: id("dealId").optional().describe("The deal the page is about"),
    filterByDeal: z
      .enum(["true", "false"], { error: "filterByDeal must be true or false" })
      .default("false")
      .transform((flag) => flag === "true")
      .describe("true: only that deal's reviews"),
    page: wholeNumber("page", 0, MAX_REVIEWS_PAGE).default(0).describe("0-based page"),
    size: wholeNumber("size", 1, MAX_REVIEWS_PAGE_SIZE)
      .default(REVIEWS_PAGE_SIZE)
      .describe(`Reviews per page (default ${REVIEWS_PAGE_SIZE})`),
    sortBy: z
      .enum(REVIEW_SORTS, { error: `sortBy must be one of ${REVIEW_SORTS.join(", ")}` })
      .default("newest"),
  })
  .refine((query) => !query.filterByDeal || query.dealId !== undefined, {
    path: ["dealId"],
    message: "dealId is required with filterByDeal=true",
  });

const rating = z.object({ average: z.number().nullable(), total: z.number().int().nonnegative() });

export const reviewSchema = z.object({
  id: z.number().int(),
  dealId: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});

export const reviewsResponseSchema = z.object({
  /** Every review of the merchant on this site. */
  merchantReviewRating: rating,
  /** The reviews listed: the deal's with filterByDeal, else the merchant's. */
  reviewSummary: rating,
  reviews: z.array(reviewSchema),
  page: z.number().int().nonnegative(),
  size: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
  sortBy: z.enum(REVIEW_SORTS),
});
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

/** The site's own rating: every review of the brand's deals (GET /v1/reviews/summary). */
export const reviewsSummarySchema = z.object({
  /** Out of 5, to two decimals; null when there are no reviews yet. */
  average: z.number().min(1).max(5).nullable(),
  total: z.number().int().nonnegative(),
});
export type ReviewsSummary = z.infer<typeof reviewsSummarySchema>;
