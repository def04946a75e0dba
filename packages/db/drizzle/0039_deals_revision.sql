ALTER TABLE "deals" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every update of a deal raises its revision, so a summary kept in memory by revision is read
-- again after any change to the row (apps/api/src/modules/deals/kept-summaries.ts).
CREATE OR REPLACE FUNCTION deals_next_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER deals_next_revision BEFORE UPDATE ON deals
FOR EACH ROW EXECUTE FUNCTION deals_next_revision();
--> statement-breakpoint
-- A summary shows the admin fee of the deal's cheapest product: a change to a product's price,
-- fee or order, or a product taken away, raises the deal's revision too. Stock counts do not.
-- A product added to a deal on sale comes with the deal's lead-in prices written again.
CREATE OR REPLACE FUNCTION deal_products_touch_deal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deals SET revision = revision + 1 WHERE id = OLD.deal_id;
  IF TG_OP = 'UPDATE' AND NEW.deal_id <> OLD.deal_id THEN
    UPDATE deals SET revision = revision + 1 WHERE id = NEW.deal_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER deal_products_touch_deal AFTER DELETE OR UPDATE OF deal_id, price_minor, admin_fee_minor, sort_order
ON deal_products FOR EACH ROW EXECUTE FUNCTION deal_products_touch_deal();
