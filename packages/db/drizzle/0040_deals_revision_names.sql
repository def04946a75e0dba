-- A deal's summary shows the names of its categories, merchant and location (queries.ts
-- selectSummaries). A change to any of them raises the revision of the deals showing it, so a
-- summary kept in memory by revision (kept-summaries.ts) is read again at once, and summaries
-- need no time limit: a renamed category reaches thousands of deals, but renames are rare.
-- The trigger's argument says which deals show the row, with the row's id as $1.
CREATE OR REPLACE FUNCTION deals_showing_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE deals SET revision = revision + 1 WHERE %s', TG_ARGV[0]) USING NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_touch_deals AFTER UPDATE OF name, short_name, canonical_path_type
ON categories FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
EXECUTE FUNCTION deals_showing_touch('category_id = $1 OR subcategory_id = $1 OR subsubcategory_id = $1');
--> statement-breakpoint
CREATE TRIGGER merchants_touch_deals AFTER UPDATE OF business_name, display_name
ON merchants FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
EXECUTE FUNCTION deals_showing_touch('merchant_id = $1');
--> statement-breakpoint
CREATE TRIGGER locations_touch_deals AFTER UPDATE OF name, short_name
ON locations FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
EXECUTE FUNCTION deals_showing_touch('location_id = $1');
