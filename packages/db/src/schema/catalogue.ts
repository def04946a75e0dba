/**
 * The catalogue: brands, locations, the category tree, merchants, deals and deal products
 * (product.md §3 "Deal", "Deal product", "Location"). Money is integer minor units in the
 * deal's currency. Sort keys and the search vector are computed at write time so listing
 * and search queries only read indexes.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export interface Address {
  addressLine1: string;
  addressLine2?: string;
  town: string;
  postCode: string;
  latLon?: { lat: number; lon: number };
}

export interface DealImage {
  id: string;
  extension: "svg" | "png" | "jpg" | "webp";
  alt: string;
}

/** One heading of a product grid: a size, a colour, a number of nights, a room. */
export interface ProductGridItem {
  id: number;
  label: string;
}

/**
 * A deal whose products form a grid (product.md §3 "productDisplay ... row and column with
 * header and items"): each product sits in one cell, named by its rowId and columnId.
 */
export interface ProductGrid {
  row: { header: string; items: ProductGridItem[] };
  column: { header: string; items: ProductGridItem[] };
}

/** Display flags of a deal (product.md §3 "display flags"). */
export interface DealDisplay {
  discount: boolean;
  showPrice: boolean;
  discountAmount: boolean;
  earlyBird: boolean;
  dynamicTravelDeal: boolean;
  clickAndCollectDeal: boolean;
  vipDiscountAllowed: boolean;
}

export const brands = pgTable("brands", {
  id: text("id").primaryKey(), // BrandId: main-uk, main-ie, sister-uk, sister-ie
  key: text("key").notNull(),
  name: text("name").notNull(),
  countryCode: text("country_code").notNull(),
  currency: text("currency").notNull(),
});

export const locations = pgTable(
  "locations",
  {
    id: serial("id").primaryKey(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id),
    shortName: text("short_name").notNull(),
    name: text("name").notNull(),
    countryCode: text("country_code").notNull(),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
    /** Smaller first in the location picker (the big cities). */
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("locations_brand_short_name").on(t.brandId, t.shortName)],
);

/** canonical path types: local, national (the shop), travel (escapes), gifts */
export const CANONICAL_PATH_TYPES = ["local", "national", "travel", "gifts"] as const;
export type CanonicalPathType = (typeof CANONICAL_PATH_TYPES)[number];

/**
 * One tree for categories (level 1), subcategories (2) and sub-subcategories (3). Ids are
 * stable numbers because the spec's rules name some (travel 727 and 487; payment guards on
 * subcategories 14, 17, 197, 200, 218, 386, 398, 585, 586, 711).
 */
