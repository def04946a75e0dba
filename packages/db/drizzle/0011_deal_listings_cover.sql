-- Covering indexes for the counts, facets and price range of the two most visited kinds of
-- listing, a location's and a top-level category's: once the table is vacuumed (PostgreSQL's
-- autovacuum does it), they are read from the index alone. Written as SQL because the
-- schema builder has no INCLUDE.
CREATE INDEX IF NOT EXISTS "deal_listings_location_cover" ON "deal_listings" USING btree ("brand_id", "location_id")
  INCLUDE ("closing_date", "last_chance", "scope", "category_id", "subcategory_id", "subsubcategory_id", "deal_type",
    "discount_percent", "review_average", "nights", "price_minor", "vip", "early_bird");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deal_listings_category_cover" ON "deal_listings" USING btree ("brand_id", "category_id")
  INCLUDE ("closing_date", "last_chance", "scope", "location_id", "subcategory_id", "subsubcategory_id", "deal_type",
    "discount_percent", "review_average", "nights", "price_minor", "vip", "early_bird");
