CREATE TABLE "loyalty_accounts" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"lifetime_points" integer DEFAULT 0 NOT NULL,
	"current_points" integer DEFAULT 0 NOT NULL,
	"event_day" text,
	"event_points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "loyalty_accounts_current_points" CHECK ("loyalty_accounts"."current_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"description" text NOT NULL,
	"order_id" integer,
	"deal_id" integer,
	"day" text,
	"idempotency_key" text,
	"credit_minor" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_activities" ADD CONSTRAINT "loyalty_activities_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_activities" ADD CONSTRAINT "loyalty_activities_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_activities" ADD CONSTRAINT "loyalty_activities_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_activities_customer" ON "loyalty_activities" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_activities_purchase" ON "loyalty_activities" USING btree ("order_id") WHERE "loyalty_activities"."kind" = 'purchase';--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_activities_event" ON "loyalty_activities" USING btree ("customer_id","kind","deal_id","day") WHERE "loyalty_activities"."kind" in ('view-deal', 'share-deal');--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_activities_exchange" ON "loyalty_activities" USING btree ("customer_id","idempotency_key") WHERE "loyalty_activities"."kind" = 'exchange';