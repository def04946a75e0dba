import type { Db } from "@deals/db";
import { brands } from "@deals/db/schema/catalogue";

/** The cheapest read that proves the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.select({ id: brands.id }).from(brands).limit(1);
}
