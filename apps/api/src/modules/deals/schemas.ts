/**
 * The deal listing and deal detail as the API answers them (contracts "apps/api":
 * DealSummary, DealListResponse, DealDetail, DealProduct). Every money field is integer minor
 * units in the object's `currency`.
 */
import {
  DEFAULT_DEALS_PAGE_SIZE,
  LISTING_QUERY_LIMITS,
  MAX_DEAL_LOOKUP_IDS,
  MAX_DEALS_PAGE_SIZE,
  MAX_RECENT_VIEWED_DEAL_PARAMS,
  MAX_REPORTED_EVENTS,
} from "@deals/domain/constants";
import { parseCatalogueId } from "@deals/domain/deal-id";
import { type ListingQuery, parseListingQuery, quickListingQuery } from "@deals/domain/listing-query";
import { z } from "zod";
import { withQuickReader } from "../../validator.ts";

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
  /**
   * The lead product's lowest price of the last 30 days, shown beside a "was" price (honest
   * pricing); worked out when prices are written, null while not yet known.
   */
  lowestPriceLast30Days: minor.nullable(),
  /** Near-me with a position only: kilometres to the nearest place the deal is redeemed. */
  distanceKm: z.number().nonnegative().optional(),
  /**
   * With travel dates chosen (checkIn, checkOut or nights, guests): what that stay costs on
   * the deal's calendar, every night for the guests' rooms of 2; null for a deal not priced by date.
   */
  dynamicTravelPackagePrice: minor.nullable().optional(),
});
export type DealSummary = z.infer<typeof dealSummarySchema>;

/** A deal as a listing or search page lists it: with the page it was listed on. */
export const listedDealSchema = dealSummarySchema.extend({
  /** The page this deal was served on, counted from 1 as the storefront numbers pages (page + 1). */
  pageNumber: z.number().int().positive(),
});
export type ListedDeal = z.infer<typeof listedDealSchema>;

const categoryRefSchema = z.object({ id: z.number().int(), name: z.string(), shortName: z.string() });

/** One filter beside the categories (an f_ parameter) with the deals each value would list. */
export const facetFilterSchema = z.object({
  name: z.string(),
  label: z.string(),
  values: z.array(z.object({ value: z.string(), label: z.string(), count, selected: z.boolean() })),
});
export type FacetFilter = z.infer<typeof facetFilterSchema>;

/** A deal placed by an ad: marked as sponsored, with the ad id its events are reported by. */
export const sponsoredDealSchema = dealSummarySchema.extend({ sponsored: z.literal(true), adId: z.string() });
export type SponsoredDeal = z.infer<typeof sponsoredDealSchema>;

