CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"location_short_name" text NOT NULL,
	"user_id" integer,
	"unsubscribe_token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"brand_id" text NOT NULL,
	"email_key" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_attempts_brand_id_email_key_pk" PRIMARY KEY("brand_id","email_key")
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text,
	"user_id" integer,
	"to" text NOT NULL,
	"template" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "postcode_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"post_code" text NOT NULL,
	"address_line_1" text NOT NULL,
	"address_line_2" text,
	"town" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" text NOT NULL,
	"remember_me" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"password_hash" text,
	"title" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"address" jsonb,
	"customer_token" text NOT NULL,
	"google_subject" text,
	"vip_user" boolean DEFAULT false NOT NULL,
	"vip_membership_expires_at" timestamp with time zone,
	"vip_opt_in_type" text,
	"email_preferences" jsonb DEFAULT '{"dailyDeals":true,"vipNews":true,"partnerOffers":false}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"deletion_requested_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_subscriptions" ADD CONSTRAINT "email_subscriptions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_subscriptions" ADD CONSTRAINT "email_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user" ON "auth_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "email_subscriptions_brand_email_location" ON "email_subscriptions" USING btree ("brand_id","email_key","location_short_name");--> statement-breakpoint
CREATE UNIQUE INDEX "email_subscriptions_unsubscribe_token" ON "email_subscriptions" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "email_subscriptions_user" ON "email_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_emails_unsent" ON "outbox_emails" USING btree ("created_at") WHERE "outbox_emails"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_emails_user" ON "outbox_emails" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "postcode_addresses_lookup" ON "postcode_addresses" USING btree ("country_code","post_code");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_brand_email" ON "users" USING btree ("brand_id","email_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_customer_token" ON "users" USING btree ("customer_token");--> statement-breakpoint
CREATE UNIQUE INDEX "users_brand_google_subject" ON "users" USING btree ("brand_id","google_subject");--> statement-breakpoint
CREATE INDEX "users_deletion_due" ON "users" USING btree ("deletion_requested_at") WHERE "users"."status" = 'deleting';