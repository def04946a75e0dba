ALTER TABLE "wallet_entries" ADD COLUMN "source" text DEFAULT 'promotion' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "wallet_entries_history" ON "wallet_entries" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_entries_expiring" ON "wallet_entries" USING btree ("expires_at") WHERE "wallet_entries"."expired_at" is null and "wallet_entries"."expires_at" is not null;--> statement-breakpoint
UPDATE "wallet_entries" SET "source" = CASE
  WHEN "amount_minor" < 0 THEN 'order'
  WHEN "description" LIKE '%not completed%' THEN 'order-returned'
  WHEN "kind" = 'refundable' THEN 'refund'
  ELSE 'promotion' END;
