/**
 * Prices as the pages show them, formatted on the server in the brand's locale so the
 * browser needs no formatting code. The full price always comes with the fees it includes:
 * nothing is left for checkout to reveal. Which parts show (was price, discount) follows the
 * deal's price display mode (product.md §4).
 */
import type { Brand, Currency } from "@deals/domain/brand";
import { formatMoney } from "@deals/domain/money";
import { fullPrice, type PriceDisplayMode, priceDisplayMode } from "@deals/domain/price-display";
import type { DealDetail, DealProduct, DealSummary } from "./api-types.ts";

/** Shoppers are anonymous until sign-in exists, so no VIP prices yet. */
const VIEWER = { isVip: false };

/** The amounts behind one price, in minor units. */
export interface PriceAmounts {
  currency: Currency;
  price: number;
  adminFee: number;
  postage: number;
  originalPrice: number;
  discountPercentage: number;
  perPerson: boolean;
  mode: PriceDisplayMode;
  /** The VIP members' price, shown beside the price to everyone when it is lower. */
  vipPrice?: number | null;
  /** The lowest price of the last 30 days (honest pricing: shown beside a was price). */
  lowestPriceLast30Days?: number | null;
}

export interface PriceView {
  /** The deal does not show its price (a lead-generation deal, or showPrice off). */
  hidden: boolean;
  /** "£30.99": price, admin fee and postage together. */
  full: string;
  /** "£29": the price before fees. */
  base: string;
  /** "£1.99 admin fee", "£2.99 postage": only the charges there are. */
  fees: string[];
  /** The original price, when the display mode shows it. */
  was: string | null;
  /** The discount, when the display mode shows it; indicative for dynamic travel prices. */
  discount: { percent: number; indicative: boolean } | null;
  perPerson: boolean;
  /** "£26.99": the VIP full price (fees included), when the VIP price is below the price. */
  vip: string | null;
  /** "£39": the lowest price of the last 30 days, shown only beside a was price. */
  lowest: string | null;
}

const SHOWS_WAS_PRICE: readonly PriceDisplayMode[] = [
  "SHOW_ORIGINAL_PRICE",
  "SHOW_DISCOUNT",
  "SHOW_DISCOUNT_INDICATIVE",
];
/**
 * A deal that asks for its saving as an amount (original-price mode) still carries its
 * percentage badge, as its title does ("save 79%"): every card with a was price above the
 * price says how much off it is, the same way everywhere. A saving that rounds to 0 % shows
 * no badge.
 */
const SHOWS_DISCOUNT: readonly PriceDisplayMode[] = [
  "SHOW_ORIGINAL_PRICE",
  "SHOW_DISCOUNT",
  "SHOW_DISCOUNT_INDICATIVE",
];

export function priceView(amounts: PriceAmounts, locale: Brand["locale"]): PriceView {
  const money = (amountMinor: number) => formatMoney(amountMinor, amounts.currency, locale);
  const fees: string[] = [];
  if (amounts.adminFee > 0) fees.push(`${money(amounts.adminFee)} admin fee`);
  if (amounts.postage > 0) fees.push(`${money(amounts.postage)} postage`);
  const total = fullPrice({
    price: amounts.price,
    adminFee: amounts.adminFee,
    postagePrice: amounts.postage,
  });
  const showsWas = SHOWS_WAS_PRICE.includes(amounts.mode);
  const { vipPrice, lowestPriceLast30Days } = amounts;
  return {
    hidden: amounts.mode === "PRICE_IS_HIDDEN",
    full: money(total),
    base: money(amounts.price),
    fees,
    was: showsWas ? money(amounts.originalPrice) : null,
    discount:
      SHOWS_DISCOUNT.includes(amounts.mode) && amounts.discountPercentage > 0
        ? { percent: amounts.discountPercentage, indicative: amounts.mode === "SHOW_DISCOUNT_INDICATIVE" }
        : null,
    perPerson: amounts.perPerson,
    vip:
      typeof vipPrice === "number" && vipPrice < amounts.price
        ? money(fullPrice({ price: vipPrice, adminFee: amounts.adminFee, postagePrice: amounts.postage }))
        : null,
    lowest: showsWas && typeof lowestPriceLast30Days === "number" ? money(lowestPriceLast30Days) : null,
  };
}

/** A deal's lead price: the cheapest product's, with its admin fee and the lowest postage. */
export function dealPriceView(deal: DealSummary | DealDetail, locale: Brand["locale"]): PriceView {
  const productDisplay = "productDisplay" in deal ? deal.productDisplay : null;
  return priceView(
    {
      currency: deal.currency,
      price: deal.price,
      adminFee: deal.adminFee,
      postage: deal.minPostagePrice,
      originalPrice: deal.originalPrice,
      discountPercentage: deal.discountPercentage,
      perPerson: deal.pricePerPerson,
      // The fields the mode reads, not a copy of the whole deal: a page writes dozens of these.
      mode: priceDisplayMode(
        {
          price: deal.price,
          originalPrice: deal.originalPrice,
          vipPrice: deal.vipPrice,
          display: deal.display,
          productDisplay,
        },
        VIEWER,
      ),
      vipPrice: deal.display.vipDiscountAllowed ? deal.vipPrice : null,
      lowestPriceLast30Days: "lowestPriceLast30Days" in deal ? deal.lowestPriceLast30Days : null,
    },
    locale,
  );
}

/** One product of a deal, shown the way the deal shows prices, with its own fees. */
export function productPriceView(deal: DealDetail, product: DealProduct, locale: Brand["locale"]): PriceView {
  const { price, originalPrice, vipPrice } = product;
  return priceView(
    {
      currency: deal.currency,
      price,
      adminFee: product.adminFee,
      postage: product.postagePrice,
      originalPrice,
      discountPercentage: product.discountPercentage,
      perPerson: deal.pricePerPerson,
      mode: priceDisplayMode(
        {
          price,
          originalPrice,
          vipPrice,
          display: deal.display,
          productDisplay: deal.productDisplay,
        },
        VIEWER,
      ),
      vipPrice: deal.display.vipDiscountAllowed ? vipPrice : null,
      lowestPriceLast30Days: product.lowestPriceLast30Days,
    },
    locale,
  );
}