export const searchResultSchema = z.object({
  /** The query as searched: trimmed, spaces collapsed. */
  query: z.string(),
  /** True when no deal had every word, so the deals of the corrected words are shown. */
  fuzzy: z.boolean(),
  /** The query with each word corrected to the closest word deals use (typos), or null. */
  correctedQuery: z.string().nullable(),
  total: count,
  /** Searches to try instead: filled when few or no deals matched. */
  suggestions: z.array(z.string()),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** A listing chosen by a rule (VIP, wellness, early bird, a special page, the gift finder). */
export const collectionSchema = z.object({ slug: z.string(), title: z.string(), description: z.string() });

export const dealListResponseSchema = z.object({
  deals: z.array(listedDealSchema),
  /**
   * The deal a deal page lists around (a deal id as the last path segment), placed first on
   * page 0; otherwise the listing's first deal, on page 0 only (it stays first in `deals`).
   */
  mainDeal: dealSummarySchema.nullable(),
  count,
  page: count,
  pageSize: count,
  facetedNavigation: z.object({
    /** One level below the listing's deepest category, with the deals each holds. */
    navigations: z.array(z.object({ linkText: z.string(), count, shortName: z.string() })),
    filters: z.array(facetFilterSchema),
    stats: z.object({ minPrice: minor, maxPrice: minor }),
  }),
  sponsored: z.object({ deals: z.array(sponsoredDealSchema), sessionId: z.string().nullable() }),
  searchResult: searchResultSchema.nullable(),
  canonicalUrl: z.string(),
  /** The main deal's evergreen URL, when it has one. */
  evergreenUrl: z.string().nullable(),
  /** Where the storefront should send the shopper instead (301), or null. */
  redirectUrl: z.string().nullable(),
  location: z.object({ shortName: z.string(), name: z.string() }).nullable(),
  category: categoryRefSchema.nullable(),
  subCategory: categoryRefSchema.nullable(),
  collection: collectionSchema.nullable(),
});
export type DealListResponse = z.infer<typeof dealListResponseSchema>;

/** A plain list of deals (recently viewed, recommendations, new products). */
export const dealListSchema = z.object({ deals: z.array(dealSummarySchema) });
export type DealList = z.infer<typeof dealListSchema>;

export const dealProductSchema = z.object({
  id: z.number().int(),
  /** The product's cell in productDisplay's grid (row and column item ids), or null. */
  rowId: z.number().int().nullable(),
  columnId: z.number().int().nullable(),
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
  /** The lowest price of the last 30 days, shown beside any "was" price (honest pricing). */
  lowestPriceLast30Days: minor,
});
export type DealProduct = z.infer<typeof dealProductSchema>;

export const stockLabelSchema = z.object({
  kind: z.enum(["soldOut", "outOfStock", "limitedAvailability", "flashSale", "expiringSoon"]),
  text: z.string(),
  notifyMe: z.boolean(),
  remaining: count.nullable(),
  closesAt: z.string().nullable(),
});

const productGridAxisSchema = z.object({
  /** What the axis is: "Size", "Colour", "Nights", "Room". */
  header: z.string(),
  items: z.array(z.object({ id: z.number().int(), label: z.string() })),
});

/**
 * How the deal's products are chosen (product.md §3 "productDisplay"): from a dropdown, a
 * plain list (default) or a booking calendar; and, when row and column are given, from a
 * grid whose cells are the products (each product's rowId and columnId).
 */
export const productDisplaySchema = z.object({
  type: z.enum(["dropdown", "default", "calendar"]),
  row: productGridAxisSchema.nullable(),
  column: productGridAxisSchema.nullable(),
});
export type ProductDisplay = z.infer<typeof productDisplaySchema>;

export const dealDetailSchema = dealSummarySchema.extend({
  description: z.string(),
  highlights: z.array(z.string()),
  finePrint: z.array(z.string()),
  images: z.array(dealImageSchema),
  productDisplay: productDisplaySchema,
  deliveryType: z.enum(["none", "delivery", "collection"]),
  open: z.boolean(),
  enableBuyClosedDeal: z.boolean(),
  business: z.object({
    /** The merchant id, for its reviews (GET /v1/reviews/{merchantId}). */
    id: z.number().int(),
    name: z.string(),
    displayName: z.string(),
    mainAddress: addressSchema.nullable(),
    otherAddresses: z.array(addressSchema),
    vatNumber: z.string().nullable(),
  }),
  products: z.array(dealProductSchema),
  canonicalUrl: z.string(),
  /** The deal's evergreen URL (e in place of the id) when it never closes, else null. */
  evergreenUrl: z.string().nullable(),
  /** The canonical path when the `path` asked about is not it (301), else null. */
  redirectUrl: z.string().nullable(),
  purchaseCap: count,
  highFraudRisk: z.boolean(),
  depositAvailable: z.boolean(),
  nights: z.number().int().nullable(),
  /** The lead product's lowest price of the last 30 days (honest pricing). */
  lowestPriceLast30Days: minor,
  stockLabel: stockLabelSchema.nullable(),
});
export type DealDetail = z.infer<typeof dealDetailSchema>;

// ---- requests ----

/**
 * Path parameters of the four listing routes, one segment more each. Segments are looked up
 * as short names; one that names nothing is a 404, not a 400.
 */
const segment = z.string();
/**
 * Path parameters of the listing routes, one segment more each (see listing-path.ts).
 * Segments are looked up as short names; one that names nothing is a 404, not a 400.
 */
export const LISTING_SEGMENT_NAMES = [
  "location",
  "category",
  "subcategory",
  "subsubcategory",
  "segment5",
  "segment6",
  "segment7",
] as const;
export const dealListParamsSchemas = LISTING_SEGMENT_NAMES.map((_, depth) =>
  z.object(Object.fromEntries(LISTING_SEGMENT_NAMES.slice(0, depth + 1).map((name) => [name, segment]))),
);

const queryText = (name: string, description: string) =>
  z
    .string({ error: `${name} must be given once` })
    .optional()
    .describe(description);

const queryList = (description: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe(description);

const coordinate = (name: string, limit: number) =>
  z
    .string({ error: `${name} must be given once` })
    .regex(/^-?\d{1,3}(?:\.\d{1,8})?$/, `${name} must be a number from -${limit} to ${limit}`)
    .transform(Number)
    .refine((value) => Math.abs(value) <= limit, `${name} must be a number from -${limit} to ${limit}`)
    .optional();

// Made once: building a zod schema costs far more than using it (it had been most of the
// listing's query parsing).
const latitudeSchema = coordinate("lat", 90);
const longitudeSchema = coordinate("lon", 180);

/** What the listing and search routes read from their query string. */
export interface ListingInput {
  listing: ListingQuery;
  /** A shopper's position, for near-me: the nearest location's deals. */
  near: { lat: number; lon: number } | null;
}

/**
 * The listing's query parameters, read by the shared listing-query rules (so the API and
 * the storefront agree on every bound and message), plus lat and lon for near-me.
 */
const dealListQueryZodSchema = z
  .looseObject({
    page: queryText("page", `0-based page index, 0 to ${LISTING_QUERY_LIMITS.maxPage} (default 0)`),
    pageSize: queryText(
      "pageSize",
      `Deals per page, 1 to ${MAX_DEALS_PAGE_SIZE} (default ${DEFAULT_DEALS_PAGE_SIZE})`,
    ),
    offset: queryText("offset", "Base offset of pages after the first (paging rules); default 0"),
    orderBy: queryText("orderBy", "popularity (default), price, discount or dateAdded"),
    order: queryText("order", "asc or desc (default desc)"),
    minPrice: queryText("minPrice", "Lowest price, in whole major units"),
    maxPrice: queryText("maxPrice", "Highest price, in whole major units"),
    vip: queryText("vip", "true: only deals with a VIP price or for VIP members"),
    all: queryText("all", "true: a location listing shows every location's local deals"),
    q: queryText("q", "Words the deals must contain"),
    searchTag: queryText("searchTag", "A gift-finder tag, gifts-for-{recipient or personality}"),
    giftFor: queryText("giftFor", "The gift finder's recipient, used when no searchTag is given"),
    categories: queryList("Category short names (any level): deals in any of them"),
    category: queryText("category", "A category short name (any level) the deals must be in"),
    subcategory: queryText("subcategory", "A subcategory short name the deals must be in"),
    excludecategory: queryList("Top-level category short names to leave out"),
    excludesubcategory: queryList("Subcategory short names to leave out"),
    excludedealids: queryList("Deal ids to leave out"),
    recentViewedDeal: queryList(
      `Up to ${MAX_RECENT_VIEWED_DEAL_PARAMS} recently viewed deal ids: deals like them come first`,
    ),
    checkIn: queryText("checkIn", "Travel: check-in date YYYY-MM-DD; only deals bookable for the stay"),
    checkOut: queryText("checkOut", "Travel: check-out date YYYY-MM-DD, after checkIn (or give nights)"),
    nights: queryText("nights", "Travel: nights from checkIn, 1 to 16 (default 1)"),
    guests: queryText("guests", "Travel: guests in rooms of 2: 2, 4, 6 or 8 (default 2)"),
    lat: queryText("lat", "near-me: the shopper's latitude (with lon); deals come nearest first"),
    lon: queryText("lon", "near-me: the shopper's longitude (with lat)"),
  })
  .describe("Filters: f_type, f_discount, f_rating and f_nights (repeat or comma-separate values)")
  .transform((input, context): ListingInput => {
    const parsed = parseListingQuery(input);
    const lat = latitudeSchema.safeParse(input.lat);
    const lon = longitudeSchema.safeParse(input.lon);
    const issues = parsed.ok
      ? []
      : parsed.errors.map((error) => ({ path: error.param, message: error.message }));
    for (const [name, result] of [["lat", lat] as const, ["lon", lon] as const]) {
      if (!result.success) issues.push({ path: name, message: result.error.issues[0]!.message });
    }
    if (lat.success && lon.success && (lat.data === undefined) !== (lon.data === undefined)) {
      issues.push({ path: "lat", message: "lat and lon must be given together" });
    }
    for (const issue of issues) {
      context.addIssue({ code: "custom", path: [issue.path], message: issue.message, input });
    }
    if (!parsed.ok || issues.length > 0) return z.NEVER;
    const near =
      lat.success && lon.success && lat.data !== undefined && lon.data !== undefined
        ? { lat: lat.data, lon: lon.data }
        : null;
    return { listing: parsed.query, near };
  });

/**
 * The same, read quickly when the query holds only common parameters (no lat or lon), each once
 * and valid: the answer the schema gives (validator.ts).
 */
export const dealListQuerySchema = withQuickReader(dealListQueryZodSchema, (data) => {
  const listing = quickListingQuery(data);
  return listing && { listing, near: null };
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

export const dealQuerySchema = z.object({
  path: z
    .string({ error: "path must be given once" })
    .max(2000, "path must be at most 2000 characters")
    .optional()
    .describe("The storefront path the deal was asked for; redirectUrl says where it should be"),
});

/** GET /v1/deals?id=1&id=2: deals in the order given, unknown ids left out. */
export const dealLookupQuerySchema = z.object({
  id: z
    .union([z.string(), z.array(z.string())], { error: "id must be a deal id" })
    .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(",")))
    .pipe(
      z
        .array(
          z
            .string()
            .refine(
              (v) => parseCatalogueId(v.trim()) !== null,
              "id values must be deal ids (whole numbers from 1)",
            )
            .transform((v) => Number(v.trim())),
        )
        .max(MAX_DEAL_LOOKUP_IDS, `id must be given at most ${MAX_DEAL_LOOKUP_IDS} times`),
    )
    .optional(),
});

export const dealUrlQuerySchema = z.object({
  path: z
    .string({ error: "path must be given once" })
    .min(1, "path is required")
    .max(2000, "path must be at most 2000 characters"),
});

/** Where a deal URL leads: the deal, its canonical path, and a redirect when the path was not it. */
export const dealUrlResolutionSchema = z.object({
  dealId: z.number().int(),
  /** The product named after the deal id or blurb, when it is one of the deal's. */
  productId: z.number().int().nullable(),
  canonicalPath: z.string(),
  canonicalUrl: z.string(),
  /** The path to send the shopper to (301) when the one asked about is not canonical. */
  redirectUrl: z.string().nullable(),
});
export type DealUrlResolution = z.infer<typeof dealUrlResolutionSchema>;

/** Units bought in the last 6, 12 and 24 hours (product.md §3 "Social-cue stats"). */
export const socialCueSchema = z.object({
  dealId: z.number().int(),
  lastSixHours: count,
  lastTwelveHours: count,
  lastTwentyFourHours: count,
});
export type SocialCue = z.infer<typeof socialCueSchema>;

export const impressionsParamsSchema = z.object({ location: z.string() });

/** POST /v1/deal/{location}/impressions: the deals a listing showed (services.md §7.8). */
export const impressionsBodySchema = z.object({
  dealIds: z
    .array(z.number().int().positive().max(2_147_483_647), { error: "dealIds must be a list of deal ids" })
    .min(1, "dealIds must hold at least one deal id")
    .max(MAX_REPORTED_EVENTS, `dealIds must hold at most ${MAX_REPORTED_EVENTS} deal ids`),
});

export const recordedSchema = z.object({ recorded: count });
