/**
 * Partner sites that send shoppers with `?site=` (product.md §2 "App shell": the premium
 * theme when the site lookup returns vip; services.md §7.7 "GET a site lookup to detect VIP").
 */
import { pgTable, text } from "drizzle-orm/pg-core";

export const sites = pgTable("sites", {
  /** The `site=` value: lower-case words joined by hyphens. */
  site: text("site").primaryKey(),
  /** vip (premium theme) or standard. */
  type: text("type").$type<"vip" | "standard">().notNull(),
  /** Who the partner is, for people reading the table. */
  name: text("name").notNull(),
});
