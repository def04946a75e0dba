ALTER TABLE "deals" ADD COLUMN "calendar_sold_out" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A calendar deal with no night left to book ranks with the sold-out deals, after every deal on
-- sale (0024): the listing rank reads calendar_sold_out beside sold_out.
CREATE OR REPLACE FUNCTION deal_listings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deal_listings (
    deal_id, brand_id, location_id, scope, category_id, subcategory_id, subsubcategory_id,
    deal_type, price_minor, discount_percent, popularity, published_at, closing_date,
    last_chance, vip, early_bird, review_average, nights, headline, search_vector
  ) VALUES (
    NEW.id, NEW.brand_id, NEW.location_id, NEW.scope, NEW.category_id, NEW.subcategory_id,
    NEW.subsubcategory_id, NEW.deal_type, NEW.price_minor, NEW.discount_percent,
    deal_listing_popularity(NEW.id, NEW.popularity, NEW.sold_out OR NEW.calendar_sold_out),
    NEW.published_at, NEW.closing_date, NEW.last_chance,
    NEW.vip_price_minor IS NOT NULL OR NEW.vip_exclusive,
    COALESCE((NEW.display ->> 'earlyBird')::boolean, false), NEW.review_average, NEW.nights,
    NEW.headline, NEW.search_vector
  )
  ON CONFLICT (deal_id) DO UPDATE SET
    brand_id = EXCLUDED.brand_id, location_id = EXCLUDED.location_id, scope = EXCLUDED.scope,
    category_id = EXCLUDED.category_id, subcategory_id = EXCLUDED.subcategory_id,
    subsubcategory_id = EXCLUDED.subsubcategory_id, deal_type = EXCLUDED.deal_type,
    price_minor = EXCLUDED.price_minor, discount_percent = EXCLUDED.discount_percent,
    popularity = EXCLUDED.popularity, published_at = EXCLUDED.published_at,
    closing_date = EXCLUDED.closing_date, last_chance = EXCLUDED.last_chance, vip = EXCLUDED.vip,
    early_bird = EXCLUDED.early_bird, review_average = EXCLUDED.review_average,
    nights = EXCLUDED.nights, headline = EXCLUDED.headline, search_vector = EXCLUDED.search_vector;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS deal_listings_sync ON deals;
--> statement-breakpoint
CREATE TRIGGER deal_listings_sync AFTER INSERT OR UPDATE OF
  brand_id, location_id, scope, category_id, subcategory_id, subsubcategory_id, deal_type,
  price_minor, discount_percent, popularity, published_at, closing_date, last_chance,
  vip_price_minor, vip_exclusive, display, review_average, nights, headline, search_text, sold_out,
  calendar_sold_out
ON deals FOR EACH ROW EXECUTE FUNCTION deal_listings_sync();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION deal_listings_stock_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_listings SET popularity = deal_listing_popularity(deals.id, deals.popularity, deals.sold_out OR deals.calendar_sold_out)
  FROM deals WHERE deals.id = NEW.deal_id AND deal_listings.deal_id = NEW.deal_id;
  RETURN NULL;
END
$$;
