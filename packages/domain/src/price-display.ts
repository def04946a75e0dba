/**
 * How a deal's price is shown (product.md §3 "Price display modes", §4 "Price display
 * mode"), the full price a product costs, and the stock label on a deal.
 */
import {
  type AvailabilityDeal,
  dealClosesAt,
  isDealCapReached,
  isDealClosed,
  isDealSoldOut,
} from "./availability.ts";
import { STOCK_LABEL_THRESHOLDS } from "./constants.ts";
import { discountPercent } from "./money.ts";

export const PRICE_DISPLAY_MODES = [
  "PRICE_IS_HIDDEN",
  "SHOW_DISCOUNT",
  "SHOW_DISCOUNT_INDICATIVE",
  "SHOW_ORIGINAL_PRICE",
  "SHOW_PRICE",
  "SHOW_VIP_DISCOUNT_PRICE",
] as const;
export type PriceDisplayMode = (typeof PRICE_DISPLAY_MODES)[number];

/** The deal fields the display mode reads (product.md §3 "Deal"); prices in minor units. */
export interface PriceDisplayDeal {
  price?: number | null;
  originalPrice?: number | null;
  vipPrice?: number | null;
  leadGen?: boolean | null;
  display?: {
    showPrice?: boolean | null;
    discount?: boolean | null;
    discountAmount?: boolean | null;
    dynamicTravelDeal?: boolean | null;
    vipDiscountAllowed?: boolean | null;
  } | null;
  productDisplay?: { type?: string | null } | null;
}

const isAmount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * The display mode, chosen in the spec's order (product.md §4):
 * 1. hidden: a lead-generation deal, a deal that turns showPrice off, or no price;
 *    (VIP members then see their VIP price when the deal allows a VIP discount and the VIP
 *    price is lower: the spec's order does not place this case, we check it right here so
 *    a member's own price is never hidden behind a public discount;)
 * 2. dropdown price: options differ in price and discount, so show the price alone;
 * 3. show price: no real discount (no original price above the price, or discount off);
 * 4. original price: the deal asks for its saving as an amount, or the discount rounds
 *    down to 0 %, so show the original price rather than "0 % off";
 * 5. indicative discount: dynamic travel prices vary by date, so the discount is a guide;
 * 6. discount percentage.
 */
export function priceDisplayMode(deal: PriceDisplayDeal, viewer: { isVip: boolean }): PriceDisplayMode {
  const display = deal.display ?? {};
  const { price, originalPrice, vipPrice } = deal;
  if (deal.leadGen === true || display.showPrice === false || !isAmount(price)) return "PRICE_IS_HIDDEN";
  if (viewer.isVip && display.vipDiscountAllowed === true && isAmount(vipPrice) && vipPrice < price) {
    return "SHOW_VIP_DISCOUNT_PRICE";
  }
  if (deal.productDisplay?.type === "dropdown") return "SHOW_PRICE";
  if (display.discount === false || !isAmount(originalPrice) || originalPrice <= price) return "SHOW_PRICE";
  if (display.discountAmount === true || discountPercent(originalPrice, price) === 0)
    return "SHOW_ORIGINAL_PRICE";
  if (display.dynamicTravelDeal === true) return "SHOW_DISCOUNT_INDICATIVE";
  return "SHOW_DISCOUNT";
}

/** The product fields the full price reads; amounts in minor units. */
export interface FullPriceProduct {
  price: number;
  adminFee?: number | null;
  postagePrice?: number | null;
}

/**
 * What the product really costs: price plus admin fee plus postage, in minor units. Fees
 * are shown with the price, never hidden; a missing fee counts as none, and a fee can
 * only add to the price.
 */
export function fullPrice(product: FullPriceProduct): number {
  const fee = (value: number | null | undefined) => (isAmount(value) ? value : 0);
  return product.price + fee(product.adminFee) + fee(product.postagePrice);
}

export type StockLabel =
  | { kind: "soldOut" }
  | { kind: "outOfStock"; notifyMe: true }
  | { kind: "limitedAvailability"; remaining: number }
  | { kind: "flashSale" }
  | { kind: "expiringSoon"; closesAt: Date };

export const STOCK_LABEL_TEXT: Record<StockLabel["kind"], string> = {
  soldOut: "Sold out",
  outOfStock: "Out of stock",
  limitedAvailability: "Limited availability",
  flashSale: "Flash sale",
  expiringSoon: "Expiring soon",
};

export interface StockLabelDeal extends AvailabilityDeal {
  /** Units left across the deal's products. */
  totalRemaining?: number | null;
  promoType?: { title?: string | null } | null;
}

const FLASH_SALE_PROMO_TITLE = "flash sale";

/**
 * The one stock label a deal shows, first match in the spec's order (product.md §4):
 * 1. sold out: the deal or every product, or no units left;
 * 2. out of stock with notify-me: capped for the day or week, so stock returns later;
 *    (a closed deal shows no further label;)
 * 3. limited availability: at most 10 units left;
 * 4. flash sale: the deal's promotion type is titled "Flash Sale";
 * 5. expiring soon: it really closes (see shouldShowCountdown) within 48 hours.
 */
export function stockLabel(deal: StockLabelDeal, now: Date): StockLabel | null {
  const { totalRemaining } = deal;
  if (isDealSoldOut(deal) || totalRemaining === 0) return { kind: "soldOut" };
  if (isDealCapReached(deal)) return { kind: "outOfStock", notifyMe: true };
  if (isDealClosed(deal, now)) return null;
  if (isAmount(totalRemaining) && totalRemaining <= STOCK_LABEL_THRESHOLDS.limitedAvailabilityMaxRemaining) {
    return { kind: "limitedAvailability", remaining: totalRemaining };
  }
  if (deal.promoType?.title?.trim().toLowerCase() === FLASH_SALE_PROMO_TITLE) return { kind: "flashSale" };
  const closesAt = dealClosesAt(deal);
  const soonMs = STOCK_LABEL_THRESHOLDS.expiringSoonHours * 3_600_000;
  if (closesAt && deal.evergreen !== true && closesAt.getTime() - now.getTime() <= soonMs) {
    return { kind: "expiringSoon", closesAt };
  }
  return null;
}
