/**
 * A deal row as the API shows it in lists (contracts "DealSummary"), and the deal's URLs:
 * /deal/{category}/{sub}/{subsub or sub}/{dealId}/{blurb}, and for a deal that never
 * closes the evergreen URL with e in place of the id (product.md §2 "Deal URLs").
 */
import type { Brand } from "@deals/domain/brand";
import { fullPrice } from "@deals/domain/price-display";
import type { DealSummaryRow } from "./queries.ts";
import type { DealSummary } from "./schemas.ts";

/** The brand's public site, which canonical URLs and sitemaps name. */
export function storefrontOrigin(brand: Brand): string {
  return `https://${brand.hosts[0]}`;
}

/** What a deal's URL is made of. */
export interface UrlParts {
  id: number;
  slug: string;
  category: { shortName: string };
  subCategory: { shortName: string };
  subsubShortName: string | null;
}

function categoryPath(row: UrlParts): string {
  const subsub = row.subsubShortName ?? row.subCategory.shortName;
  return `/deal/${row.category.shortName}/${row.subCategory.shortName}/${subsub}`;
}

export function dealUrlPath(row: UrlParts): string {
  return `${categoryPath(row)}/${row.id}/${row.slug}`;
}

/** Only a deal without a closing date has an evergreen URL. */
export function evergreenPath(row: UrlParts & { closingDate: Date | null }): string | null {
  return row.closingDate === null ? `${categoryPath(row)}/e/${row.slug}` : null;
}

export function toDealImage(image: DealSummaryRow["images"][number]) {
  // Named one by one: a stored image's own keys never override its address, and no property
  // follows a spread (V8's slow path, docs/scaling.md).
  return {
    id: image.id,
    extension: image.extension,
    alt: image.alt,
    url: `/images/${image.id}.${image.extension}`,
  };
}

export function toDealSummary(row: DealSummaryRow): DealSummary {
  const [image] = row.images;
  return {
    id: row.id,
    urlPath: dealUrlPath(row),
    headline: row.headline,
    title: row.title,
    currency: row.currency,
    price: row.priceMinor,
    originalPrice: row.originalPriceMinor,
    vipPrice: row.vipPriceMinor,
    discountPercentage: row.discountPercent,
    adminFee: row.leadAdminFeeMinor,
    minPostagePrice: row.minPostagePriceMinor,
    fullPrice: fullPrice({
      price: row.priceMinor,
      adminFee: row.leadAdminFeeMinor,
      postagePrice: row.minPostagePriceMinor,
    }),
    priceText: row.priceText,
    pricePerPerson: row.pricePerPerson,
    closingDate: row.closingDate?.toISOString() ?? null,
    soldOut: row.soldOut,
    lastChance: row.lastChance,
    scope: row.scope,
    dealType: row.dealType,
    image: image ? toDealImage(image) : null,
    category: row.category,
    subCategory: row.subCategory,
    business: row.business,
    location: row.location,
    reviewSummary: { average: row.reviewAverage, total: row.reviewTotal },
    totalBought: row.totalBought,
    display: row.display,
    vipExclusive: row.vipExclusive,
    lowestPriceLast30Days: row.lowestPriceLast30DaysMinor,
  };
}
