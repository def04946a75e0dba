/**
 * The partner sites every fresh database starts with (services.md §7.7 "a site lookup to
 * detect VIP"): two VIP partners whose shoppers see the premium theme, and a standard one.
 * The names are our own inventions.
 */
import type { Db } from "../open.ts";
import { sites } from "../schema/sites.ts";

export type SiteRow = typeof sites.$inferInsert;

export const SITE_ROWS: readonly SiteRow[] = [
  { site: "vip-lounge", type: "vip", name: "The VIP Lounge members' offers" },
  { site: "gold-circle", type: "vip", name: "Gold Circle rewards club" },
  { site: "weekend-post", type: "standard", name: "Weekend Post newsletter" },
];

export async function seedSites(db: Db): Promise<number> {
  await db
    .insert(sites)
    .values([...SITE_ROWS])
    .onConflictDoNothing();
  return SITE_ROWS.length;
}
