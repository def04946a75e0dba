/**
 * The deal listing and deal detail as the API answers them (contracts "apps/api":
 * DealSummary, DealListResponse, DealDetail, DealProduct). Every money field is integer minor
 * units in the object's `currency`.
 */
import { DEFAULT_DEALS_PAGE_SIZE, LISTING_QUERY_LIMITS, MAX_DEALS_PAGE_SIZE } from "@deals/domain/constants";
import { parseCatalogueId } from "@deals/domain/deal-id";
import { parseListingQuery } from "@deals/domain/listing-query";
import { z } from "zod";

const minor = z.number().int();
const count = z.number().int().nonnegative();

export const dealImageSchema = z.object({
  id: z.string(),
  extension: z.enum(["svg", "png", "jpg", "webp"]),
  alt: z.string(),
  /** Where the picture is served: /images/{id}.{extension}. */
  url: z.string(),
});

/** Display flags of a deal (product.md §3 "display flags"). */
export const dealDisplaySchema = z.object({
  discount: z.boolean(),
  showPrice: z.boolean(),
  discountAmount: z.boolean(),
  earlyBird: z.boolean(),
  dynamicTravelDeal: z.boolean(),
  clickAndCollectDeal: z.boolean(),
  vipDiscountAllowed: z.boolean(),
});

const addressSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string().optional(),
  town: z.string(),
  postCode: z.string(),
  latLon: z.object({ lat: z.number(), lon: z.number() }).optional(),
});

export const dealSummarySchema = z.object({
  id: z.number().int(),
  urlPath: z.string(),
  headline: z.string(),
  title: z.string(),
  currency: z.enum(["GBP", "EUR"]),
  price: minor,
  originalPrice: minor,
  vipPrice: minor.nullable(),
  discountPercentage: z.number().int(),
  /** The lead (cheapest) product's admin fee. */
  adminFee: minor,
  minPostagePrice: minor,
  /** price + adminFee + minPostagePrice: what the shopper pays for one. */
  fullPrice: minor,
  priceText: z.string().nullable(),
  pricePerPerson: z.boolean(),
  closingDate: z.string().nullable(),
  soldOut: z.boolean(),
  lastChance: z.boolean(),
  scope: z.enum(["local", "national"]),
  dealType: z.enum(["voucher", "product", "travel"]),
  image: dealImageSchema.nullable(),
  category: z.object({
    id: z.number().int(),
    name: z.string(),
    shortName: z.string(),
    canonicalPathType: z.enum(["local", "national", "travel", "gifts"]),
  }),
  subCategory: z.object({ id: z.number().int(), name: z.string(), shortName: z.string() }),
  business: z.object({ name: z.string(), displayName: z.string() }),
  location: z.object({ shortName: z.string(), name: z.string() }).nullable(),
  reviewSummary: z.object({ average: z.number().nullable(), total: count }),
  totalBought: count,
  display: dealDisplaySchema,
  vipExclusive: z.boolean(),
});
export type DealSummary = z.infer<typeof dealSummarySchema>;

const categoryRefSchema = z.object({ id: z.number().int(), name: z.string(), shortName: z.string() });

export const dealListResponseSchema = z.object({
  deals: z.array(dealSummarySchema),
  /** The listing's first deal, on page 0 only (it stays first in `deals` too). */
  mainDeal: dealSummarySchema.nullable(),
  count,
  page: count,
  pageSize: count,
  facetedNavigation: z.object({
    /** One level below the listing's deepest category, with the deals each holds. */
    navigations: z.array(z.object({ linkText: z.string(), count, shortName: z.string() })),
    filters: z.tuple([]),
    stats: z.object({ minPrice: minor, maxPrice: minor }),
  }),
  sponsored: z.object({ deals: z.tuple([]), sessionId: z.null() }),
  searchResult: z.null(),
  canonicalUrl: z.string(),
  evergreenUrl: z.null(),
  redirectUrl: z.null(),
  location: z.object({ shortName: z.string(), name: z.string() }).nullable(),
  category: categoryRefSchema.nullable(),
  subCategory: categoryRefSchema.nullable(),
});
export type DealListResponse = z.infer<typeof dealListResponseSchema>;

