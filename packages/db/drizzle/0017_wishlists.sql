CREATE TABLE "wishlist_deals" (
	"wishlist_id" text NOT NULL,
	"deal_id" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"price_at_add_minor" integer NOT NULL,
	"notified_price_minor" integer NOT NULL,
	CONSTRAINT "wishlist_deals_wishlist_id_deal_id_pk" PRIMARY KEY("wishlist_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "wishlists" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"customer_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"price_drop_emailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wishlist_deals" ADD CONSTRAINT "wishlist_deals_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_deals" ADD CONSTRAINT "wishlist_deals_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlists" ADD CONSTRAINT "wishlists_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlists" ADD CONSTRAINT "wishlists_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wishlist_deals_deal" ON "wishlist_deals" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlists_customer" ON "wishlists" USING btree ("customer_id");