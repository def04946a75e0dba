/** Page-not-found reports, kept so broken links can be found and redirected. */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { insertNotFoundHit } from "./queries.ts";

const MAX_USER_AGENT_LENGTH = 500;

export async function recordNotFoundHit(
  db: Db,
  brand: Brand,
  hit: { path: string; referrer?: string; userAgent?: string },
  now: Date,
): Promise<void> {
  await insertNotFoundHit(db, {
    brandId: brand.id,
    path: hit.path,
    referrer: hit.referrer ?? null,
    userAgent: hit.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
    createdAt: now,
  });
}
