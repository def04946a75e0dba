import type { Db } from "@deals/db";
import { notFoundHits } from "@deals/db/schema/browse";

export async function insertNotFoundHit(db: Db, hit: typeof notFoundHits.$inferInsert): Promise<void> {
  await db.insert(notFoundHits).values(hit);
}
