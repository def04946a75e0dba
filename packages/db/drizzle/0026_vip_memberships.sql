CREATE TABLE "vip_memberships" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"plan" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"renews" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"trial_started_at" timestamp with time zone,
	"opt_in_type" text NOT NULL,
	"renewal_token" text,
	"reminder_sent_for" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"brand_id" text NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text,
	"period_starts_at" timestamp with time zone NOT NULL,
	"period_ends_at" timestamp with time zone NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"transaction_id" text,
	"card_type" text,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vip_memberships" ADD CONSTRAINT "vip_memberships_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_payments" ADD CONSTRAINT "vip_payments_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vip_memberships_ends_at" ON "vip_memberships" USING btree ("ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_payments_customer_key" ON "vip_payments" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_payments_customer_period" ON "vip_payments" USING btree ("customer_id","period_starts_at") WHERE "vip_payments"."status" <> 'declined';--> statement-breakpoint
CREATE INDEX "vip_payments_pending" ON "vip_payments" USING btree ("status","created_at");