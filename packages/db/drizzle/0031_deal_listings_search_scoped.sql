-- GIN operator classes for plain columns (brand, location, scope), so the search index can hold
-- them beside the vector; drizzle-kit never writes CREATE EXTENSION. PGlite loads it as a
-- contrib extension (src/open.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX "deal_listings_search";--> statement-breakpoint
CREATE INDEX "deal_listings_search" ON "deal_listings" USING gin ("brand_id","location_id","scope","search_vector") WITH (fastupdate=false);
