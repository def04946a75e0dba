ALTER TABLE "order_lines" ADD COLUMN "extends_voucher_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extension_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "extension_order_id" integer;