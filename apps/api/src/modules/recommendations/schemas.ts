/**
 * "Customers also viewed" and new products (services.md §7.7: recommendations limit 40,
 * pageSize 25; new products for a location, pageSize 12), two of the exit promo's sources.
 */
import { NEW_PRODUCTS_PAGE_SIZE, RECOMMENDATIONS } from "@deals/domain/constants";
import { parseCatalogueId } from "@deals/domain/deal-id";
import { z } from "zod";

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} must be given once` })
    .regex(/^\d{1,6}$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be a whole number from ${min} to ${max}`);

export const recommendationsQuerySchema = z.object({
  dealId: z
    .string({ error: "dealId must be given once" })
    .refine((text) => parseCatalogueId(text) !== null, "dealId must be a deal id: a positive whole number")
    .transform(Number)
    .optional()
    .describe("The deal being viewed: deals of its subcategory (and location), popular first"),
  location: z
    .string({ error: "location must be given once" })
    .optional()
    .describe("Without dealId: the location's popular deals (and national ones)"),
  limit: wholeNumber("limit", 1, RECOMMENDATIONS.limit)
    .default(RECOMMENDATIONS.pageSize)
    .describe(`At most this many (default ${RECOMMENDATIONS.pageSize}, up to ${RECOMMENDATIONS.limit})`),
});

export const newProductsParamsSchema = z.object({ location: z.string() });

export const newProductsQuerySchema = z.object({
  page: wholeNumber("page", 0, 1000).default(0),
  pageSize: wholeNumber("pageSize", 1, 100).default(NEW_PRODUCTS_PAGE_SIZE),
});

export const recommendedForYouQuerySchema = z.object({
  location: z.string({ error: "location must be given once" }).describe("The shopper's location short name"),
  id: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .refine(
      (ids) => ids.length <= 20 && ids.every((id) => parseCatalogueId(id) !== null),
      "id must be up to 20 deal ids: positive whole numbers",
    )
    .transform((ids) => ids.map(Number))
    .describe("Deals the shopper viewed, newest first (repeat id)"),
});
