import { type Db, eq } from "@deals/db";
import { sites } from "@deals/db/schema/sites";

export async function findSite(db: Db, site: string) {
  const [row] = await db
    .select({ site: sites.site, type: sites.type })
    .from(sites)
    .where(eq(sites.site, site));
  return row;
}
