/**
 * The listing path as the API takes it (services.md §7.7 "Listing path shape"):
 * {location, national-deal, near-me or travel}/{special?}/{category}/{subcategory}/
 * {subsubcategory}/{dealId}. The first segment may also name a collection (vip,
 * wellness-collection, early-bird) or gifts; after a location (or near-me) may come a
 * special page (special/{slug}) or the gift finder (gift-finder[/gifts-for-{recipient}]);
 * a numeric last segment is the deal a deal page lists around.
 */
import { parseCatalogueId } from "@deals/domain/deal-id";
import { GIFT_RECIPIENTS } from "@deals/domain/gift-finder";
import { notFound } from "../../errors.ts";
import {
  type Collection,
  EARLY_BIRD_COLLECTION,
  SPECIAL_PAGES,
  VIP_COLLECTION,
  WELLNESS_COLLECTION,
} from "./collections.ts";

/** First segments that name a part of the catalogue rather than a location (product.md §2). */
export const BRANCHES = {
  "national-deal": { rootShortName: "shop", storefrontPath: "/deals/shop" },
  travel: { rootShortName: "escapes", storefrontPath: "/deals/escapes" },
  gifts: { rootShortName: "gifts", storefrontPath: "/gifts" },
} as const;
export type BranchSegment = keyof typeof BRANCHES;

export const NEAR_ME = "near-me";

const COLLECTIONS: Record<string, { collection: Collection; storefrontPath: string }> = {
  vip: { collection: VIP_COLLECTION, storefrontPath: "/deals/vip" },
  "wellness-collection": { collection: WELLNESS_COLLECTION, storefrontPath: "/deals/wellness-collection" },
  "early-bird": { collection: EARLY_BIRD_COLLECTION, storefrontPath: "/early-bird" },
};

export type ListingBase =
  | { kind: "location"; shortName: string }
  | { kind: "branch"; segment: BranchSegment }
  | { kind: "nearMe" }
  | { kind: "collection"; collection: Collection; storefrontPath: string };

export type ListingFeature =
  | { kind: "special"; collection: Collection }
  | { kind: "giftFinder"; recipientTag: string | null };

export interface ListingPath {
  base: ListingBase;
  feature: ListingFeature | null;
  /** Category short names, top level first (below the branch's own root for a branch). */
  categories: string[];
  dealId: number | null;
}

const MAX_CATEGORY_DEPTH = 3;

export function pageNotFound() {
  return notFound("PAGE_NOT_FOUND", "There is no such page on this site.");
}

export function categoryNotFound() {
  return notFound("CATEGORY_NOT_FOUND", "There is no such category on this site.");
}

function baseFor(first: string): ListingBase {
  if (first in BRANCHES) return { kind: "branch", segment: first as BranchSegment };
  if (first === NEAR_ME) return { kind: "nearMe" };
  const collection = COLLECTIONS[first];
  if (collection) return { kind: "collection", ...collection };
  return { kind: "location", shortName: first };
}

/** Reads the segments after /deals; throws the 404 the path deserves when it names nothing. */
export function parseListingPath(segments: readonly string[]): ListingPath {
  const [first = "", ...rest] = segments;
  const base = baseFor(first);
  const dealId = rest.length > 0 ? parseCatalogueId(rest.at(-1)) : null;
  if (dealId !== null) rest.pop();

  let feature: ListingFeature | null = null;
  if ((base.kind === "location" || base.kind === "nearMe") && rest[0] === "special") {
    const collection = SPECIAL_PAGES.find((page) => page.slug === rest[1]);
    if (!collection) throw pageNotFound();
    feature = { kind: "special", collection };
    rest.splice(0, 2);
  } else if ((base.kind === "location" || base.kind === "nearMe") && rest[0] === "gift-finder") {
    rest.shift();
    let recipientTag: string | null = null;
    if (rest[0]?.startsWith("gifts-for-")) {
      recipientTag = GIFT_RECIPIENTS.find((recipient) => recipient.searchTag === rest[0])?.searchTag ?? null;
      if (!recipientTag) throw pageNotFound();
      rest.shift();
    }
    feature = { kind: "giftFinder", recipientTag };
  }
  if (rest.length > MAX_CATEGORY_DEPTH) throw categoryNotFound();
  return { base, feature, categories: rest, dealId };
}
