CREATE TABLE "deal_impressions" (
	"brand_id" text NOT NULL,
	"location" text NOT NULL,
	"deal_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" integer NOT NULL,
	CONSTRAINT "deal_impressions_brand_id_location_deal_id_day_pk" PRIMARY KEY("brand_id","location","deal_id","day")
);
--> statement-breakpoint
CREATE TABLE "not_found_hits" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"path" text NOT NULL,
	"referrer" text,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_query_days" (
	"brand_id" text NOT NULL,
	"query" text NOT NULL,
	"day" date NOT NULL,
	"searches" integer NOT NULL,
	"result_count" integer NOT NULL,
	CONSTRAINT "search_query_days_brand_id_day_query_pk" PRIMARY KEY("brand_id","day","query")
);
--> statement-breakpoint
CREATE TABLE "sponsored_ads" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"deal_id" integer NOT NULL,
	"bid_minor" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sponsored_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"ad_id" text NOT NULL,
	"deal_id" integer NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsored_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"customer_token" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_impressions" ADD CONSTRAINT "deal_impressions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_impressions" ADD CONSTRAINT "deal_impressions_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "not_found_hits" ADD CONSTRAINT "not_found_hits_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_query_days" ADD CONSTRAINT "search_query_days_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_ads" ADD CONSTRAINT "sponsored_ads_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_ads" ADD CONSTRAINT "sponsored_ads_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_events" ADD CONSTRAINT "sponsored_events_session_id_sponsored_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sponsored_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_events" ADD CONSTRAINT "sponsored_events_ad_id_sponsored_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."sponsored_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_events" ADD CONSTRAINT "sponsored_events_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_sessions" ADD CONSTRAINT "sponsored_sessions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_impressions_deal" ON "deal_impressions" USING btree ("deal_id","day");--> statement-breakpoint
CREATE INDEX "not_found_hits_brand_created" ON "not_found_hits" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "search_query_days_prefix" ON "search_query_days" USING btree ("brand_id","query" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sponsored_ads_brand_deal" ON "sponsored_ads" USING btree ("brand_id","deal_id");--> statement-breakpoint
CREATE INDEX "sponsored_events_ad" ON "sponsored_events" USING btree ("ad_id","type","created_at");--> statement-breakpoint
CREATE INDEX "sponsored_events_session" ON "sponsored_events" USING btree ("session_id");