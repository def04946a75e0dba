import { and, asc, Bindings, type Db, desc, eq, type Placeholder, runShaped, type SQL, sql } from "@deals/db";
import { deals, reviews } from "@deals/db/schema/catalogue";
import type { BrandId } from "@deals/domain/brand";
import type { ReviewSort } from "./schemas.ts";

// Both statements run on every deal page, so each is built and planned once per shape
// (runShaped): every value goes in under a placeholder.

/** Reviews of the brand's deals only: a merchant may sell on several sites. */
const onBrandDeal = (brand: Placeholder) => and(eq(deals.id, reviews.dealId), eq(deals.brandId, brand));

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
  const b = new Bindings();
  const brand = b.bind("brand", brandId);
  const merchant = b.bind("merchant", merchantId);
  const deal = dealId === null ? null : b.bind("deal", dealId);
  // Built only the first time the statement runs (shaped.ts); the values above on every call.
  const [row] = await runShaped(db, "review_summaries", b, () => {
    const forDeal = deal === null ? sql`false` : eq(reviews.dealId, deal);
    return db
      .select({
        sells: sql<boolean>`exists (select 1 from ${deals} as brand_deals
          where brand_deals.merchant_id = ${merchant} and brand_deals.brand_id = ${brand})`,
        merchantAverage: average(undefined),
        merchantTotal: total(undefined),
        dealAverage: average(forDeal),
        dealTotal: total(forDeal),
      })
      .from(reviews)
      .innerJoin(deals, onBrandDeal(brand))
      .where(eq(reviews.merchantId, merchant));
  });
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
  const b = new Bindings();
  b.note(sortBy);
  const brand = b.bind("brand", brandId);
  const merchant = b.bind("merchant", filter.merchantId);
  const deal = filter.dealId === null ? undefined : b.bind("deal", filter.dealId);
  const limit = b.bind("limit", page.limit);
  const offset = b.bind("offset", page.offset);
  return runShaped(db, "reviews_page", b, () =>
    db
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
      .innerJoin(deals, onBrandDeal(brand))
      .where(and(eq(reviews.merchantId, merchant), deal === undefined ? undefined : eq(reviews.dealId, deal)))
      .orderBy(...ORDER[sortBy])
      .limit(limit)
      .offset(offset),
  );
}
