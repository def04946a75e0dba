/**
 * One seed deal with its products and their price history. Everything a listing sorts or
 * shows is computed here, at write time: lead prices from the cheapest product, discount
 * percentages, totals bought and the search text.
 */
import type { Brand } from "@deals/domain/brand";
import {
  DEAL_TIME_ZONE,
  LOW_TOTAL_ONLY_SUBCATEGORY_IDS,
  MAX_DISCOUNT_PERCENT,
} from "@deals/domain/constants";
import { lowestRecentPrice } from "@deals/domain/lowest-price";
import { discountPercent, formatMoney } from "@deals/domain/money";
import type {
  DealDisplay,
  DealImage,
  dealProducts,
  deals,
  ProductGrid,
  productPriceHistory,
} from "../schema/catalogue.ts";
import { type CategoryNode, type CategoryRoot, INTERNATIONAL_TRAVEL_CATEGORY_ID } from "./categories.ts";
import type { MerchantRow } from "./merchants.ts";
import { type OfferGrid, type ProductOption, variants } from "./options.ts";
import type { Destination, Town } from "./places.ts";
import { depositPrice, discountedPrice, shopPrice, vipPrice } from "./pricing.ts";
import type { Random } from "./random.ts";
import { type Branch, capitalise, description, fill, finePrint, fixArticles, slugify } from "./text.ts";

export type DealRow = typeof deals.$inferInsert & {
  id: number;
  merchantId: number;
  publishedAt: Date;
  totalBought: number;
};
export type ProductRow = typeof dealProducts.$inferInsert & { id: number; priceMinor: number };
export type PriceHistoryRow = typeof productPriceHistory.$inferInsert;

export interface DealInput {
  id: number;
  firstProductId: number;
  brand: Brand;
  branch: Branch;
  root: CategoryRoot;
  sub: CategoryNode;
  subsub: CategoryNode | null;
  merchant: MerchantRow;
  /** Local deals: the town and its location row for this brand. */
  town: Town | null;
  locationId: number | null;
  destination: Destination | null;
  now: Date;
  random: Random;
  /**
   * Draws for product grids only: grids take nothing from `random`, so every deal but the
   * grid deals' extra products comes out as it would without them.
   */
  gridRandom: Random;
  /**
   * The headlines and titles other deals of the same listing already use (one set per
   * location, and one per brand for national and travel deals): each deal's are its own.
   */
  taken: { headlines: Set<string>; titles: Set<string> };
}

