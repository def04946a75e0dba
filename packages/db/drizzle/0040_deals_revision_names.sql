-- A deal's summary shows the names of its categories, merchant and location (queries.ts
-- selectSummaries). A change to any of them raises the revision of the deals showing it, so a
-- summary kept in memory by revision (kept-summaries.ts) is read again at once, and summaries
-- need no time limit: a renamed category reaches thousands of deals, but renames are rare.
CREATE OR REPLACE FUNCTION categories_touch_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deals SET revision = revision + 1
  WHERE category_id = NEW.id OR subcategory_id = NEW.id OR subsubcategory_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_touch_deals AFTER UPDATE OF name, short_name, canonical_path_type
ON categories FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION categories_touch_deals();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION merchants_touch_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deals SET revision = revision + 1 WHERE merchant_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER merchants_touch_deals AFTER UPDATE OF business_name, display_name
ON merchants FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION merchants_touch_deals();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION locations_touch_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deals SET revision = revision + 1 WHERE location_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_touch_deals AFTER UPDATE OF name, short_name
ON locations FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION locations_touch_deals();
