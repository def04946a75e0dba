CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"reference" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text NOT NULL,
	"destination" text NOT NULL,
	"currency" text NOT NULL,
	"wallet_minor" integer NOT NULL,
	"original_minor" integer NOT NULL,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "voucher_reminders" (
	"voucher_id" integer NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voucher_reminders_voucher_id_days_before_pk" PRIMARY KEY("voucher_id","days_before")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reference" text DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 16)) NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "fulfilment_status" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "delivery_estimate" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "show_tracking_to_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_events" ADD CONSTRAINT "voucher_events_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_refunds" ADD CONSTRAINT "voucher_refunds_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_refunds" ADD CONSTRAINT "voucher_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_refunds" ADD CONSTRAINT "voucher_refunds_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_reminders" ADD CONSTRAINT "voucher_reminders_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_reference" ON "sandbox_refunds" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_transaction" ON "sandbox_refunds" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "voucher_events_voucher" ON "voucher_events" USING btree ("voucher_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_refunds_voucher" ON "voucher_refunds" USING btree ("voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_refunds_idempotency" ON "voucher_refunds" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "voucher_refunds_order" ON "voucher_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "vouchers_expiry" ON "vouchers" USING btree ("expires_at");