-- The newest deals of a location together with the national ones (the homepage's "New today"
-- row) read in order from an index, stopping after the row: the location's own index holds
-- no national deal, so without this one every open deal of the brand was read and sorted
-- (12,677 of them in a 50,000-deal catalogue, 15 ms). Location and scope are held beside the
-- key for the filter, as the closing date is.
CREATE INDEX "deal_listings_brand_newest" ON "deal_listings" USING btree ("brand_id", "published_at" DESC NULLS LAST, "deal_id")
  INCLUDE ("location_id", "scope", "closing_date");
