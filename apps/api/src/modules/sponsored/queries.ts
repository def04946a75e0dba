import { and, type Db, eq, sql } from "@deals/db";
import { sponsoredAds, sponsoredEvents, sponsoredSessions } from "@deals/db/schema/browse";
import type { BrandId } from "@deals/domain/brand";

export async function findSession(db: Db, brandId: BrandId, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: sponsoredSessions.id })
    .from(sponsoredSessions)
    .where(and(eq(sponsoredSessions.brandId, brandId), eq(sponsoredSessions.id, id)))
    .limit(1);
  return rows.length > 0;
}

export async function insertSession(
  db: Db,
  session: { id: string; brandId: BrandId; customerToken: string | null; createdAt: Date },
): Promise<void> {
  await db.insert(sponsoredSessions).values(session);
}

/**
 * One event per (ad, deal) pair that names one of the brand's ads for that deal; other
 * pairs are skipped. Returns how many were recorded.
 */
export async function insertAdEvents(
  db: Db,
  brandId: BrandId,
  event: { sessionId: string; type: "impression" | "click"; createdAt: Date },
  pairs: { adId: string; dealId: number }[],
): Promise<number> {
  const reported = sql.join(
    pairs.map((pair) => sql`(${pair.adId}::text, ${pair.dealId}::int)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    insert into ${sponsoredEvents} (session_id, ad_id, deal_id, type, created_at)
    select ${event.sessionId}::text, ${sponsoredAds.id}, ${sponsoredAds.dealId}, ${event.type}::text, ${event.createdAt}::timestamptz
    from (values ${reported}) as reported(ad_id, deal_id)
    inner join ${sponsoredAds} on ${sponsoredAds.id} = reported.ad_id
      and ${sponsoredAds.dealId} = reported.deal_id and ${sponsoredAds.brandId} = ${brandId}
    returning id`);
  return result.rows.length;
}
