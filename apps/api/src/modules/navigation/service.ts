/**
 * The header navigation (product.md §2 "Header navigation"): the chosen location first,
 * linking to its local deals and showing its name, then each top-level category with its
 * subcategories. Local categories link under the location; the shop, escapes and gifts
 * have their own paths.
 */
import type { Db } from "@deals/db";
import type { CanonicalPathType } from "@deals/db/schema/catalogue";
import type { Brand } from "@deals/domain/brand";
import { BRIEF_TTL_MS, KeptBriefly } from "../../kept-briefly.ts";
import { findBrandLocation, locationNotFound } from "../locations/service.ts";
import { listNavigationCategories, type NavigationCategoryRow } from "./queries.ts";
import type { NavItem, NavigationList } from "./schemas.ts";

/** Where a top-level category's pages live on the storefront. */
function categoryBasePath(row: NavigationCategoryRow, locationShortName: string): string {
  const bases: Record<CanonicalPathType, string> = {
    local: `/deals/${locationShortName}/${row.shortName}`,
    national: "/deals/shop",
    travel: "/deals/escapes",
    gifts: "/gifts",
  };
  return bases[row.canonicalPathType];
}

function navItem(row: NavigationCategoryRow, url: string, subNavigations: NavItem[]): NavItem {
  const isLocal = row.canonicalPathType === "local";
  return {
    id: row.id,
    shortName: row.shortName,
    linkText: row.linkText,
    url,
    isLocal,
    isLocalLink: false,
    subNavigations,
  };
}

// Every page's header asks for it; the same for every shopper of the country's sites.
const keptNavigationCategories = new KeptBriefly<NavigationCategoryRow[]>(10);

export async function getNavigation(
  db: Db,
  brand: Brand,
  locationShortName: string | undefined,
): Promise<NavigationList> {
  const [location, rows] = await Promise.all([
    findBrandLocation(db, brand, locationShortName ?? brand.defaultLocation),
    keptNavigationCategories.get(db, brand.countryCode, BRIEF_TTL_MS, () =>
      listNavigationCategories(db, brand.countryCode),
    ),
  ]);
  if (!location) throw locationNotFound();

  const localEntry: NavItem = {
    id: location.id,
    shortName: location.shortName,
    linkText: location.name,
    url: `/deals/${location.shortName}`,
    isLocal: true,
    isLocalLink: true,
    subNavigations: [],
  };
  const topLevel = rows.filter((row) => row.level === 1);
  const navigations = topLevel.map((root) => {
    const base = categoryBasePath(root, location.shortName);
    const children = rows
      .filter((row) => row.parentId === root.id)
      .map((child) =>
        navItem({ ...child, canonicalPathType: root.canonicalPathType }, `${base}/${child.shortName}`, []),
      );
    return navItem(root, base, children);
  });
  return { navigations: [localEntry, ...navigations, ...FIXED_ENTRIES] };
}

/**
 * Entries that are pages rather than categories: the gift finder (shown with a gift icon)
 * and the VIP hub (with its icon for non-VIP shoppers). Their ids sit above the category
 * id range so they never clash with one.
 */
const FIXED_ENTRIES: readonly NavItem[] = [
  { id: 900_001, shortName: "gift-finder", linkText: "Gift Finder", url: "/gift-finder" },
  { id: 900_002, shortName: "vip", linkText: "VIP", url: "/deals/vip" },
].map((entry) => ({ ...entry, isLocal: false, isLocalLink: false, subNavigations: [] }));
