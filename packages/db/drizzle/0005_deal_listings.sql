CREATE TABLE "deal_listings" (
	"deal_id" integer PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"location_id" integer,
	"scope" text NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer NOT NULL,
	"subsubcategory_id" integer,
	"deal_type" text NOT NULL,
	"price_minor" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"popularity" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"closing_date" timestamp with time zone,
	"last_chance" boolean NOT NULL,
	"vip" boolean NOT NULL,
	"early_bird" boolean NOT NULL,
	"review_average" real,
	"nights" integer
);
--> statement-breakpoint
ALTER TABLE "deal_listings" ADD CONSTRAINT "deal_listings_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_listings_location" ON "deal_listings" USING btree ("brand_id","location_id","popularity" DESC NULLS LAST,"deal_id");--> statement-breakpoint
CREATE INDEX "deal_listings_category" ON "deal_listings" USING btree ("brand_id","category_id","popularity" DESC NULLS LAST,"deal_id");--> statement-breakpoint
CREATE INDEX "deal_listings_subcategory" ON "deal_listings" USING btree ("brand_id","subcategory_id","popularity" DESC NULLS LAST,"deal_id");--> statement-breakpoint
CREATE INDEX "deal_listings_brand" ON "deal_listings" USING btree ("brand_id","popularity" DESC NULLS LAST,"deal_id");--> statement-breakpoint
CREATE INDEX "deal_listings_vip" ON "deal_listings" USING btree ("brand_id","popularity" DESC NULLS LAST,"deal_id") WHERE "deal_listings"."vip";