/**
 * Where each local deal can be redeemed, as plain coordinates (product.md §2 "Hyperlocal
 * pages"): its merchant's main and other addresses that have them, else its town's centre.
 * Written with the deal by triggers (migration 0015_deal_redeem_points_sync), so near-me
 * pages measure distances from a few narrow rows instead of reading every merchant's
 * addresses (design.md "no work on the hot path that could be done at write time").
 * National deals have none.
 */
import { doublePrecision, index, integer, pgTable } from "drizzle-orm/pg-core";
import { deals } from "./catalogue.ts";

export const dealRedeemPoints = pgTable(
  "deal_redeem_points",
  {
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
  },
  (t) => [index("deal_redeem_points_deal").on(t.dealId)],
);
