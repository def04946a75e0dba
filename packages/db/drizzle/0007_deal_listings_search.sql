ALTER TABLE "deal_listings" ADD COLUMN "headline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_listings" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "deal_listings_search" ON "deal_listings" USING gin ("search_vector") WITH (fastupdate=false);