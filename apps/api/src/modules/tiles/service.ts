/**
 * Tiles (services.md §7.1): picture links to the categories one level below the page's
 * navigation. The navigation's first segment is a location (its local categories, then the
 * shop, escapes and gifts) or one of shop, escapes, travel and gifts; the rest are category
 * short names down the tree. An unknown category answers 404, as listings do.
 */
import type { Db } from "@deals/db";
import type { CanonicalPathType } from "@deals/db/schema/catalogue";
import { pathSegments } from "@deals/domain/page-type";
import { notFound } from "../../errors.ts";
import {
  listNavigationCategories,
  type NavigationCategoryRow as TileCategoryRow,
} from "../navigation/queries.ts";
import type { Tile, TilesQuery } from "./schemas.ts";

/** First navigation segments that name a part of the catalogue rather than a location. */
const ROOTS: Record<string, string> = { shop: "shop", escapes: "escapes", travel: "escapes", gifts: "gifts" };

/** Where each top-level category's listing lives on the storefront. */
function rootPath(row: TileCategoryRow, location: string | undefined): string | null {
  const paths: Record<CanonicalPathType, string | null> = {
    local: location === undefined ? null : `/deals/${location}/${row.shortName}`,
    national: "/deals/shop",
    travel: "/deals/escapes",
    gifts: "/gifts",
  };
  return paths[row.canonicalPathType];
}

function categoryNotFound() {
  return notFound("CATEGORY_NOT_FOUND", "There is no category with this short name on this site.");
}

export async function getTiles(db: Db, query: TilesQuery): Promise<Tile[]> {
  const rows = await listNavigationCategories(db, query.country, 3);
  const [first, ...names] = pathSegments(query.navigation).slice(0, 3);
  const root = first === undefined ? undefined : ROOTS[first];
  // The chain of categories the navigation names, each a child of the one before.
  const chain: TileCategoryRow[] = [];
  for (const name of root === undefined ? names : [root, ...names]) {
    const parentId = chain.at(-1)?.id ?? null;
    const row = rows.find(
      (r) =>
        r.parentId === parentId &&
        r.shortName === name &&
        // Under a location only local categories; a root segment names its own branch.
        (chain.length > 0 || root !== undefined || r.canonicalPathType === "local"),
    );
    if (!row) throw categoryNotFound();
    chain.push(row);
  }
  const location = root === undefined ? (first ?? query.location) : query.location;
  const selected = new Set(pathSegments(query.subNavigation));
  const parent = chain.at(-1);
  const base = parent ? rootPath(chain[0]!, location) : null;
  const children = rows.filter((row) => row.parentId === (parent?.id ?? null));
  const tiles: Tile[] = [];
  for (const row of children) {
    const url = parent
      ? base &&
        `${base}/${chain
          .slice(1)
          .map((r) => `${r.shortName}/`)
          .join("")}${row.shortName}`
      : rootPath(row, location);
    if (!url) continue;
    tiles.push({
      id: row.id,
      title: row.linkText,
      url,
      image: { id: `${row.shortName}-${row.id}-1`, url: `/images/${row.shortName}-${row.id}-1.svg` },
      selected: selected.has(row.shortName),
    });
  }
  return tiles;
}
