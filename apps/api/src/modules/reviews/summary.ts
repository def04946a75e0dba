/**
 * The marketplace's own rating on a site (product.md §2 "App shell": the exit promo's
 * trust-rating widget): the average of every review of the brand's deals, out of 5, and
 * how many there are. One aggregate over the brand's reviews.
 */
import { type Db, eq, sql } from "@deals/db";
import { deals, reviews } from "@deals/db/schema/catalogue";
import type { Brand } from "@deals/domain/brand";
import type { ReviewsSummary } from "./schemas.ts";

export async function brandReviewsSummary(db: Db, brand: Brand): Promise<ReviewsSummary> {
  const [row] = await db
    .select({
      average: sql<number | null>`round(avg(${reviews.rating}), 2)::float8`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
      total: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(reviews)
    .innerJoin(deals, eq(deals.id, reviews.dealId))
    .where(eq(deals.brandId, brand.id));
  return { average: row?.average ?? null, total: row?.total ?? 0 };
}
