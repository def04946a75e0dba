CREATE TABLE "brands" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL,
	"currency" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"level" integer NOT NULL,
	"short_name" text NOT NULL,
	"name" text NOT NULL,
	"link_text" text NOT NULL,
	"canonical_path_type" text NOT NULL,
	"country_code" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"row_id" integer,
	"column_id" integer,
	"friendly_name" text NOT NULL,
	"title" text NOT NULL,
	"price_minor" integer NOT NULL,
	"original_price_minor" integer NOT NULL,
	"vip_price_minor" integer,
	"vip_exclusive" boolean DEFAULT false NOT NULL,
	"admin_fee_minor" integer DEFAULT 0 NOT NULL,
	"postage_price_minor" integer DEFAULT 0 NOT NULL,
	"deposit_price_minor" integer,
	"purchase_cap" integer NOT NULL,
	"max_per_customer" integer,
	"daily_cap" integer,
	"weekly_cap" integer,
	"total_stock" integer,
	"total_bought" integer DEFAULT 0 NOT NULL,
	"best_seller" boolean DEFAULT false NOT NULL,
	"gift_pack_product_id" integer,
	"gift_product_id" integer,
	"nights" integer,
	"check_in_date" date,
	"check_out_date" date
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" integer PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"location_id" integer,
	"scope" text NOT NULL,
	"deal_type" text NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer NOT NULL,
	"subsubcategory_id" integer,
	"merchant_id" integer NOT NULL,
	"slug" text NOT NULL,
	"headline" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fine_print" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text NOT NULL,
	"price_minor" integer NOT NULL,
	"original_price_minor" integer NOT NULL,
	"vip_price_minor" integer,
	"discount_percent" integer NOT NULL,
	"vip_discount_percent" integer,
	"min_postage_price_minor" integer DEFAULT 0 NOT NULL,
	"deposit_price_minor" integer,
	"price_text" text,
	"price_per_person" boolean DEFAULT false NOT NULL,
	"closing_date" timestamp with time zone,
	"published_at" timestamp with time zone NOT NULL,
	"sold_out" boolean DEFAULT false NOT NULL,
	"last_chance" boolean DEFAULT false NOT NULL,
	"enable_buy_closed_deal" boolean DEFAULT false NOT NULL,
	"vip_exclusive" boolean DEFAULT false NOT NULL,
	"high_fraud_risk" boolean DEFAULT false NOT NULL,
	"lead_gen" boolean DEFAULT false NOT NULL,
	"booking_calendar_on_redemption" boolean DEFAULT false NOT NULL,
	"delivery_type" text NOT NULL,
	"product_display" text NOT NULL,
	"nights" integer,
	"images" jsonb NOT NULL,
	"display" jsonb NOT NULL,
	"review_average" real,
	"review_total" integer DEFAULT 0 NOT NULL,
	"total_bought" integer DEFAULT 0 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', search_text)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"short_name" text NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_name" text NOT NULL,
	"display_name" text NOT NULL,
	"vat_number" text,
	"website" text,
	"main_address" jsonb,
	"other_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_average" real,
	"review_total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sales_windows" (
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"window_start" date NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_windows_product_id_kind_window_start_pk" PRIMARY KEY("product_id","kind","window_start")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_products" ADD CONSTRAINT "deal_products_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_subcategory_id_categories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_subsubcategory_id_categories_id_fk" FOREIGN KEY ("subsubcategory_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_history" ADD CONSTRAINT "product_price_history_product_id_deal_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."deal_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales_windows" ADD CONSTRAINT "product_sales_windows_product_id_deal_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."deal_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_parent_short_name" ON "categories" USING btree (coalesce("parent_id", 0),"short_name");--> statement-breakpoint
CREATE INDEX "categories_parent" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "deal_products_deal" ON "deal_products" USING btree ("deal_id","sort_order");--> statement-breakpoint
CREATE INDEX "deals_local_listing" ON "deals" USING btree ("brand_id","location_id","popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "deals_category_listing" ON "deals" USING btree ("brand_id","category_id","popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "deals_subcategory_listing" ON "deals" USING btree ("brand_id","subcategory_id","popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "deals_brand_popularity" ON "deals" USING btree ("brand_id","popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "deals_search_vector" ON "deals" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "deals_search_trgm" ON "deals" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "locations_brand_short_name" ON "locations" USING btree ("brand_id","short_name");--> statement-breakpoint
CREATE INDEX "product_price_history_product" ON "product_price_history" USING btree ("product_id","recorded_at");--> statement-breakpoint
CREATE INDEX "reviews_merchant" ON "reviews" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_deal" ON "reviews" USING btree ("deal_id","created_at" DESC NULLS LAST);