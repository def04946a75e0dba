ALTER TABLE "deals" ADD COLUMN "product_grid" jsonb;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "lowest_price_last_30_days_minor" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "lowest_price_valid_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deals_lowest_price_valid_until" ON "deals" USING btree ("lowest_price_valid_until");