export interface BuiltDeal {
  deal: DealRow;
  products: ProductRow[];
  priceHistory: PriceHistoryRow[];
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
const ADMIN_FEES_MINOR = [99, 149, 199, 249, 299];
const POSTAGE_MINOR = [0, 199, 299, 349, 399, 499];
const GIFT_BOX_MINOR = 499;
const EURO_PRICE_FACTOR = 1.15;
const ADMIN_FEE_SHARE: Record<Branch, number> = { local: 0.3, shop: 0.1, travel: 0.2, gifts: 1 };
/** Most deals take 40 to 60 % off; some less, some up to the cap. */
const DISCOUNT_BANDS = [
  { range: [15, 39], weight: 2 },
  { range: [40, 60], weight: 5 },
  { range: [61, MAX_DISCOUNT_PERCENT.default], weight: 3 },
] as const;
/** How many products a deal has: 1 to 6, mostly 2 to 4. */
const PRODUCT_COUNT_WEIGHTS = [12, 25, 28, 18, 10, 7];
/** Breaks (not booked by calendar) with a choice of room: nights down the side, rooms across. */
const ROOM_GRID: OfferGrid = {
  rowHeader: "Nights",
  columnHeader: "Room",
  columns: variants(["Classic Double Room", "Superior Double Room", "Junior Suite"], 0.2),
};
/** Shares of deals that show their options as a grid, when their offer allows one. */
const GRID_SHARE = { sizes: 0.75, rooms: 0.35 };

export function buildDeal(input: DealInput): BuiltDeal {
  const { random, brand, branch, merchant } = input;
  const offers = input.subsub?.offers ?? input.sub.offers;
  if (!offers?.length) throw new Error(`category ${input.subsub?.id ?? input.sub.id} has no offers`);
  const offer = random.pick(offers);
  const travel = branch === "travel";
  const dealType =
    input.subsub?.dealType ?? input.sub.dealType ?? input.root.dealType ?? (travel ? "travel" : "voucher");
  const maxDiscount = travel ? MAX_DISCOUNT_PERCENT.travel : MAX_DISCOUNT_PERCENT.default;
  const money = (minor: number) => formatMoney(minor, brand.currency);
  const place = input.town?.name ?? input.destination?.name ?? "";
  const values = {
    subsub: input.subsub?.label ?? input.subsub?.name ?? input.sub.name,
    destination: input.destination?.name ?? "",
    symbol: brand.currency === "GBP" ? "£" : "€",
  };
  const offerHeadline = capitalise(fixArticles(fill(offer.headline, values)));

  const detail = fixArticles(fill(offer.detail, values));

  const count = Math.min(
    offer.options.length,
    random.weighted([1, 2, 3, 4, 5, 6], (n) => PRODUCT_COUNT_WEIGHTS[n - 1]!),
  );
  const baseMinor =
    random.int(offer.price[0], offer.price[1]) * 100 * (brand.currency === "EUR" ? EURO_PRICE_FACTOR : 1);
  // Each deal has a discount band; its products' discounts fall inside it.
  const [leastDiscount, mostDiscount] = travel
    ? [20, maxDiscount]
    : random.weighted(DISCOUNT_BANDS, (band) => band.weight).range;
  const deliveryType =
    dealType === "product" ? (branch === "shop" && random.chance(0.1) ? "collection" : "delivery") : "none";
  const deal = {
    vipExclusive: random.chance(0.04),
    adminFee: random.chance(ADMIN_FEE_SHARE[branch]) ? random.pick(ADMIN_FEES_MINOR) : 0,
    postage: deliveryType === "delivery" ? random.pick(POSTAGE_MINOR) : 0,
    deposits:
      (travel && random.chance(0.3)) || (branch === "local" && baseMinor >= 15_000 && random.chance(0.3)),
    calendar: travel && random.chance(0.3),
    soldOut: random.chance(0.05),
    demand: Math.floor(Math.exp(random.next() * 7.5)) - 1,
  };
  const hasVipPrices = deal.vipExclusive || random.chance(0.2);

  const options: ProductOption[] = offer.options.slice(0, count);
  const shareTotal = options.reduce((sum, _, i) => sum + 1 / (i + 1), 0);
  const rows = options.map((option, i): ProductRow => {
    const id = input.firstProductId + i;
    const originalPriceMinor = shopPrice(Math.round(baseMinor * option.factor), random);
    const wanted = random.int(leastDiscount, Math.min(mostDiscount, maxDiscount));
    const priceMinor = discountedPrice(originalPriceMinor, wanted, maxDiscount, random);
    const purchaseCap = random.pick(
      travel ? [1, 2, 2, 4] : dealType === "product" ? [1, 2, 3, 5, 10] : [1, 2, 3, 4, 5, 6, 10],
    );
    const dailyCap = random.chance(0.1) ? random.int(10, 200) : null;
    const demand = Math.round((deal.demand * (1 / (i + 1))) / shareTotal);
    let totalStock = random.chance(0.35) ? random.int(20, 3000) : null;
    let totalBought = totalStock === null ? demand : Math.min(demand, totalStock - 1);
    if (deal.soldOut) {
      totalStock = Math.max(demand, random.int(20, 500));
      totalBought = totalStock;
    }
    const checkIn = deal.calendar
      ? new Date(input.now.getTime() + random.int(14, 120) * DAY_MINUTES * MINUTE_MS)
      : null;
    return {
      id,
      dealId: input.id,
      sortOrder: i,
      friendlyName: fill(option.friendlyName, values),
      title: productTitle(
        branch,
        offerHeadline,
        fill(option.friendlyName, values),
        merchant.displayName,
        place,
      ),
      priceMinor,
      originalPriceMinor,
      vipPriceMinor: hasVipPrices ? vipPrice(priceMinor, random) : null,
      vipExclusive: deal.vipExclusive,
      adminFeeMinor: deal.adminFee,
      postagePriceMinor: deal.postage,
      depositPriceMinor: deal.deposits ? depositPrice(priceMinor) : null,
      purchaseCap,
      maxPerCustomer: random.chance(0.2) ? random.int(1, purchaseCap + 3) : null,
      dailyCap,
      weeklyCap: random.chance(0.08) ? (dailyCap ?? random.int(10, 100)) * random.int(3, 6) : null,
      totalStock,
      totalBought,
      // A gift must carry an admin fee (product.md §5 "Cart guards").
      giftProductId: deal.adminFee > 0 && !travel ? id : null,
      nights: option.nights ?? null,
      checkInDate: checkIn ? isoDate(checkIn) : null,
      checkOutDate:
        checkIn && option.nights
          ? isoDate(new Date(checkIn.getTime() + option.nights * DAY_MINUTES * MINUTE_MS))
          : null,
    };
  });
  const titleOf = (friendlyName: string) =>
    productTitle(branch, offerHeadline, friendlyName, merchant.displayName, place);
  const gridShape = offer.grid
    ? { grid: offer.grid, share: GRID_SHARE.sizes }
    : travel && !deal.calendar && options.every((option) => option.nights)
      ? { grid: ROOM_GRID, share: GRID_SHARE.rooms }
      : null;
  const gridded =
    gridShape && rows.length >= 2 && input.gridRandom.chance(gridShape.share)
      ? buildGrid(rows, options, gridShape.grid, { ...input, maxDiscount, titleOf })
      : null;
  const products = gridded?.products ?? rows;
  addGiftPack(products, branch, dealType, brand.currency === "EUR", random);
  markBestSeller(products);

  const lead = products.reduce((cheapest, p) => (p.priceMinor < cheapest.priceMinor ? p : cheapest));
  const leadDiscount = discountPercent(lead.originalPriceMinor, lead.priceMinor);
  const perPerson = travel ? "pp" : "";
  const priceWords =
    products.length > 1
      ? `From ${money(lead.priceMinor)}${perPerson}`
      : `${money(lead.priceMinor)}${perPerson} instead of ${money(lead.originalPriceMinor)}${perPerson}`;
  const by = `${branch === "local" || travel ? "at" : "from"} ${merchant.displayName}`;
  const headline = distinct(input.taken.headlines, [
    offerHeadline,
    `${offerHeadline} ${by}`,
    ...(products.length > 1 ? [`${offerHeadline}: Choice of ${products.length} Options ${by}`] : []),
    `${offerHeadline} ${by}, ${priceWords}`,
  ]);
  const where = branch === "local" || travel ? ` at ${merchant.displayName}, ${place}` : "";
  const saving = ` – save ${leadDiscount}%`;
  const title = distinct(input.taken.titles, [
    `${priceWords} for ${detail}${where}${saving}`,
    `${priceWords} for ${detail}${where || ` from ${merchant.displayName}`}${saving}`,
    `${priceWords}: ${headline}${where}${saving}`,
  ]);
  const { closingDate, lastChance, enableBuyClosedDeal } = closing(input.now, random);
  const leadGen = branch === "local" && random.chance(0.01);
  const minPostagePriceMinor = Math.min(...products.map((p) => p.postagePriceMinor ?? 0));
  const imageCount = random.int(2, 5);
  const images: DealImage[] = Array.from({ length: imageCount }, (_, i) => ({
    id: `${input.root.shortName}-${input.id}-${i + 1}`,
    extension: "svg",
    alt: i === 0 ? headline : `${headline}: picture ${i + 1} of ${imageCount}`,
  }));
  const display: DealDisplay = {
    discount: true,
    showPrice: !leadGen,
    discountAmount: random.chance(0.3),
    earlyBird: random.chance(0.03),
    dynamicTravelDeal: input.sub.id === INTERNATIONAL_TRAVEL_CATEGORY_ID && random.chance(0.25),
    clickAndCollectDeal: deliveryType === "collection",
    vipDiscountAllowed: hasVipPrices,
  };
  const lowTotalOnly = (LOW_TOTAL_ONLY_SUBCATEGORY_IDS as readonly number[]).includes(input.sub.id);

  const row: DealRow = {
    id: input.id,
    brandId: brand.id,
    locationId: input.locationId,
    scope: branch === "local" ? "local" : "national",
    dealType,
    categoryId: input.root.id,
    subcategoryId: input.sub.id,
    subsubcategoryId: input.subsub?.id ?? null,
    merchantId: merchant.id,
    slug: slugify(headline),
    headline,
    title,
    description: description(branch, random, {
      detail,
      merchant: merchant.displayName,
      place,
      options: products.length,
    }),
    highlights: highlights(
      branch,
      detail,
      products,
      merchant.displayName,
      place,
      money(minPostagePriceMinor),
    ),
    finePrint: finePrint(branch, random),
    currency: brand.currency,
    priceMinor: lead.priceMinor,
    originalPriceMinor: lead.originalPriceMinor,
    vipPriceMinor: lead.vipPriceMinor ?? null,
    discountPercent: leadDiscount,
    vipDiscountPercent: lead.vipPriceMinor
      ? discountPercent(lead.originalPriceMinor, lead.vipPriceMinor)
      : null,
    minPostagePriceMinor,
    depositPriceMinor: lead.depositPriceMinor ?? null,
    priceText: leadGen ? "Request a quote" : null,
    pricePerPerson: travel,
    closingDate,
    publishedAt: publishedAt(input.now, closingDate, random),
    soldOut: deal.soldOut,
    lastChance,
    enableBuyClosedDeal,
    vipExclusive: deal.vipExclusive,
    highFraudRisk: random.chance(lowTotalOnly ? 0.2 : 0.03),
    leadGen,
    bookingCalendarOnRedemption: deal.calendar,
    deliveryType,
    productDisplay: deal.calendar ? "calendar" : !gridded && products.length >= 4 ? "dropdown" : "default",
    productGrid: gridded?.productGrid ?? null,
    nights: lead.nights ?? null,
    images,
    display,
    totalBought: products.reduce((sum, p) => sum + (p.totalBought ?? 0), 0),
    searchText: [
      headline,
      title,
      merchant.displayName,
      input.root.name,
      input.sub.name,
      input.subsub?.name,
      place,
    ]
      .filter(Boolean)
      .join(" "),
  };
  // A grid's first column keeps the rows' prices and draws; the other cells draw apart.
  const priceHistory = products.flatMap((product) =>
    pastPrices(product, input.now, gridded?.extra.has(product) ? input.gridRandom : random),
  );
  const lowest = lowestRecentPrice(
    lead.priceMinor,
    priceHistory.filter((entry) => entry.productId === lead.id),
    input.now,
  );
  row.lowestPriceLast30DaysMinor = lowest.lowestMinor;
  row.lowestPriceValidUntil = lowest.validUntil;
  return { deal: row, products, priceHistory };
}

/**
 * The products of a grid deal: each row product (a size, a number of nights) once in each
 * column (a colour, a room), dearer by the column's factor. The first column keeps the row
 * product's prices; the row's sales are shared out across its cells, and one or more cells
 * other than the lead are sold out.
 */
function buildGrid(
  rows: ProductRow[],
  options: ProductOption[],
  grid: OfferGrid,
  input: DealInput & { maxDiscount: number; titleOf: (friendlyName: string) => string },
): { products: ProductRow[]; productGrid: ProductGrid; extra: Set<ProductRow> } {
  const random = input.gridRandom;
  const columns = grid.columns;
  const products: ProductRow[] = [];
  const extra = new Set<ProductRow>();
  rows.forEach((row, i) => {
    const weights = columns.map(() => random.int(1, 4));
    const weightTotal = weights.reduce((sum, w) => sum + w, 0);
    const bought = row.totalBought ?? 0;
    const shares = weights.map((w) => Math.floor((bought * w) / weightTotal));
    shares[0]! += bought - shares.reduce((sum, n) => sum + n, 0);
    const rowSoldOut = row.totalStock !== null && row.totalStock === row.totalBought;
    columns.forEach((column, j) => {
      const sortOrder = i * columns.length + j;
      const id = input.firstProductId + sortOrder;
      const friendlyName = `${row.friendlyName}, ${column.friendlyName}`;
      const cell: ProductRow = {
        ...row,
        id,
        sortOrder,
        rowId: i + 1,
        columnId: j + 1,
        friendlyName,
        title: input.titleOf(friendlyName),
        totalBought: shares[j]!,
        totalStock:
          row.totalStock === null || row.totalStock === undefined
            ? null
            : rowSoldOut
              ? shares[j]!
              : Math.max(shares[j]! + 1, Math.round(row.totalStock / columns.length)),
        giftProductId: row.giftProductId === null ? null : id,
      };
      if (column.factor !== 1) {
        cell.originalPriceMinor = shopPrice(Math.round(row.originalPriceMinor * column.factor), random);
        const wanted = discountPercent(row.originalPriceMinor, row.priceMinor);
        cell.priceMinor = discountedPrice(cell.originalPriceMinor, wanted, input.maxDiscount, random);
        cell.vipPriceMinor = row.vipPriceMinor ? vipPrice(cell.priceMinor, random) : null;
        cell.depositPriceMinor = row.depositPriceMinor ? depositPrice(cell.priceMinor) : null;
      }
      if (j > 0) extra.add(cell);
      products.push(cell);
    });
  });
  // Sell out a few cells, never the lead (the cheapest, which the listing shows).
  const lead = products.reduce((cheapest, p) => (p.priceMinor < cheapest.priceMinor ? p : cheapest));
  const others = products.filter((p) => p !== lead);
  for (const cell of random.sample(others, random.int(1, Math.max(1, Math.floor(products.length / 5))))) {
    cell.totalStock = cell.totalBought;
  }
  const axis = (header: string, labels: string[]) => ({
    header,
    items: labels.map((label, i) => ({ id: i + 1, label })),
  });
  return {
    products,
    productGrid: {
      row: axis(
        grid.rowHeader,
        options.map((option) => option.label ?? option.friendlyName),
      ),
      column: axis(
        grid.columnHeader,
        columns.map((column) => column.friendlyName),
      ),
    },
    extra,
  };
}

/**
 * The first of the candidates no other deal of the listing uses, marked as used; when all
 * are used, the last one numbered.
 */
function distinct(taken: Set<string>, candidates: readonly string[]): string {
  let chosen = candidates.find((candidate) => !taken.has(candidate));
  for (let n = 2; chosen === undefined; n++) {
    const numbered = `${candidates.at(-1)} (${n})`;
    if (!taken.has(numbered)) chosen = numbered;
  }
  taken.add(chosen);
  return chosen;
}

function productTitle(
  branch: Branch,
  headline: string,
  friendlyName: string,
  merchant: string,
  place: string,
) {
  if (branch === "local" || branch === "travel") return `${friendlyName} at ${merchant}, ${place}`;
  return `${headline}: ${friendlyName}`;
}

/** Gift deals of posted goods offer the first product in a gift box as its gift-pack option. */
function addGiftPack(
  products: ProductRow[],
  branch: Branch,
  dealType: string,
  euro: boolean,
  random: Random,
) {
  const first = products[0]!;
  if (branch !== "gifts" || dealType !== "product" || products.length >= 6 || !random.chance(0.6)) return;
  const box = euro ? Math.round(GIFT_BOX_MINOR * EURO_PRICE_FACTOR) : GIFT_BOX_MINOR;
  const last = products[products.length - 1]!;
  const giftPack: ProductRow = {
    ...first,
    id: last.id + 1,
    sortOrder: products.length,
    friendlyName: `${first.friendlyName} in a Gift Box`,
    title: `${first.title} in a Gift Box`,
    priceMinor: first.priceMinor + box,
    originalPriceMinor: first.originalPriceMinor + box,
    vipPriceMinor: null,
    // Sells a third as many as the plain product, unless the deal is sold out.
    totalBought:
      first.totalBought === first.totalStock ? first.totalBought : Math.round((first.totalBought ?? 0) / 3),
    giftProductId: last.id + 1,
  };
  first.giftPackProductId = giftPack.id;
  products.push(giftPack);
}

function markBestSeller(products: ProductRow[]) {
  if (products.length < 2) return;
  const top = products.reduce((best, p) => ((p.totalBought ?? 0) > (best.totalBought ?? 0) ? p : best));
  if ((top.totalBought ?? 0) > 50) top.bestSeller = true;
}

function highlights(
  branch: Branch,
  detail: string,
  products: ProductRow[],
  merchant: string,
  place: string,
  minPostage: string,
): string[] {
  const choice = products.length > 1 ? [`Choose from ${products.length} options`] : [];
  switch (branch) {
    case "local":
      return [capitalise(detail), `At ${merchant}, ${place}`, ...choice, "Valid for 3 months"];
    case "travel": {
      const nights = products.map((p) => p.nights ?? 1);
      const least = Math.min(...nights);
      const most = Math.max(...nights);
      const stays = least === most ? `${least}-night stay` : `Stays of ${least} to ${most} nights`;
      return [capitalise(detail), stays, `At ${merchant}, ${place}`, "Price per person based on two sharing"];
    }
    default: {
      const delivery = products.every((p) => p.postagePriceMinor === 0)
        ? "Free delivery"
        : `Delivery from ${minPostage}`;
      return [capitalise(detail), delivery, ...choice, `Sold by ${merchant}`];
    }
  }
}

const londonClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: DEAL_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Minutes until midnight in the zone deals close in (constants DEAL_TIME_ZONE). */
function minutesLeftToday(now: Date): number {
  const parts = londonClock.formatToParts(now);
  const hour = Number(parts.find((p) => p.type === "hour")?.value);
  const minute = Number(parts.find((p) => p.type === "minute")?.value);
  return DAY_MINUTES - (hour * 60 + minute);
}

/**
 * Closing dates spread around now: about 10 % evergreen (null), 8 % closed in the last 10
 * days, 6 % closing later today (tomorrow when seeded in the day's last hour), the rest in 1
 * to 30 days. Last-chance and buy-after-closing deals are mostly the closed ones, where those
 * flags matter (product.md §4).
 */
function closing(now: Date, random: Random) {
  const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE_MS);
  const bucket = random.next();
  if (bucket < 0.1) return { closingDate: null, lastChance: false, enableBuyClosedDeal: false };
  if (bucket < 0.18) {
    return {
      closingDate: at(-random.int(60, 10 * DAY_MINUTES)),
      lastChance: random.chance(0.35),
      enableBuyClosedDeal: random.chance(0.4),
    };
  }
  if (bucket < 0.24) {
    // Seeded in the day's last hour, these close later tomorrow instead: a catalogue made at
    // 23:56 lost them four minutes later, and a run started then found its deals gone.
    const left = minutesLeftToday(now);
    const until = left > 60 ? left : left + DAY_MINUTES;
    return {
      closingDate: at(random.int(Math.min(30, until - 1), until - 1)),
      lastChance: random.chance(0.2),
      enableBuyClosedDeal: random.chance(0.05),
    };
  }
  return {
    closingDate: at(random.int(DAY_MINUTES, 30 * DAY_MINUTES)),
    lastChance: random.chance(0.02),
    enableBuyClosedDeal: random.chance(0.05),
  };
}

