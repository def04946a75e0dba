CREATE TABLE "baskets" (
	"token" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"customer_id" integer,
	"customer_token" text,
	"eligible_for_vip" boolean DEFAULT false NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"addons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"promo_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_product_purchases" (
	"buyer_key" text NOT NULL,
	"product_id" integer NOT NULL,
	"bought" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "buyer_product_purchases_buyer_key_product_id_pk" PRIMARY KEY("buyer_key","product_id")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"basket_line_id" text NOT NULL,
	"deal_id" integer,
	"product_id" integer,
	"accessory" text,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"admin_fee_minor" integer NOT NULL,
	"postage_minor" integer NOT NULL,
	"balance_to_merchant_minor" integer DEFAULT 0 NOT NULL,
	"pay_deposit" boolean DEFAULT false NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"wallet_marketing_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"gift_type" text DEFAULT 'none' NOT NULL,
	"recipient_email" text,
	"gift_message" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"customer_id" integer NOT NULL,
	"buyer_key" text NOT NULL,
	"email" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"basket_token" text NOT NULL,
	"status" text NOT NULL,
	"failure_message" text,
	"currency" text NOT NULL,
	"items_minor" integer NOT NULL,
	"admin_fees_minor" integer NOT NULL,
	"postage_minor" integer NOT NULL,
	"gift_packs_minor" integer NOT NULL,
	"gift_wrap_minor" integer NOT NULL,
	"vip_membership_minor" integer NOT NULL,
	"voucher_protection_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"wallet_marketing_minor" integer NOT NULL,
	"wallet_refundable_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"promo_code" text,
	"payment_method" text,
	"instrument_type" text,
	"provider" text,
	"card_type" text,
	"address" jsonb,
	"passengers" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"gateway" text NOT NULL,
	"token" text NOT NULL,
	"card_type" text,
	"last4" text,
	"expiry_month" integer,
	"expiry_year" integer,
	"payer_email" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"allow_subscription" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"transaction_id" text,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_code_buyer_uses" (
	"code" text NOT NULL,
	"buyer_key" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promo_code_buyer_uses_code_buyer_key_pk" PRIMARY KEY("code","buyer_key")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"brand_id" text,
	"discount_kind" text NOT NULL,
	"percent" integer,
	"amount_minor" integer,
	"currency" text,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"deal_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"new_customers_only" boolean DEFAULT false NOT NULL,
	"times_used" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"basket_token" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"card_type" text,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"customer_id" integer,
	"deal_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_balances" (
	"customer_id" integer NOT NULL,
	"currency" text NOT NULL,
	"marketing_minor" integer DEFAULT 0 NOT NULL,
	"refundable_minor" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "wallet_balances_customer_id_currency_pk" PRIMARY KEY("customer_id","currency")
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"description" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_product_purchases" ADD CONSTRAINT "buyer_product_purchases_product_id_deal_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."deal_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_deal_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."deal_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_instruments" ADD CONSTRAINT "payment_instruments_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_buyer_uses" ADD CONSTRAINT "promo_code_buyer_uses_code_promo_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promo_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_product_id_deal_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."deal_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_balances" ADD CONSTRAINT "wallet_balances_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baskets_customer" ON "baskets" USING btree ("customer_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_lines_order" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_buyer_idempotency" ON "orders" USING btree ("buyer_key","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_instruments_customer" ON "payment_instruments" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transactions_reference" ON "sandbox_transactions" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "sandbox_transactions_status" ON "sandbox_transactions" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code" ON "vouchers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "vouchers_customer" ON "vouchers" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vouchers_order" ON "vouchers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_customer" ON "wallet_entries" USING btree ("customer_id","currency");