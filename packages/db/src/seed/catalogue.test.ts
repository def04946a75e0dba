import { BRAND_IDS, BRANDS } from "@deals/domain/brand";
import {
  CLEARPAY_BLOCKED_SUBCATEGORY_IDS,
  KLARNA_BLOCKED_SUBCATEGORY_IDS,
  LOW_TOTAL_ONLY_SUBCATEGORY_IDS,
  MAX_DISCOUNT_PERCENT,
} from "@deals/domain/constants";
import { lowestRecentPrice } from "@deals/domain/lowest-price";
import { discountPercent } from "@deals/domain/money";
import { describe, expect, it } from "vitest";
import { generateCatalogue } from "./catalogue.ts";
import {
  CATEGORY_TREE,
  type CategoryNode,
  INTERNATIONAL_TRAVEL_CATEGORY_ID,
  UK_TRAVEL_CATEGORY_ID,
} from "./categories.ts";

const NOW = new Date("2026-06-15T10:00:00Z");
const catalogue = generateCatalogue({ deals: 3000, seed: 7, now: NOW });
const share = (predicate: (deal: (typeof catalogue.deals)[number]) => boolean | undefined) =>
  catalogue.deals.filter((deal) => predicate(deal) === true).length / catalogue.deals.length;

describe("generateCatalogue", () => {
  it("gives the same rows for the same seed and now, and different rows for another seed", () => {
    expect(generateCatalogue({ deals: 200, seed: 7, now: NOW })).toEqual(
      generateCatalogue({ deals: 200, seed: 7, now: NOW }),
    );
    const other = generateCatalogue({ deals: 200, seed: 8, now: NOW });
    expect(other.deals.map((d) => d.headline)).not.toEqual(
      generateCatalogue({ deals: 200, seed: 7, now: NOW }).deals.map((d) => d.headline),
    );
  });

  it("gives each deal of a listing its own headline and title", () => {
    const seen = new Set<string>();
    for (const deal of catalogue.deals) {
      const listing = `${deal.brandId}|${deal.locationId ?? "national"}`;
      for (const text of [`headline|${deal.headline}`, `title|${deal.title}`]) {
        expect(seen.has(`${listing}|${text}`), `${listing} ${text}`).toBe(false);
        seen.add(`${listing}|${text}`);
      }
    }
  });

  it("names no two merchants of a country alike", () => {
    const byCountry = new Map<string, string[]>();
    for (const merchant of catalogue.merchants) {
      const country = merchant.vatNumber?.slice(0, 2) ?? "";
      byCountry.set(country, [...(byCountry.get(country) ?? []), merchant.displayName.replace(/^The /, "")]);
    }
    for (const names of byCountry.values()) expect(new Set(names).size).toBe(names.length);
  });

  it("writes reviews that vary in wording and length", () => {
    const bodies = catalogue.reviews.map((review) => review.body);
    expect(new Set(bodies).size).toBeGreaterThan(bodies.length / 4);
    expect(new Set(catalogue.reviews.map((review) => review.title)).size).toBeGreaterThanOrEqual(20);
    const sentences = bodies.map((body) => body.split(/(?<=[.!?]) /).length);
    for (const n of [1, 2, 3, 4]) expect(sentences.filter((count) => count === n).length).toBeGreaterThan(0);
    // A posted product is never reviewed as a visit to a place.
    const products = new Set(catalogue.deals.filter((d) => d.dealType === "product").map((d) => d.id));
    for (const review of catalogue.reviews.filter((r) => products.has(r.dealId))) {
      expect(review.body).not.toMatch(/booking|staff|room/i);
    }
  });

  it("spreads dates around now, so another now moves them", () => {
    const later = new Date(NOW.getTime() + 86_400_000);
    const a = generateCatalogue({ deals: 50, seed: 7, now: NOW });
    const b = generateCatalogue({ deals: 50, seed: 7, now: later });
    expect(b.deals.map((d) => d.headline)).toEqual(a.deals.map((d) => d.headline));
    expect(b.deals[0]!.publishedAt.getTime() - a.deals[0]!.publishedAt.getTime()).toBe(86_400_000);
  });

  it("splits deals across the brands roughly 45/25/20/10", () => {
    const expected = { "main-uk": 0.45, "sister-uk": 0.25, "main-ie": 0.2, "sister-ie": 0.1 };
    for (const id of BRAND_IDS) expect(share((d) => d.brandId === id)).toBeCloseTo(expected[id], 1);
  });

  it("gives every deal 1 to 6 products, or a grid of them, and lead prices from the cheapest", () => {
    for (const deal of catalogue.deals) {
      const products = catalogue.products.filter((p) => p.dealId === deal.id);
      const cells = deal.productGrid
        ? deal.productGrid.row.items.length * deal.productGrid.column.items.length
        : null;
      expect(products.length).toBeGreaterThanOrEqual(1);
      expect(products.length).toBeLessThanOrEqual(cells ?? 6);
      const cheapest = Math.min(...products.map((p) => p.priceMinor));
      expect(deal.priceMinor).toBe(cheapest);
      expect(deal.discountPercent).toBe(discountPercent(deal.originalPriceMinor, deal.priceMinor));
    }
  });

  it("keeps discounts within 80 % and travel within 50 %", () => {
    for (const product of catalogue.products) {
      const deal = catalogue.deals.find((d) => d.id === product.dealId)!;
      const max = deal.dealType === "travel" ? MAX_DISCOUNT_PERCENT.travel : MAX_DISCOUNT_PERCENT.default;
      expect(product.priceMinor).toBeGreaterThan(0);
      // A gift card sells at face value.
      if (deal.giftCard) expect(product.priceMinor).toBe(product.originalPriceMinor);
      else expect(product.priceMinor).toBeLessThan(product.originalPriceMinor);
      expect(discountPercent(product.originalPriceMinor, product.priceMinor)).toBeLessThanOrEqual(max);
      if (product.vipPriceMinor !== null) expect(product.vipPriceMinor).toBeLessThan(product.priceMinor);
    }
  });

  it("sells a gift card on every brand, in its currency", () => {
    const cards = catalogue.deals.filter((d) => d.giftCard);
    expect(cards.map((d) => [d.brandId, d.currency])).toEqual([
      ["main-uk", "GBP"],
      ["main-ie", "EUR"],
      ["sister-uk", "GBP"],
      ["sister-ie", "EUR"],
    ]);
  });

  it("closes nothing between a late evening's seeding and midnight", () => {
    // 23:56 in London: deals closing "later today" would close four minutes later.
    const late = new Date("2026-11-26T23:56:00Z");
    const midnight = new Date("2026-11-27T00:00:00Z").getTime();
    const closing = generateCatalogue({ deals: 600, seed: 1, now: late })
      .deals.map((d) => d.closingDate?.getTime())
      .filter((at): at is number => at !== undefined && at > late.getTime());
    expect(closing.length).toBeGreaterThan(400);
    expect(closing.filter((at) => at < midnight)).toEqual([]);
    // Earlier in the day some still close before midnight, as "later today" promises.
    const noon = new Date("2026-11-26T12:00:00Z");
    const today = generateCatalogue({ deals: 600, seed: 1, now: noon }).deals.filter(
      (d) => d.closingDate && d.closingDate > noon && d.closingDate.getTime() < midnight,
    );
    expect(today.length).toBeGreaterThan(10);
  });

  it("has the promised mix of closing dates and flags", () => {
    expect(share((d) => !d.closingDate)).toBeCloseTo(0.1, 1);
    expect(share((d) => !!d.closingDate && d.closingDate < NOW)).toBeGreaterThan(0.03);
    expect(share((d) => !!d.closingDate && d.closingDate > NOW)).toBeGreaterThan(0.7);
    expect(share((d) => d.soldOut)).toBeCloseTo(0.05, 1);
    expect(share((d) => d.vipExclusive)).toBeCloseTo(0.04, 1);
    expect(share((d) => d.lastChance)).toBeCloseTo(0.05, 1);
    for (const flag of ["enableBuyClosedDeal", "highFraudRisk", "bookingCalendarOnRedemption"] as const) {
      expect(share((d) => d[flag] === true)).toBeGreaterThan(0);
    }
    expect(share((d) => d.depositPriceMinor !== null)).toBeGreaterThan(0);
    expect(share((d) => d.vipPriceMinor !== null)).toBeGreaterThan(0.1);
  });

  it("marks sold-out deals by selling all their stock", () => {
    for (const deal of catalogue.deals.filter((d) => d.soldOut)) {
      for (const product of catalogue.products.filter((p) => p.dealId === deal.id)) {
        expect(product.totalBought).toBe(product.totalStock);
      }
    }
  });

  it("gives local deals a location of their brand and keeps shop and travel national", () => {
    const locationBrand = new Map(catalogue.locations.map((l) => [l.id, l.brandId]));
    for (const deal of catalogue.deals) {
      if (deal.scope === "local") expect(locationBrand.get(deal.locationId!)).toBe(deal.brandId);
      else expect(deal.locationId).toBeNull();
    }
    const travel = catalogue.deals.filter((d) => d.dealType === "travel");
    expect(travel.length).toBeGreaterThan(0);
    for (const deal of travel) {
      expect(deal.pricePerPerson).toBe(true);
      expect(deal.nights).toBeGreaterThanOrEqual(1);
      expect(deal.nights).toBeLessThanOrEqual(7);
    }
  });

  it("keeps the country-only travel categories on their own country's sites", () => {
    for (const deal of catalogue.deals.filter((d) => d.dealType === "travel")) {
      const country = BRANDS[deal.brandId as keyof typeof BRANDS].countryCode;
      if (deal.subcategoryId === UK_TRAVEL_CATEGORY_ID) expect(country).toBe("gb");
      if (
        deal.subcategoryId !== UK_TRAVEL_CATEGORY_ID &&
        deal.subcategoryId !== INTERNATIONAL_TRAVEL_CATEGORY_ID
      ) {
        expect(country).toBe("ie");
      }
    }
  });

  it("charges postage only on posted goods and offers gifts only with an admin fee", () => {
    for (const product of catalogue.products) {
      const deal = catalogue.deals.find((d) => d.id === product.dealId)!;
      if (deal.deliveryType !== "delivery") expect(product.postagePriceMinor).toBe(0);
      if (product.giftProductId !== null) expect(product.adminFeeMinor).toBeGreaterThan(0);
      if (product.giftPackProductId) {
        expect(
          catalogue.products.some((p) => p.id === product.giftPackProductId && p.dealId === deal.id),
        ).toBe(true);
      }
    }
    expect(catalogue.products.some((p) => p.giftPackProductId)).toBe(true);
    expect(catalogue.products.some((p) => (p.adminFeeMinor ?? 0) > 0)).toBe(true);
    expect(catalogue.products.some((p) => p.dailyCap !== null && p.weeklyCap !== null)).toBe(true);
    expect(catalogue.products.some((p) => p.maxPerCustomer !== null)).toBe(true);
  });

  it("has about one merchant per three deals, each with an address and VAT number", () => {
    expect(catalogue.merchants.length).toBeGreaterThan(catalogue.deals.length / 4);
    expect(catalogue.merchants.length).toBeLessThan(catalogue.deals.length / 2);
    for (const merchant of catalogue.merchants) {
      expect(merchant.vatNumber).toMatch(/^(GB\d{9}|IE\d{7}[A-Z])$/);
      expect(merchant.mainAddress?.postCode).toBeTruthy();
    }
  });

  it("writes review averages back to deals and merchants", () => {
    const reviewed = catalogue.deals.filter((d) => (d.reviewTotal ?? 0) > 0);
    expect(reviewed.length / catalogue.deals.length).toBeCloseTo(0.35, 1);
    for (const deal of reviewed.slice(0, 100)) {
      const ratings = catalogue.reviews.filter((r) => r.dealId === deal.id).map((r) => r.rating);
      expect(ratings.length).toBe(deal.reviewTotal);
      expect(deal.reviewAverage).toBeCloseTo(ratings.reduce((a, b) => a + b, 0) / ratings.length, 2);
    }
    const merchantTotal = catalogue.merchants.reduce((sum, m) => sum + (m.reviewTotal ?? 0), 0);
    expect(merchantTotal).toBe(catalogue.reviews.length);
  });

  it("shows some shop and escapes deals' options as a grid with a product in every cell", () => {
    const grids = catalogue.deals.filter((d) => d.productGrid);
    expect(grids.length / catalogue.deals.length).toBeGreaterThan(0.02);
    expect(new Set(grids.map((d) => d.productGrid!.column.header))).toEqual(new Set(["Colour", "Room"]));
    let soldOutCells = 0;
    for (const deal of grids) {
      const { row, column } = deal.productGrid!;
      expect(deal.productDisplay).toBe("default");
      const products = catalogue.products.filter((p) => p.dealId === deal.id);
      const cells = products.map((p) => `${p.rowId}x${p.columnId}`);
      const expected = row.items.flatMap((r) => column.items.map((c) => `${r.id}x${c.id}`));
      expect(cells.sort()).toEqual(expected.sort());
      for (const product of products) {
        const rowLabel = row.items.find((r) => r.id === product.rowId)!.label;
        const columnLabel = column.items.find((c) => c.id === product.columnId)!.label;
        expect(product.friendlyName).toContain(columnLabel);
        if (column.header === "Colour") expect(product.friendlyName).toContain(rowLabel);
      }
      const soldOut = products.filter((p) => p.totalStock !== null && p.totalStock === p.totalBought);
      if (!deal.soldOut) expect(soldOut.length).toBeLessThan(products.length);
      soldOutCells += soldOut.length;
    }
    expect(soldOutCells).toBeGreaterThan(grids.length / 2);
    // Plain deals keep their products off any grid.
    const plain = new Set(catalogue.deals.filter((d) => !d.productGrid).map((d) => d.id));
    for (const product of catalogue.products.filter((p) => plain.has(p.dealId))) {
      expect([product.rowId ?? null, product.columnId ?? null]).toEqual([null, null]);
    }
  });

  it("writes each deal's lowest price of the last 30 days with its price history", () => {
    for (const deal of catalogue.deals.slice(0, 300)) {
      const lead = catalogue.products
        .filter((p) => p.dealId === deal.id)
        .find((p) => p.priceMinor === deal.priceMinor)!;
      const history = catalogue.priceHistory.filter((h) => h.productId === lead.id);
      const expected = lowestRecentPrice(lead.priceMinor, history, NOW);
      expect(deal.lowestPriceLast30DaysMinor).toBe(expected.lowestMinor);
      expect(deal.lowestPriceValidUntil ?? null).toEqual(expected.validUntil);
      if (deal.lowestPriceValidUntil)
        expect(deal.lowestPriceValidUntil.getTime()).toBeGreaterThanOrEqual(NOW.getTime());
    }
    expect(catalogue.deals.some((d) => d.lowestPriceLast30DaysMinor! < d.priceMinor)).toBe(true);
  });

  it("records past prices so the 30-day lowest sometimes differs from today's", () => {
    const thirtyDaysAgo = NOW.getTime() - 30 * 86_400_000;
    let differs = 0;
    for (const product of catalogue.products) {
      const history = catalogue.priceHistory.filter((h) => h.productId === product.id);
      expect(history.at(-1)?.priceMinor).toBe(product.priceMinor);
      const recent = history.filter((h) => h.recordedAt.getTime() >= thirtyDaysAgo).map((h) => h.priceMinor);
      if (Math.min(...recent) !== product.priceMinor) differs++;
      if (differs > 10) break;
    }
    expect(differs).toBeGreaterThan(10);
  });
});

