/**
 * "Notify me" requests (product.md §4 "Stock labels": out of stock with notify-me): a
 * shopper's email, left on a sold-out or out-of-stock deal, is written one email through the
 * outbox when the deal can be bought again, once per request.
 */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { brands, deals } from "./catalogue.ts";

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const stockNotifications = pgTable(
  "stock_notifications",
  {
    id: serial("id").primaryKey(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    /** Lower case, as typed otherwise. */
    email: text("email").notNull(),
    /** The deal's address on the site the shopper asked from, for the email's link. */
    dealUrl: text("deal_url").notNull(),
    createdAt: moment("created_at").notNull(),
    /** When the back-in-stock email was written; null while the request waits. */
    notifiedAt: moment("notified_at"),
  },
  (t) => [
    // One waiting request per shopper and deal: asking again changes nothing.
    uniqueIndex("stock_notifications_waiting").on(t.dealId, t.email).where(sql`${t.notifiedAt} is null`),
    index("stock_notifications_waiting_deals").on(t.dealId).where(sql`${t.notifiedAt} is null`),
  ],
);
