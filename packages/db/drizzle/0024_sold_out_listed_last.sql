-- Sold-out deals sink to the end of every popularity-ordered listing, so they never fill the
-- first page. The listing row's popularity is the listing rank: the deal's popularity, less
-- a billion when the deal is sold out (flagged, or every product's stock sold). Kept at write
-- time, so the listing indexes still give pages in order: the deals trigger writes it with
-- the rest, and a product whose stock runs out or comes back updates its deal's row.
CREATE OR REPLACE FUNCTION deal_listing_popularity(p_deal_id integer, p_popularity integer, p_sold_out boolean)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_sold_out OR (
      EXISTS (SELECT 1 FROM deal_products WHERE deal_id = p_deal_id)
      AND NOT EXISTS (
        SELECT 1 FROM deal_products
        WHERE deal_id = p_deal_id AND (total_stock IS NULL OR total_bought < total_stock)
      )
    ) THEN p_popularity - 1000000000 ELSE p_popularity END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION deal_listings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deal_listings (
    deal_id, brand_id, location_id, scope, category_id, subcategory_id, subsubcategory_id,
    deal_type, price_minor, discount_percent, popularity, published_at, closing_date,
    last_chance, vip, early_bird, review_average, nights, headline, search_vector
  ) VALUES (
    NEW.id, NEW.brand_id, NEW.location_id, NEW.scope, NEW.category_id, NEW.subcategory_id,
    NEW.subsubcategory_id, NEW.deal_type, NEW.price_minor, NEW.discount_percent,
    deal_listing_popularity(NEW.id, NEW.popularity, NEW.sold_out),
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
  vip_price_minor, vip_exclusive, display, review_average, nights, headline, search_text, sold_out
ON deals FOR EACH ROW EXECUTE FUNCTION deal_listings_sync();
--> statement-breakpoint
-- Only when a product's stock runs out or comes back: an order that leaves stock costs nothing more.
CREATE OR REPLACE FUNCTION deal_listings_stock_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_listings SET popularity = deal_listing_popularity(deals.id, deals.popularity, deals.sold_out)
  FROM deals WHERE deals.id = NEW.deal_id AND deal_listings.deal_id = NEW.deal_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER deal_listings_stock_sync AFTER UPDATE OF total_bought, total_stock ON deal_products
FOR EACH ROW WHEN (
  (OLD.total_stock IS NOT NULL AND OLD.total_bought >= OLD.total_stock)
  IS DISTINCT FROM (NEW.total_stock IS NOT NULL AND NEW.total_bought >= NEW.total_stock)
) EXECUTE FUNCTION deal_listings_stock_sync();
--> statement-breakpoint
UPDATE deal_listings SET popularity = deal_listing_popularity(deals.id, deals.popularity, deals.sold_out)
FROM deals WHERE deals.id = deal_listings.deal_id;
