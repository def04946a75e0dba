/**
 * The trail from the homepage to a deal, through the listings that hold it: a location's
 * local deals, the shop, escapes or gifts (product.md §2 "Shell mapping"), then its category
 * and subcategory there. Shown above the deal and sent to search engines as a BreadcrumbList.
 */
import type { DealSummary } from "./api-types.ts";
import type { Crumb } from "./structured-data.ts";

type CrumbDeal = Pick<DealSummary, "category" | "subCategory" | "location" | "headline" | "urlPath">;

/** Listing roots of the kinds of deal that are not local, and their names. */
const ROOTS = {
  national: { name: "Shop", path: "/deals/shop" },
  travel: { name: "Escapes", path: "/deals/escapes" },
  gifts: { name: "Gifts", path: "/gifts" },
} as const;

export function dealBreadcrumbs(deal: CrumbDeal): Crumb[] {
  const home: Crumb = { name: "Home", path: "/" };
  const last: Crumb = { name: deal.headline, path: deal.urlPath };
  const { category, subCategory, location } = deal;
  if (category.canonicalPathType === "local") {
    if (!location) return [home, last];
    const base = `/deals/${location.shortName}`;
    return [
      home,
      { name: location.name, path: base },
      { name: category.name, path: `${base}/${category.shortName}` },
      { name: subCategory.name, path: `${base}/${category.shortName}/${subCategory.shortName}` },
      last,
    ];
  }
  const root = ROOTS[category.canonicalPathType];
  // Gift listings are reached through the gifts page and its finder, not by subcategory path.
  if (category.canonicalPathType === "gifts") return [home, root, last];
  return [home, root, { name: subCategory.name, path: `${root.path}/${subCategory.shortName}` }, last];
}
