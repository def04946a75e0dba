import { and, asc, type Db, eq, isNull, lte, or } from "@deals/db";
import { type CanonicalPathType, categories } from "@deals/db/schema/catalogue";
import type { CountryCode } from "@deals/domain/brand";

export interface TileCategoryRow {
  id: number;
  parentId: number | null;
  level: number;
  shortName: string;
  linkText: string;
  canonicalPathType: CanonicalPathType;
}

/** Every category a country's sites show, down to sub-subcategories, in menu order. */
export async function listTileCategories(db: Db, countryCode: CountryCode): Promise<TileCategoryRow[]> {
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      level: categories.level,
      shortName: categories.shortName,
      linkText: categories.linkText,
      canonicalPathType: categories.canonicalPathType,
    })
    .from(categories)
    .where(
      and(
        lte(categories.level, 3),
        or(isNull(categories.countryCode), eq(categories.countryCode, countryCode)),
      ),
    )
    .orderBy(asc(categories.level), asc(categories.sortOrder), asc(categories.id));
}
