/**
 * Gift cards sold as a deal (product.md §1 "gift-card ... redemption"): one evergreen deal
 * per brand in its currency, with cards of 10, 25 and 50 at face value. Each is made from the
 * brand's first gifts deal (its category, merchant and pictures) so it lists with the gifts.
 */
import { BRAND_IDS, BRANDS } from "@deals/domain/brand";
import { formatMoney } from "@deals/domain/money";
import type { DealRow, ProductRow } from "./deals.ts";

const FACE_VALUES_MINOR = [1000, 2500, 5000];
const GIFTS_CATEGORY_ID = 4000;

/** The gift-card deals and products, ids following on from the catalogue's. */
export function giftCardDeals(
  deals: readonly DealRow[],
  products: readonly ProductRow[],
): { deals: DealRow[]; products: ProductRow[] } {
  // A reduce, not Math.max(...ids): a 50,000-deal catalogue has more products than a call takes arguments.
  const nextId = (rows: readonly { id: number }[]) =>
    rows.reduce((most, row) => Math.max(most, row.id), 0) + 1;
  let dealId = nextId(deals);
  let productId = nextId(products);
  const out = { deals: [] as DealRow[], products: [] as ProductRow[] };
  for (const brandId of BRAND_IDS) {
    const template = deals.find((d) => d.brandId === brandId && d.categoryId === GIFTS_CATEGORY_ID);
    if (!template) continue;
    const brand = BRANDS[brandId];
    const money = (minor: number) => formatMoney(minor, brand.currency);
    const headline = `${brand.name} Gift Card`;
    const [lowest] = FACE_VALUES_MINOR;
    const id = dealId++;
    out.deals.push({
      ...template,
      id,
      dealType: "voucher",
      deliveryType: "none",
      giftCard: true,
      slug: "gift-card",
      headline,
      title: `A ${brand.name} gift card from ${money(lowest!)}: credit for any deal`,
      description: `Give a ${brand.name} gift card. Whoever redeems its code gets its value as wallet credit to spend on any deal.`,
      highlights: FACE_VALUES_MINOR.map((value) => `${money(value)} of wallet credit`),
      finePrint: ["Redeem at /giftcard/redeem while signed in.", "Each code redeems once."],
      priceMinor: lowest!,
      originalPriceMinor: lowest!,
      vipPriceMinor: null,
      discountPercent: 0,
      vipDiscountPercent: null,
      minPostagePriceMinor: 0,
      depositPriceMinor: null,
      priceText: null,
      pricePerPerson: false,
      closingDate: null,
      soldOut: false,
      lastChance: false,
      enableBuyClosedDeal: false,
      vipExclusive: false,
      highFraudRisk: false,
      leadGen: false,
      bookingCalendarOnRedemption: false,
      productDisplay: "default",
      productGrid: null,
      nights: null,
      images: template.images.map((image) => ({ ...image, alt: headline })),
      totalBought: 0,
      reviewTotal: 0,
      reviewAverage: null,
      lowestPriceLast30DaysMinor: null,
      lowestPriceValidUntil: null,
      searchText: `${headline} gift card voucher credit`,
    });
    FACE_VALUES_MINOR.forEach((value, sortOrder) => {
      out.products.push({
        id: productId++,
        dealId: id,
        sortOrder,
        rowId: null,
        columnId: null,
        friendlyName: `${money(value)} gift card`,
        title: `${money(value)} gift card`,
        priceMinor: value,
        originalPriceMinor: value,
        vipPriceMinor: null,
        vipExclusive: false,
        adminFeeMinor: 0,
        postagePriceMinor: 0,
        depositPriceMinor: null,
        purchaseCap: 10,
        totalBought: 0,
        totalStock: null,
        dailyCap: null,
        weeklyCap: null,
        maxPerCustomer: null,
        bestSeller: false,
        giftProductId: null,
        giftPackProductId: null,
      });
    });
  }
  return out;
}
