/**
 * A deal summary as the API lists it (product.md §3 "Deal list response"), for storefront
 * tests: a national product on sale, with a was price and a lowest price of the last 30 days.
 */
import type { DealSummary } from "../../apps/web/app/lib/api-types.ts";

export function dealSummary(overrides: Partial<DealSummary> = {}): DealSummary {
  return {
    id: 100_004,
    urlPath: "/deal/shop/fashion/womens-fashion/100004/womens-quilted-puffer-jacket",
    headline: "Women's Quilted Puffer Jacket",
    title: "From £29 for a women's quilted puffer jacket – save 42%",
    currency: "GBP",
    price: 2900,
    originalPrice: 5000,
    vipPrice: null,
    discountPercentage: 42,
    adminFee: 0,
    minPostagePrice: 0,
    fullPrice: 2900,
    priceText: null,
    pricePerPerson: false,
    closingDate: null,
    soldOut: false,
    lastChance: false,
    scope: "national",
    dealType: "product",
    image: null,
    category: { id: 2000, name: "Shop", shortName: "shop", canonicalPathType: "national" },
    subCategory: { id: 2020, name: "Fashion", shortName: "fashion" },
    business: { name: "Northern Threads Ltd", displayName: "Northern Threads" },
    location: null,
    reviewSummary: { average: null, total: 0 },
    totalBought: 12,
    display: {
      discount: true,
      showPrice: true,
      discountAmount: false,
      earlyBird: false,
      dynamicTravelDeal: false,
      clickAndCollectDeal: false,
      vipDiscountAllowed: false,
    },
    vipExclusive: false,
    lowestPriceLast30Days: 2700,
    ...overrides,
  };
}
