/**
 * Sponsored ads for a seeded catalogue, so sponsored results show in development and demos
 * (real ads come from advertisers): each brand's three most popular live deals of every
 * top-level category, bidding in that order, running from a day before `now`. Calling it
 * again keeps the ads already there.
 */
import { type Db, sql } from "@deals/db";
import { sponsoredAds } from "@deals/db/schema/browse";
import { deals } from "@deals/db/schema/catalogue";

const ADS_PER_CATEGORY = 3;
const BID_STEP_MINOR = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedSponsoredAds(db: Db, now: Date): Promise<number> {
  const startsAt = new Date(now.getTime() - DAY_MS);
  const result = await db.execute(sql`
    insert into ${sponsoredAds} (id, brand_id, deal_id, bid_minor, starts_at)
    select 'ad-' || ranked.id, ranked.brand_id, ranked.id,
      ((${ADS_PER_CATEGORY + 1}::int - ranked.rank) * ${BID_STEP_MINOR}::int)::int, ${startsAt}::timestamptz
    from (
      select ${deals.id} as id, ${deals.brandId} as brand_id,
        row_number() over (partition by ${deals.brandId}, ${deals.categoryId}
          order by ${deals.popularity} desc, ${deals.id}) as rank
      from ${deals}
      where ${deals.closingDate} is null or ${deals.closingDate} >= ${now}
    ) as ranked
    where ranked.rank <= ${ADS_PER_CATEGORY}
    on conflict (id) do nothing
    returning id`);
  return result.rows.length;
}
