CREATE TABLE "deal_redeem_points" (
	"deal_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_redeem_points" ADD CONSTRAINT "deal_redeem_points_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_redeem_points_deal" ON "deal_redeem_points" USING btree ("deal_id");