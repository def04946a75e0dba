/**
 * What the sitemaps list: the listing pages that have live deals, and the live deals
 * themselves in id order, a page at a time.
 */
import { alias, and, asc, type Db, eq, gt, gte, isNull, or, sql } from "@deals/db";
import { categories, deals, locations } from "@deals/db/schema/catalogue";
import type { BrandId } from "@deals/domain/brand";

const subCategories = alias(categories, "sub_categories");
const subsubCategories = alias(categories, "subsub_categories");

const live = (since: Date) => or(isNull(deals.closingDate), gte(deals.closingDate, since));

export async function countLiveDeals(db: Db, brandId: BrandId, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(deals)
    .where(and(eq(deals.brandId, brandId), live(since)));
  return row?.count ?? 0;
}

/** Each (location, category, subcategory, sub-subcategory) holding live deals, once. */
export async function listListingPaths(db: Db, brandId: BrandId, since: Date) {
  return db
    .selectDistinct({
      location: locations.shortName,
      category: categories.shortName,
      canonicalPathType: categories.canonicalPathType,
      subcategory: subCategories.shortName,
      subsubcategory: subsubCategories.shortName,
    })
    .from(deals)
    .innerJoin(categories, eq(categories.id, deals.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, deals.subcategoryId))
    .leftJoin(subsubCategories, eq(subsubCategories.id, deals.subsubcategoryId))
    .leftJoin(locations, eq(locations.id, deals.locationId))
    .where(and(eq(deals.brandId, brandId), live(since)));
}

/** Live deals after `afterId` in id order, with what their URL and last change need. */
export async function listLiveDeals(db: Db, brandId: BrandId, since: Date, afterId: number, limit: number) {
  return db
    .select({
      id: deals.id,
      slug: deals.slug,
      publishedAt: deals.publishedAt,
      category: { shortName: categories.shortName },
      subCategory: { shortName: subCategories.shortName },
      subsubShortName: subsubCategories.shortName,
    })
    .from(deals)
    .innerJoin(categories, eq(categories.id, deals.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, deals.subcategoryId))
    .leftJoin(subsubCategories, eq(subsubCategories.id, deals.subsubcategoryId))
    .where(and(eq(deals.brandId, brandId), live(since), gt(deals.id, afterId)))
    .orderBy(asc(deals.id))
    .limit(limit);
}

/** The id the n-th page (0-based) of live deals starts after: pages of `size` in id order. */
export async function liveDealIdBefore(
  db: Db,
  brandId: BrandId,
  since: Date,
  page: number,
  size: number,
): Promise<number | undefined> {
  if (page === 0) return 0;
  const [row] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.brandId, brandId), live(since)))
    .orderBy(asc(deals.id))
    .limit(1)
    .offset(page * size - 1);
  return row?.id;
}