describe("CATEGORY_TREE", () => {
  const all: CategoryNode[] = [];
  const walk = (node: CategoryNode) => {
    all.push(node);
    node.children?.forEach(walk);
  };
  CATEGORY_TREE.forEach(walk);

  it("has unique ids, including every subcategory the payment rules name", () => {
    expect(new Set(all.map((n) => n.id)).size).toBe(all.length);
    const subcategoryIds = CATEGORY_TREE.flatMap((root) => root.children ?? []).map((n) => n.id);
    for (const id of [
      ...CLEARPAY_BLOCKED_SUBCATEGORY_IDS,
      ...KLARNA_BLOCKED_SUBCATEGORY_IDS,
      ...LOW_TOTAL_ONLY_SUBCATEGORY_IDS,
      UK_TRAVEL_CATEGORY_ID,
      INTERNATIONAL_TRAVEL_CATEGORY_ID,
    ]) {
      expect(subcategoryIds).toContain(id);
    }
  });

  it("has offers for every subcategory or for all of its sub-subcategories", () => {
    for (const sub of CATEGORY_TREE.flatMap((root) => root.children ?? [])) {
      const leaves = sub.children?.length ? sub.children : [sub];
      for (const leaf of leaves)
        expect((leaf.offers ?? sub.offers ?? []).length, leaf.shortName).toBeGreaterThan(0);
    }
  });
});