export const dealProductSchema = z.object({
  id: z.number().int(),
  friendlyName: z.string(),
  title: z.string(),
  price: minor,
  originalPrice: minor,
  vipPrice: minor.nullable(),
  vipExclusive: z.boolean(),
  discountPercentage: z.number().int(),
  adminFee: minor,
  postagePrice: minor,
  /** price + adminFee + postagePrice. */
  totalPrice: minor,
  /** Units left, or null when the product has no stock limit. */
  totalRemaining: count.nullable(),
  purchaseCap: count,
  maxQuantityUserCanCurrentlyBuy: count,
  soldOut: z.boolean(),
  hasDeposit: z.boolean(),
  depositProduct: z.object({ price: minor }).nullable(),
  nights: z.number().int().nullable(),
});
export type DealProduct = z.infer<typeof dealProductSchema>;

export const dealDetailSchema = dealSummarySchema.extend({
  description: z.string(),
  highlights: z.array(z.string()),
  finePrint: z.array(z.string()),
  images: z.array(dealImageSchema),
  productDisplay: z.enum(["dropdown", "default", "calendar"]),
  deliveryType: z.enum(["none", "delivery", "collection"]),
  open: z.boolean(),
  business: z.object({
    name: z.string(),
    displayName: z.string(),
    mainAddress: addressSchema.nullable(),
    otherAddresses: z.array(addressSchema),
    vatNumber: z.string().nullable(),
  }),
  products: z.array(dealProductSchema),
  canonicalUrl: z.string(),
  redirectUrl: z.null(),
  purchaseCap: count,
  highFraudRisk: z.boolean(),
  depositAvailable: z.boolean(),
  nights: z.number().int().nullable(),
});
export type DealDetail = z.infer<typeof dealDetailSchema>;

// ---- requests ----

/**
 * Path parameters of the four listing routes, one segment more each. Segments are looked up
 * as short names; one that names nothing is a 404, not a 400.
 */
const segment = z.string();
export const dealListParamsSchemas = [
  z.object({ location: segment }),
  z.object({ location: segment, category: segment }),
  z.object({ location: segment, category: segment, subcategory: segment }),
  z.object({ location: segment, category: segment, subcategory: segment, subsubcategory: segment }),
] as const;

export interface DealListParams {
  location: string;
  category?: string;
  subcategory?: string;
  subsubcategory?: string;
}

const queryText = (name: string, description: string) =>
  z
    .string({ error: `${name} must be given once` })
    .optional()
    .describe(description);

/**
 * The listing's query parameters, read by the shared listing-query rules (so the API and
 * the storefront agree on every bound and message). Other listing parameters are accepted
 * and not yet applied.
 */
export const dealListQuerySchema = z
  .looseObject({
    page: queryText("page", `0-based page index, 0 to ${LISTING_QUERY_LIMITS.maxPage} (default 0)`),
    pageSize: queryText(
      "pageSize",
      `Deals per page, 1 to ${MAX_DEALS_PAGE_SIZE} (default ${DEFAULT_DEALS_PAGE_SIZE})`,
    ),
    orderBy: queryText("orderBy", "popularity (default), price, discount or dateAdded"),
    order: queryText("order", "asc or desc (default desc)"),
    minPrice: queryText("minPrice", "Lowest price, in whole major units"),
    maxPrice: queryText("maxPrice", "Highest price, in whole major units"),
  })
  .transform((input, context) => {
    const parsed = parseListingQuery(input);
    if (parsed.ok) return parsed.query;
    for (const error of parsed.errors) {
      context.addIssue({ code: "custom", path: [error.param], message: error.message, input });
    }
    return z.NEVER;
  });

const DEAL_ID_MESSAGE = "id must be a deal id: a positive whole number";
export const dealParamsSchema = z.object({
  id: z.string().transform((text, context) => {
    const id = parseCatalogueId(text);
    if (id === null) {
      context.addIssue({ code: "custom", message: DEAL_ID_MESSAGE });
      return z.NEVER;
    }
    return id;
  }),
});
