-- The covering indexes of a location's and a top-level category's listing also hold each
-- deal's id and what the other sorts order by (popularity, publication), so a page of deals in
-- any sort is read from the index alone: sorting by price read every listing row of the
-- location from the table, one block each (549 blocks for 568 rows in a 50,000-deal catalogue),
-- a cost that grew with the catalogue. Index-only scans skip the table once its rows are marked
-- all-visible (the seed vacuums the table; PostgreSQL's autovacuum keeps it so).
DROP INDEX IF EXISTS "deal_listings_location_cover";
--> statement-breakpoint
DROP INDEX IF EXISTS "deal_listings_category_cover";
--> statement-breakpoint
CREATE INDEX "deal_listings_location_cover" ON "deal_listings" USING btree ("brand_id", "location_id")
  INCLUDE ("deal_id", "popularity", "published_at", "closing_date", "last_chance", "scope", "category_id",
    "subcategory_id", "subsubcategory_id", "deal_type", "discount_percent", "review_average", "nights", "price_minor",
    "vip", "early_bird");
--> statement-breakpoint
CREATE INDEX "deal_listings_category_cover" ON "deal_listings" USING btree ("brand_id", "category_id")
  INCLUDE ("deal_id", "popularity", "published_at", "closing_date", "last_chance", "scope", "location_id",
    "subcategory_id", "subsubcategory_id", "deal_type", "discount_percent", "review_average", "nights", "price_minor",
    "vip", "early_bird");
