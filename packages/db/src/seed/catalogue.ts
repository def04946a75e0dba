/**
 * The deterministic seed catalogue as plain rows: the same (deals, seed, now) always gives
 * the same rows. Deals are split across brands (main-uk 45 %, sister-uk 25 %, main-ie 20 %,
 * sister-ie 10 %), local deals across towns weighted to the big cities, and about one
 * merchant serves three deals.
 */
import { BRAND_IDS, BRANDS, type Brand, type BrandId } from "@deals/domain/brand";
import type { brands, categories, locations } from "../schema/catalogue.ts";
import {
  CATEGORY_TREE,
  type CategoryNode,
  type CategoryRoot,
  INTERNATIONAL_TRAVEL_CATEGORY_ID,
} from "./categories.ts";
import { buildDeal, type DealRow, type PriceHistoryRow, type ProductRow } from "./deals.ts";
import { giftCardDeals } from "./gift-cards.ts";
import { createMerchant, type MerchantRow } from "./merchants.ts";
import { DESTINATIONS, type Destination, type Place, TOWNS, type Town } from "./places.ts";
import { Random } from "./random.ts";
import { averageRating, buildReviews, type ReviewRow } from "./reviews.ts";
import type { Branch } from "./text.ts";
import { generateTravelInventory, type TravelInventory } from "./travel.ts";

export type BrandRow = typeof brands.$inferInsert;
export type LocationRow = typeof locations.$inferInsert & { id: number };
export type CategoryRow = typeof categories.$inferInsert;

export interface Catalogue {
  brands: BrandRow[];
  locations: LocationRow[];
  categories: CategoryRow[];
  merchants: MerchantRow[];
  deals: DealRow[];
  products: ProductRow[];
  priceHistory: PriceHistoryRow[];
  reviews: ReviewRow[];
  travel: TravelInventory;
}

export interface CatalogueOptions {
  deals: number;
  seed: number;
  now: Date;
}

export const FIRST_DEAL_ID = 100_001;
export const FIRST_PRODUCT_ID = 500_001;

const BRAND_WEIGHTS: Record<BrandId, number> = {
  "main-uk": 45,
  "sister-uk": 25,
  "main-ie": 20,
  "sister-ie": 10,
};
const BRANCH_WEIGHTS: Record<Branch, number> = { local: 55, shop: 22, travel: 13, gifts: 10 };
const BRANCH_PATH_TYPE = { local: "local", shop: "national", travel: "travel", gifts: "gifts" } as const;
const LOCAL_ROOT_WEIGHTS: Record<string, number> = {
  "food-and-drink": 30,
  "beauty-and-spa": 30,
  "health-and-fitness": 12,
  activities: 14,
  entertainment: 8,
  services: 6,
};
/** Share of a merchant pool's next deal that goes to a merchant already in it. */
const MERCHANT_REUSE = 2 / 3;

export function generateCatalogue(options: CatalogueOptions): Catalogue {
  const { now } = options;
  const random = new Random(options.seed);
  // A second stream for product grids (deals.ts): other deals draw as they would without them.
  const gridRandom = new Random(options.seed + 0x5eed);
  // A third for wording (merchant names drawn again, review sentences), for the same reason.
  const wordRandom = new Random(options.seed + 0x7e47);
  const locationRows = locationsFor(BRAND_IDS);
  const catalogue: Catalogue = {
    brands: BRAND_IDS.map((id) => {
      const { key, name, countryCode, currency } = BRANDS[id];
      return { id, key, name, countryCode, currency };
    }),
    locations: locationRows.map((l) => l.row),
    categories: categoryRows(),
    merchants: [],
    deals: [],
    products: [],
    priceHistory: [],
    reviews: [],
    travel: { travelDeals: [], calendarDays: [], flights: [] },
  };

  const merchantPools = new Map<string, MerchantRow[]>();
  const merchantNames = new Map<string, Set<string>>();
  const listingWords = new Map<string, { headlines: Set<string>; titles: Set<string> }>();
  const ratingsByMerchant = new Map<number, number[]>();
  let nextProductId = FIRST_PRODUCT_ID;

  for (let i = 0; i < options.deals; i++) {
    const brand = BRANDS[random.weighted(BRAND_IDS, (id) => BRAND_WEIGHTS[id])];
    const branch = random.weighted(Object.keys(BRANCH_WEIGHTS) as Branch[], (b) => BRANCH_WEIGHTS[b]);
    const { root, sub, subsub } = pickCategory(branch, brand, random);

    let town: Town | null = null;
    let locationId: number | null = null;
    let destination: Destination | null = null;
    let place: Place;
    if (branch === "local") {
      const location = random.weighted(
        locationRows.filter((l) => l.row.brandId === brand.id),
        (l) => l.town.weight,
      );
      town = location.town;
      locationId = location.row.id;
      place = town;
    } else if (branch === "travel") {
      destination = pickDestination(sub, random);
      place = destination;
    } else {
      place = random.weighted(
        TOWNS.filter((t) => t.countryCode === brand.countryCode),
        (t) => t.weight,
      );
    }

    // Merchants are shared by deals of the same kind in the same place (a spa's massage and
    // facial deals); the shop's retailers sell nationally.
    const words = subsub?.merchants ?? sub.merchants ?? root.merchants;
    const where = branch === "shop" || branch === "gifts" ? brand.countryCode : place.name;
    const poolKey = `${where}|${words.join()}`;
    const pool = merchantPools.get(poolKey) ?? [];
    merchantPools.set(poolKey, pool);
    let merchant: MerchantRow;
    if (pool.length > 0 && random.chance(MERCHANT_REUSE)) {
      merchant = random.pick(pool);
    } else {
      const taken = merchantNames.get(brand.countryCode) ?? new Set<string>();
      merchantNames.set(brand.countryCode, taken);
      merchant = createMerchant(catalogue.merchants.length + 1, words, brand.countryCode, place, random, {
        taken,
        words: wordRandom,
      });
      catalogue.merchants.push(merchant);
      pool.push(merchant);
    }

    const listingKey = `${brand.id}|${locationId ?? "national"}`;
    const taken = listingWords.get(listingKey) ?? { headlines: new Set<string>(), titles: new Set<string>() };
    listingWords.set(listingKey, taken);
    const built = buildDeal({
      id: FIRST_DEAL_ID + i,
      firstProductId: nextProductId,
      brand,
      branch,
      root,
      sub,
      subsub,
      merchant,
      town,
      locationId,
      destination,
      now,
      random,
      gridRandom,
      taken,
    });
    nextProductId += built.products.length;

    const dealReviews = buildReviews(built.deal, merchant, now, random, wordRandom);
    const ratings = dealReviews.map((r) => r.rating);
    built.deal.reviewTotal = ratings.length;
    built.deal.reviewAverage = averageRating(ratings);
    built.deal.popularity = popularity(built.deal, now);
    ratingsByMerchant.set(merchant.id, [...(ratingsByMerchant.get(merchant.id) ?? []), ...ratings]);

    catalogue.deals.push(built.deal);
    catalogue.products.push(...built.products);
    catalogue.priceHistory.push(...built.priceHistory);
    catalogue.reviews.push(...dealReviews);
  }

  const giftCards = giftCardDeals(catalogue.deals, catalogue.products);
  catalogue.deals.push(...giftCards.deals);
  catalogue.products.push(...giftCards.products);

  for (const merchant of catalogue.merchants) {
    const ratings = ratingsByMerchant.get(merchant.id) ?? [];
    merchant.reviewTotal = ratings.length;
    merchant.reviewAverage = averageRating(ratings);
  }
  catalogue.travel = generateTravelInventory(catalogue.deals, catalogue.products, options);
  return catalogue;
}

