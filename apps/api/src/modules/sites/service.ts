/** What a partner site is, by the name shoppers arrive with in `?site=`. */
import type { Db } from "@deals/db";
import { notFound } from "../../errors.ts";
import { findSite } from "./queries.ts";
import type { Site } from "./schemas.ts";

export function siteNotFound() {
  return notFound("SITE_NOT_FOUND", "There is no partner site with this name.");
}

export async function lookUpSite(db: Db, site: string): Promise<Site> {
  const row = await findSite(db, site);
  if (!row) throw siteNotFound();
  return row;
}
