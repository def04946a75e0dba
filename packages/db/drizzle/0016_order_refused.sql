-- An order is placed by one statement that also takes its promo use, wallet credit and stock
-- (apps/api orders/new-order.ts), outside any explicit transaction so the busy product rows
-- are held only while the server runs it. A refusal must undo the whole statement: this
-- raises, with what refused ("promo", "wallet", "product:12", "day:12", "week:12",
-- "buyer:12") as the detail.
CREATE OR REPLACE FUNCTION order_refused(reason text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order refused: %', reason USING ERRCODE = 'ORDER', DETAIL = reason;
END
$$;
