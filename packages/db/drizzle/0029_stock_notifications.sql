CREATE TABLE "stock_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"deal_id" integer NOT NULL,
	"email" text NOT NULL,
	"deal_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stock_notifications" ADD CONSTRAINT "stock_notifications_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_notifications" ADD CONSTRAINT "stock_notifications_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notifications_waiting" ON "stock_notifications" USING btree ("deal_id","email") WHERE "stock_notifications"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_notifications_waiting_deals" ON "stock_notifications" USING btree ("deal_id") WHERE "stock_notifications"."notified_at" is null;