export const categories = pgTable(
  "categories",
  {
    id: integer("id").primaryKey(),
    parentId: integer("parent_id"),
    level: integer("level").notNull(),
    shortName: text("short_name").notNull(),
    name: text("name").notNull(),
    linkText: text("link_text").notNull(),
    canonicalPathType: text("canonical_path_type").$type<CanonicalPathType>().notNull(),
    /** null: both countries; gb or ie: only on that country's sites (e.g. Ireland Travel). */
    countryCode: text("country_code"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("categories_parent_short_name").on(sql`coalesce(${t.parentId}, 0)`, t.shortName),
    index("categories_parent").on(t.parentId),
  ],
);

export const merchants = pgTable("merchants", {
  id: serial("id").primaryKey(),
  businessName: text("business_name").notNull(),
  displayName: text("display_name").notNull(),
  vatNumber: text("vat_number"),
  website: text("website"),
  mainAddress: jsonb("main_address").$type<Address>(),
  otherAddresses: jsonb("other_addresses").$type<Address[]>().notNull().default([]),
  reviewAverage: real("review_average"),
  reviewTotal: integer("review_total").notNull().default(0),
});

export const deals = pgTable(
  "deals",
  {
    id: integer("id").primaryKey(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id),
    /** null for national (shop) and travel deals */
    locationId: integer("location_id").references(() => locations.id),
    scope: text("scope").$type<"local" | "national">().notNull(),
    dealType: text("deal_type").$type<"voucher" | "product" | "travel">().notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    subcategoryId: integer("subcategory_id")
      .notNull()
      .references(() => categories.id),
    subsubcategoryId: integer("subsubcategory_id").references(() => categories.id),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => merchants.id),
    /** URL blurb: /deal/{category}/{sub}/{subsub}/{id}/{slug} */
    slug: text("slug").notNull(),
    headline: text("headline").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    highlights: jsonb("highlights").$type<string[]>().notNull().default([]),
    finePrint: jsonb("fine_print").$type<string[]>().notNull().default([]),
    currency: text("currency").$type<"GBP" | "EUR">().notNull(),
    /** Lead-in prices: the cheapest product's, kept in step with deal_products at write time. */
    priceMinor: integer("price_minor").notNull(),
    originalPriceMinor: integer("original_price_minor").notNull(),
    vipPriceMinor: integer("vip_price_minor"),
    discountPercent: integer("discount_percent").notNull(),
    vipDiscountPercent: integer("vip_discount_percent"),
    minPostagePriceMinor: integer("min_postage_price_minor").notNull().default(0),
    depositPriceMinor: integer("deposit_price_minor"),
    priceText: text("price_text"),
    pricePerPerson: boolean("price_per_person").notNull().default(false),
    /** null: evergreen, never closes (no countdown). */
    closingDate: timestamp("closing_date", { withTimezone: true, mode: "date" }),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }).notNull(),
    soldOut: boolean("sold_out").notNull().default(false),
    /**
     * A calendar deal with no night from today left to book (every open night's rooms taken):
     * listings show it sold out. Kept by the travel module as rooms are held and given back;
     * only for display, the rooms themselves are the stock (schema/travel.ts).
     */
    calendarSoldOut: boolean("calendar_sold_out").notNull().default(false),
    lastChance: boolean("last_chance").notNull().default(false),
    enableBuyClosedDeal: boolean("enable_buy_closed_deal").notNull().default(false),
    vipExclusive: boolean("vip_exclusive").notNull().default(false),
    highFraudRisk: boolean("high_fraud_risk").notNull().default(false),
    leadGen: boolean("lead_gen").notNull().default(false),
    bookingCalendarOnRedemption: boolean("booking_calendar_on_redemption").notNull().default(false),
    deliveryType: text("delivery_type").$type<"none" | "delivery" | "collection">().notNull(),
    productDisplay: text("product_display").$type<"dropdown" | "default" | "calendar">().notNull(),
    /** A gift card: each voucher's code redeems once for wallet credit of what it cost. */
    giftCard: boolean("gift_card").notNull().default(false),
    /** null: the products are a plain list. */
    productGrid: jsonb("product_grid").$type<ProductGrid>(),
    nights: integer("nights"),
    images: jsonb("images").$type<DealImage[]>().notNull(),
    display: jsonb("display").$type<DealDisplay>().notNull(),
    reviewAverage: real("review_average"),
    reviewTotal: integer("review_total").notNull().default(0),
    totalBought: integer("total_bought").notNull().default(0),
    /**
     * The lead product's lowest price of the last 30 days (domain lowest-price.ts), written
     * with its price history so listings read it instead of aggregating the history; null
     * until first worked out. It holds until lowestPriceValidUntil (null: until a new price),
     * after which a background refresh works it out again.
     */
    lowestPriceLast30DaysMinor: integer("lowest_price_last_30_days_minor"),
    lowestPriceValidUntil: timestamp("lowest_price_valid_until", { withTimezone: true, mode: "date" }),
    /**
     * Goes up with every change to the deal's row and to its products' prices, admin fees or
     * order (triggers, migration 0039): a summary kept in memory is current while its revision is.
     */
    revision: integer("revision").notNull().default(0),
    /** Sort key for "Popularity": computed at write time from sales and reviews. */
    popularity: integer("popularity").notNull().default(0),
    /** Headline, title, merchant, category and location names, written with the deal. */
    searchText: text("search_text").notNull(),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', search_text)`),
  },
  (t) => [
    index("deals_local_listing").on(t.brandId, t.locationId, t.popularity.desc(), t.id),
    index("deals_category_listing").on(t.brandId, t.categoryId, t.popularity.desc(), t.id),
    index("deals_subcategory_listing").on(t.brandId, t.subcategoryId, t.popularity.desc(), t.id),
    index("deals_brand_popularity").on(t.brandId, t.popularity.desc(), t.id),
    index("deals_search_vector").using("gin", t.searchVector),
    index("deals_search_trgm").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // With the one above, the background refresh finds the deals due without reading them all.
    index("deals_lowest_price_valid_until").on(t.lowestPriceValidUntil),
    index("deals_lowest_price_unknown").on(t.id).where(sql`${t.lowestPriceLast30DaysMinor} is null`),
    // The hold sweep's daily check of every calendar deal's sold-out mark reads these alone.
    index("deals_calendar").on(t.id).where(sql`${t.productDisplay} = 'calendar'`),
    // A merchant's deals on a brand: whether it sells there, for its reviews on every deal page.
    index("deals_merchant").on(t.merchantId, t.brandId),
  ],
);