/** Published in the last 60 days, and always before the deal closed. */
function publishedAt(now: Date, closingDate: Date | null, random: Random): Date {
  const published = new Date(now.getTime() - random.int(60, 60 * DAY_MINUTES) * MINUTE_MS);
  if (closingDate && published >= closingDate) {
    return new Date(closingDate.getTime() - random.int(DAY_MINUTES, 30 * DAY_MINUTES) * MINUTE_MS);
  }
  return published;
}

/**
 * A few past prices per product: often a higher one 31 to 60 days ago, sometimes a higher
 * or lower one within the last 30 days (so the 30-day lowest is not always today's price),
 * then the current price.
 */
function pastPrices(product: ProductRow, now: Date, random: Random): PriceHistoryRow[] {
  const daysAgo = (min: number, max: number) =>
    new Date(now.getTime() - random.int(min * DAY_MINUTES, max * DAY_MINUTES) * MINUTE_MS);
  const price = product.priceMinor;
  const capped = (minor: number) => Math.min(product.originalPriceMinor, shopPrice(minor, random));
  const rows: PriceHistoryRow[] = [];
  if (random.chance(0.7)) {
    rows.push({
      productId: product.id,
      priceMinor: capped(price * (1.1 + random.next() * 0.3)),
      recordedAt: daysAgo(31, 60),
    });
  }
  if (random.chance(0.45)) {
    rows.push({
      productId: product.id,
      priceMinor: random.chance(0.4) ? shopPrice(price * 0.9, random) : capped(price * 1.15),
      recordedAt: daysAgo(3, 30),
    });
  }
  rows.push({ productId: product.id, priceMinor: price, recordedAt: daysAgo(0, 2) });
  return rows;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
