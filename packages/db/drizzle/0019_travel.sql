CREATE TABLE "travel_calendar_days" (
	"deal_id" integer NOT NULL,
	"date" date NOT NULL,
	"price_minor" integer NOT NULL,
	"vip_price_minor" integer,
	"open_for_sale" boolean NOT NULL,
	"open_for_arrival" boolean NOT NULL,
	"open_for_departure" boolean NOT NULL,
	"min_length_of_stay" integer NOT NULL,
	"max_length_of_stay" integer NOT NULL,
	"additional_cost_text" text,
	"rooms_total" integer NOT NULL,
	"rooms_taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "travel_calendar_days_deal_id_date_pk" PRIMARY KEY("deal_id","date")
);
--> statement-breakpoint
CREATE TABLE "travel_deals" (
	"deal_id" integer PRIMARY KEY NOT NULL,
	"redeem_type" text NOT NULL,
	"arrival_airport" text
);
--> statement-breakpoint
CREATE TABLE "travel_flights" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"departure_airport" text NOT NULL,
	"arrival_airport" text NOT NULL,
	"outbound_date" date NOT NULL,
	"outbound" jsonb NOT NULL,
	"inbound" jsonb NOT NULL,
	"seat_price_minor" integer NOT NULL,
	"seats_total" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "travel_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"basket_token" text NOT NULL,
	"line_id" text NOT NULL,
	"deal_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"rooms" integer NOT NULL,
	"flight_id" integer,
	"seats" integer DEFAULT 0 NOT NULL,
	"room_price_minor" integer NOT NULL,
	"vip_room_price_minor" integer NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "check_in_date" date;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "check_out_date" date;--> statement-breakpoint
ALTER TABLE "travel_calendar_days" ADD CONSTRAINT "travel_calendar_days_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_deals" ADD CONSTRAINT "travel_deals_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_flights" ADD CONSTRAINT "travel_flights_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_holds" ADD CONSTRAINT "travel_holds_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_holds" ADD CONSTRAINT "travel_holds_product_id_deal_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."deal_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_holds" ADD CONSTRAINT "travel_holds_flight_id_travel_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."travel_flights"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "travel_flights_deal_date" ON "travel_flights" USING btree ("deal_id","outbound_date","departure_airport");--> statement-breakpoint
CREATE INDEX "travel_holds_basket" ON "travel_holds" USING btree ("basket_token","status");--> statement-breakpoint
CREATE INDEX "travel_holds_expiry" ON "travel_holds" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "travel_holds_order" ON "travel_holds" USING btree ("order_id");