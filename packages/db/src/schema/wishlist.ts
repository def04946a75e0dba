/**
 * Wishlists (product.md §3 "Wishlist", services.md §7.5): a visitor's list is known by its id
 * in the wishlist cookie; once merged on sign-in (or made while signed in) it belongs to the
 * customer and only they may see it.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { brands, deals } from "./catalogue.ts";

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const wishlists = pgTable(
  "wishlists",
  {
    /** 32 random url-safe characters: for a guest's list, the only key to it. */
    id: text("id").primaryKey(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id),
    /** null while the list is a guest's. */
    customerId: integer("customer_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: moment("created_at").notNull(),
    /** When the last price-drop email went out: at most one a day. */
    priceDropEmailedAt: moment("price_drop_emailed_at"),
  },
  (t) => [uniqueIndex("wishlists_customer").on(t.customerId)],
);

export const wishlistDeals = pgTable(
  "wishlist_deals",
  {
    wishlistId: text("wishlist_id")
      .notNull()
      .references(() => wishlists.id, { onDelete: "cascade" }),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    addedAt: moment("added_at").notNull(),
    /** The deal's lead price when wished: below it now means "price dropped". */
    priceAtAddMinor: integer("price_at_add_minor").notNull(),
    /** The lowest price the shopper has been told of (at first the price when wished). */
    notifiedPriceMinor: integer("notified_price_minor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.wishlistId, t.dealId] }), index("wishlist_deals_deal").on(t.dealId)],
);
