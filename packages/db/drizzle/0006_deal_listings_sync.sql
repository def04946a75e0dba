-- deal_listings follows deals: every insert, and every update of a column listings read,
-- writes the deal's narrow listing row (schema/browse.ts). Deletes cascade by foreign key.
CREATE OR REPLACE FUNCTION deal_listings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deal_listings (
    deal_id, brand_id, location_id, scope, category_id, subcategory_id, subsubcategory_id,
    deal_type, price_minor, discount_percent, popularity, published_at, closing_date,
    last_chance, vip, early_bird, review_average, nights
  ) VALUES (
    NEW.id, NEW.brand_id, NEW.location_id, NEW.scope, NEW.category_id, NEW.subcategory_id,
    NEW.subsubcategory_id, NEW.deal_type, NEW.price_minor, NEW.discount_percent, NEW.popularity,
    NEW.published_at, NEW.closing_date, NEW.last_chance,
    NEW.vip_price_minor IS NOT NULL OR NEW.vip_exclusive,
    COALESCE((NEW.display ->> 'earlyBird')::boolean, false), NEW.review_average, NEW.nights
  )
  ON CONFLICT (deal_id) DO UPDATE SET
    brand_id = EXCLUDED.brand_id, location_id = EXCLUDED.location_id, scope = EXCLUDED.scope,
    category_id = EXCLUDED.category_id, subcategory_id = EXCLUDED.subcategory_id,
    subsubcategory_id = EXCLUDED.subsubcategory_id, deal_type = EXCLUDED.deal_type,
    price_minor = EXCLUDED.price_minor, discount_percent = EXCLUDED.discount_percent,
    popularity = EXCLUDED.popularity, published_at = EXCLUDED.published_at,
    closing_date = EXCLUDED.closing_date, last_chance = EXCLUDED.last_chance, vip = EXCLUDED.vip,
    early_bird = EXCLUDED.early_bird, review_average = EXCLUDED.review_average,
    nights = EXCLUDED.nights;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER deal_listings_sync AFTER INSERT OR UPDATE OF
  brand_id, location_id, scope, category_id, subcategory_id, subsubcategory_id, deal_type,
  price_minor, discount_percent, popularity, published_at, closing_date, last_chance,
  vip_price_minor, vip_exclusive, display, review_average, nights
ON deals FOR EACH ROW EXECUTE FUNCTION deal_listings_sync();
--> statement-breakpoint
-- Deals written before this migration.
INSERT INTO deal_listings (
  deal_id, brand_id, location_id, scope, category_id, subcategory_id, subsubcategory_id,
  deal_type, price_minor, discount_percent, popularity, published_at, closing_date,
  last_chance, vip, early_bird, review_average, nights
)
SELECT id, brand_id, location_id, scope, category_id, subcategory_id, subsubcategory_id,
  deal_type, price_minor, discount_percent, popularity, published_at, closing_date,
  last_chance, vip_price_minor IS NOT NULL OR vip_exclusive,
  COALESCE((display ->> 'earlyBird')::boolean, false), review_average, nights
FROM deals
ON CONFLICT (deal_id) DO NOTHING;
--> statement-breakpoint
-- The social cue sums a deal's units on recent paid orders (GET /v1/socialcue/deal/{id}).
CREATE INDEX IF NOT EXISTS "order_lines_deal_browse" ON "order_lines" USING btree ("deal_id");