/** One location row per town per brand of the town's country, in picker order. */
function locationsFor(brandIds: readonly BrandId[]): { row: LocationRow; town: Town }[] {
  const rows: { row: LocationRow; town: Town }[] = [];
  for (const brandId of brandIds) {
    const towns = TOWNS.filter((t) => t.countryCode === BRANDS[brandId].countryCode);
    towns.forEach((town, sortOrder) => {
      rows.push({
        town,
        row: {
          id: rows.length + 1,
          brandId,
          shortName: town.shortName,
          name: town.name,
          countryCode: town.countryCode,
          lat: town.lat,
          lon: town.lon,
          sortOrder,
        },
      });
    });
  }
  return rows;
}

function categoryRows(): CategoryRow[] {
  const rows: CategoryRow[] = [];
  const visit = (
    node: CategoryNode,
    root: CategoryRoot,
    parentId: number | null,
    level: number,
    sortOrder: number,
  ) => {
    rows.push({
      id: node.id,
      parentId,
      level,
      shortName: node.shortName,
      name: node.name,
      linkText: node.name,
      canonicalPathType: root.canonicalPathType,
      countryCode: node.countryCode ?? null,
      sortOrder,
    });
    node.children?.forEach((child, i) => {
      visit(child, root, node.id, level + 1, i);
    });
  };
  CATEGORY_TREE.forEach((root, i) => {
    visit(root, root, null, 1, i);
  });
  return rows;
}

function pickCategory(branch: Branch, brand: Brand, random: Random) {
  const roots = CATEGORY_TREE.filter((r) => r.canonicalPathType === BRANCH_PATH_TYPE[branch]);
  const root = random.weighted(roots, (r) => LOCAL_ROOT_WEIGHTS[r.shortName] ?? 1);
  const available = (node: CategoryNode) => !node.countryCode || node.countryCode === brand.countryCode;
  const subs = (root.children ?? []).filter(available);
  // Travel: the home country's breaks outsell international holidays.
  const sub = random.weighted(subs, (s) =>
    branch === "travel" && s.id !== INTERNATIONAL_TRAVEL_CATEGORY_ID ? 3 : 2,
  );
  const subsub = sub.children?.length ? random.pick(sub.children) : null;
  return { root, sub, subsub };
}

function pickDestination(travelSub: CategoryNode, random: Random): Destination {
  const region =
    travelSub.id === INTERNATIONAL_TRAVEL_CATEGORY_ID
      ? "international"
      : travelSub.countryCode === "ie"
        ? "ireland"
        : "uk";
  return random.pick(DESTINATIONS.filter((d) => d.region === region));
}

/**
 * The "Popularity" sort key: units sold, plus weight for reviews and for being new in the
 * last fortnight. Computed at write time so listings sort on an index.
 */
function popularity(deal: DealRow, now: Date): number {
  const ageDays = (now.getTime() - deal.publishedAt.getTime()) / 86_400_000;
  return (
    deal.totalBought +
    15 * (deal.reviewTotal ?? 0) +
    Math.round(10 * (deal.reviewAverage ?? 0)) +
    Math.max(0, Math.round(20 * (14 - ageDays)))
  );
}
