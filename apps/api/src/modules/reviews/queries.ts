import { and, asc, type Db, desc, eq, type SQL, sql } from "@deals/db";
import { deals, reviews } from "@deals/db/schema/catalogue";
import type { BrandId } from "@deals/domain/brand";
import type { ReviewSort } from "./schemas.ts";

/** Reviews of the brand's deals only: a merchant may sell on several sites. */
const onBrandDeal = (brandId: BrandId) => and(eq(deals.id, reviews.dealId), eq(deals.brandId, brandId));

const average = (where: SQL | undefined) =>
  sql<number | null>`round(avg(${reviews.rating}) filter (where ${where ?? sql`true`}), 2)::float8`.mapWith(
    (value) => (value === null ? null : Number(value)),
  );
const total = (where: SQL | undefined) =>
  sql<number>`count(*) filter (where ${where ?? sql`true`})::int`.mapWith(Number);

/**
 * The merchant's review averages and totals on the brand's deals, overall and for one deal;
 * `sells` says whether the merchant has any deal on the brand's site at all.
 */
export async function reviewSummaries(db: Db, brandId: BrandId, merchantId: number, dealId: number | null) {
  const forDeal = dealId === null ? sql`false` : eq(reviews.dealId, dealId);
  const sells = sql<boolean>`exists (select 1 from ${deals} as brand_deals
    where brand_deals.merchant_id = ${merchantId} and brand_deals.brand_id = ${brandId})`;
  const [row] = await db
    .select({
      sells,
      merchantAverage: average(undefined),
      merchantTotal: total(undefined),
      dealAverage: average(forDeal),
      dealTotal: total(forDeal),
    })
    .from(reviews)
    .innerJoin(deals, onBrandDeal(brandId))
    .where(eq(reviews.merchantId, merchantId));
  return row!;
}

const ORDER: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  oldest: [asc(reviews.createdAt), asc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

export async function listReviews(
  db: Db,
  brandId: BrandId,
  filter: { merchantId: number; dealId: number | null },
  sortBy: ReviewSort,
  page: { offset: number; limit: number },
) {
  return db
    .select({
      id: reviews.id,
      dealId: reviews.dealId,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      authorName: reviews.authorName,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(deals, onBrandDeal(brandId))
    .where(
      and(
        eq(reviews.merchantId, filter.merchantId),
        filter.dealId === null ? undefined : eq(reviews.dealId, filter.dealId),
      ),
    )
    .orderBy(...ORDER[sortBy])
    .limit(page.limit)
    .offset(page.offset);
}
