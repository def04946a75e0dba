-- deal_redeem_points follows deals, their merchants' addresses and their towns
-- (schema/near-me.ts): a local deal's points are its merchant's addresses that have
-- coordinates (latLon), else its location's centre; a national deal has none.
CREATE OR REPLACE FUNCTION refresh_deal_redeem_points(target integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM deal_redeem_points WHERE deal_id = target;
  INSERT INTO deal_redeem_points (deal_id, lat, lon)
  SELECT d.id, (a.address -> 'latLon' ->> 'lat')::float8, (a.address -> 'latLon' ->> 'lon')::float8
  FROM deals d
  JOIN merchants m ON m.id = d.merchant_id
  CROSS JOIN LATERAL jsonb_array_elements(jsonb_build_array(m.main_address) || m.other_addresses) AS a(address)
  WHERE d.id = target AND d.scope = 'local'
    AND jsonb_typeof(a.address -> 'latLon' -> 'lat') = 'number'
    AND jsonb_typeof(a.address -> 'latLon' -> 'lon') = 'number'
    AND abs((a.address -> 'latLon' ->> 'lat')::float8) <= 90
    AND abs((a.address -> 'latLon' ->> 'lon')::float8) <= 180;
  IF NOT FOUND THEN
    INSERT INTO deal_redeem_points (deal_id, lat, lon)
    SELECT d.id, l.lat, l.lon FROM deals d JOIN locations l ON l.id = d.location_id
    WHERE d.id = target AND d.scope = 'local';
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION deal_redeem_points_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_deal_redeem_points(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER deal_redeem_points_sync AFTER INSERT OR UPDATE OF scope, merchant_id, location_id
ON deals FOR EACH ROW EXECUTE FUNCTION deal_redeem_points_sync();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION merchant_redeem_points_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_deal_redeem_points(d.id) FROM deals d WHERE d.merchant_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER merchant_redeem_points_sync AFTER UPDATE OF main_address, other_addresses
ON merchants FOR EACH ROW EXECUTE FUNCTION merchant_redeem_points_sync();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION location_redeem_points_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_deal_redeem_points(d.id) FROM deals d WHERE d.location_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER location_redeem_points_sync AFTER UPDATE OF lat, lon
ON locations FOR EACH ROW EXECUTE FUNCTION location_redeem_points_sync();
--> statement-breakpoint
-- Deals written before this migration.
SELECT refresh_deal_redeem_points(id) FROM deals WHERE scope = 'local';