export const dealProducts = pgTable(
  "deal_products",
  {
    id: integer("id").primaryKey(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
    /** The product's cell in the deal's productGrid (its row and column item ids), or null. */
    rowId: integer("row_id"),
    columnId: integer("column_id"),
    friendlyName: text("friendly_name").notNull(),
    title: text("title").notNull(),
    priceMinor: integer("price_minor").notNull(),
    originalPriceMinor: integer("original_price_minor").notNull(),
    vipPriceMinor: integer("vip_price_minor"),
    vipExclusive: boolean("vip_exclusive").notNull().default(false),
    adminFeeMinor: integer("admin_fee_minor").notNull().default(0),
    postagePriceMinor: integer("postage_price_minor").notNull().default(0),
    /** A deposit payable now instead of the full price; the balance goes to the merchant. */
    depositPriceMinor: integer("deposit_price_minor"),
    /** Most units in one order. */
    purchaseCap: integer("purchase_cap").notNull(),
    /** Most units one customer may ever buy (the personal maximum). */
    maxPerCustomer: integer("max_per_customer"),
    dailyCap: integer("daily_cap"),
    weeklyCap: integer("weekly_cap"),
    /** null: no stock limit. Stock left = totalStock - totalBought. */
    totalStock: integer("total_stock"),
    totalBought: integer("total_bought").notNull().default(0),
    bestSeller: boolean("best_seller").notNull().default(false),
    giftPackProductId: integer("gift_pack_product_id"),
    giftProductId: integer("gift_product_id"),
    nights: integer("nights"),
    checkInDate: date("check_in_date"),
    checkOutDate: date("check_out_date"),
  },
  (t) => [index("deal_products_deal").on(t.dealId, t.sortOrder)],
);

/**
 * Units sold per product per day and per week: the daily and weekly caps are guarded by a
 * conditional upsert on these rows (design.md "Invariants").
 */
export const productSalesWindows = pgTable(
  "product_sales_windows",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => dealProducts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"day" | "week">().notNull(),
    windowStart: date("window_start").notNull(),
    sold: integer("sold").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.kind, t.windowStart] })],
);

/** Every price a product had, for the honest "lowest price in the last 30 days" label. */
export const productPriceHistory = pgTable(
  "product_price_history",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => dealProducts.id, { onDelete: "cascade" }),
    priceMinor: integer("price_minor").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("product_price_history_product").on(t.productId, t.recordedAt)],
);

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => merchants.id),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    authorName: text("author_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("reviews_merchant").on(t.merchantId, t.createdAt.desc()),
    index("reviews_deal").on(t.dealId, t.createdAt.desc()),
  ],
);
