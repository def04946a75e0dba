/**
 * What browsing and search record (product.md §4 "Sponsored-search session", services.md
 * §7.8): sponsored ads with their sessions and events, deal impressions per location and
 * day, searches per day for the top searches, and the paths shoppers found missing.
 * Counters are kept per day so a busy day is one row per key, moved by an upsert. And the
 * narrow copy of each deal's listing columns that listings read.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { brands, deals } from "./catalogue.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull();

/** A deal promoted in search results for a while; the higher bid shows first. */
export const sponsoredAds = pgTable(
  "sponsored_ads",
  {
    /** The adId the storefront reports impressions and clicks with. */
    id: text("id").primaryKey(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    bidMinor: integer("bid_minor").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
    /** null: runs until stopped. */
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("sponsored_ads_brand_deal").on(t.brandId, t.dealId)],
);

/** A shopper's sponsored-search session, created on demand (product.md §4). */
export const sponsoredSessions = pgTable("sponsored_sessions", {
  id: text("id").primaryKey(),
  brandId: text("brand_id")
    .notNull()
    .references(() => brands.id),
  customerToken: text("customer_token"),
  createdAt: createdAt(),
});

export const SPONSORED_EVENT_TYPES = ["impression", "click"] as const;
export type SponsoredEventType = (typeof SPONSORED_EVENT_TYPES)[number];

/** One impression or click of a sponsored ad in a session (services.md §7.8 "ad events"). */
export const sponsoredEvents = pgTable(
  "sponsored_events",
  {
    id: serial("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sponsoredSessions.id, { onDelete: "cascade" }),
    adId: text("ad_id")
      .notNull()
      .references(() => sponsoredAds.id, { onDelete: "cascade" }),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    type: text("type").$type<SponsoredEventType>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sponsored_events_ad").on(t.adId, t.type, t.createdAt),
    index("sponsored_events_session").on(t.sessionId),
  ],
);

/**
 * How often a deal was shown on a listing, per brand, listing location and day
 * (services.md §7.8 "deal impressions per location").
 */
export const dealImpressions = pgTable(
  "deal_impressions",
  {
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id),
    /** The listing's first segment: a location short name, national-deal, travel, ... */
    location: text("location").notNull(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    impressions: integer("impressions").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.location, t.dealId, t.day] }),
    index("deal_impressions_deal").on(t.dealId, t.day),
  ],
);

/** Searches per brand, normalised query and day: the source of the top searches. */
export const searchQueryDays = pgTable(
  "search_query_days",
  {
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id),
    /** Lower case, single spaces, trimmed. */
    query: text("query").notNull(),
    day: date("day").notNull(),
    searches: integer("searches").notNull(),
    /** How many deals the query found the last time it ran that day. */
    resultCount: integer("result_count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.day, t.query] }),
    index("search_query_days_prefix").on(t.brandId, t.query.op("text_pattern_ops")),
  ],
);

/** A storefront path that answered 404 (services.md §7.8 "page-not-found reports"). */
export const notFoundHits = pgTable(
  "not_found_hits",
  {
    id: serial("id").primaryKey(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id),
    path: text("path").notNull(),
    referrer: text("referrer"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("not_found_hits_brand_created").on(t.brandId, t.createdAt)],
);

/**
 * What listings filter, sort and count on, one narrow row per deal, written with the deal
 * by a trigger on deals (migrations 0006 and 0008): a listing's counts and facets
 * read a few pages of these rows instead of the wide deal rows (design.md "no work on the
 * hot path that could be done at write time"). Descending sort keys put nulls last, as
 * the listing queries order them.
 */
export const dealListings = pgTable(
  "deal_listings",
  {
    dealId: integer("deal_id")
      .primaryKey()
      .references(() => deals.id, { onDelete: "cascade" }),
    brandId: text("brand_id").notNull(),
    locationId: integer("location_id"),
    scope: text("scope").$type<"local" | "national">().notNull(),
    categoryId: integer("category_id").notNull(),
    subcategoryId: integer("subcategory_id").notNull(),
    subsubcategoryId: integer("subsubcategory_id"),
    dealType: text("deal_type").$type<"voucher" | "product" | "travel">().notNull(),
    priceMinor: integer("price_minor").notNull(),
    discountPercent: integer("discount_percent").notNull(),
    /**
     * The listing rank: the deal's popularity, less a billion while it is sold out, so sold-out
     * deals come last (migration 0024, kept by triggers on deals and deal_products).
     */
    popularity: integer("popularity").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }).notNull(),
    closingDate: timestamp("closing_date", { withTimezone: true, mode: "date" }),
    lastChance: boolean("last_chance").notNull(),
    /** A VIP price, or for VIP members only. */
    vip: boolean("vip").notNull(),
    earlyBird: boolean("early_bird").notNull(),
    reviewAverage: real("review_average"),
    nights: integer("nights"),
    /** The deal's headline and search vector, so a search ranks without the wide deal rows. */
    headline: text("headline").notNull().default(""),
    searchVector: tsvector("search_vector").notNull().default(sql`''::tsvector`),
  },
  (t) => [
    // No pending list: entries go straight into the index, so searches never scan a backlog.
    // The brand, location and scope sit beside the vector (btree_gin, migration 0031), so a
    // search of one location reads from the heap only the deals it lists.
    index("deal_listings_search")
      .using("gin", t.brandId, t.locationId, t.scope, t.searchVector)
      .with({ fastupdate: false }),
    // The popularity indexes also hold the closing date (migration 0036), as the other sorts'
    // indexes do (0034, written as SQL only): the builder has no INCLUDE.
    index("deal_listings_location").on(t.brandId, t.locationId, t.popularity.desc(), t.dealId),
    index("deal_listings_category").on(t.brandId, t.categoryId, t.popularity.desc(), t.dealId),
    index("deal_listings_subcategory").on(t.brandId, t.subcategoryId, t.popularity.desc(), t.dealId),
    index("deal_listings_brand").on(t.brandId, t.popularity.desc(), t.dealId),
    index("deal_listings_vip").on(t.brandId, t.popularity.desc(), t.dealId).where(sql`${t.vip}`),
  ],
);

/**
 * Every word of every deal's search text (lower case), written with the deal by a trigger
 * (migration 0010_search_words_sync): a search that finds nothing corrects its words to
 * the closest words the catalogue uses, by trigram similarity on this small table.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm").using("gin", sql`${t.word} gin_trgm_ops`).with({ fastupdate: false }),
]);
