import { and, asc, type Db, eq, isNull, lte, or } from "@deals/db";
import { type CanonicalPathType, categories } from "@deals/db/schema/catalogue";
import type { CountryCode } from "@deals/domain/brand";

export interface NavigationCategoryRow {
  id: number;
  parentId: number | null;
  level: number;
  shortName: string;
  linkText: string;
  canonicalPathType: CanonicalPathType;
}

/**
 * Categories shown on a country's sites, in menu order: categories and subcategories for the
 * menu, down to sub-subcategories (level 3) for tiles.
 */
export async function listNavigationCategories(
  db: Db,
  countryCode: CountryCode,
  deepestLevel = 2,
): Promise<NavigationCategoryRow[]> {
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
        lte(categories.level, deepestLevel),
        or(isNull(categories.countryCode), eq(categories.countryCode, countryCode)),
      ),
    )
    .orderBy(asc(categories.level), asc(categories.sortOrder), asc(categories.id));
}
