/**
 * Seed prices in minor units: "shop" prices that end in .99 or a whole amount, discounts
 * that never pass the spec's caps (up to 80 %, 50 % for travel: product.md §1), VIP prices
 * below the shopper's price, and deposits.
 */
import { VIP_EXTRA_DISCOUNT_PERCENT } from "@deals/domain/constants";
import { discountPercent } from "@deals/domain/money";
import type { Random } from "./random.ts";

/** A price a shop would print: whole pounds or .99 from 10 up, .49 or .99 below. */
export function shopPrice(minor: number, random: Random): number {
  if (minor >= 1000) return Math.round(minor / 100) * 100 - (random.chance(0.5) ? 1 : 0);
  return Math.max(49, Math.round(minor / 50) * 50 - 1);
}

/**
 * The price for an original price and a wished-for discount, raised by a penny at a time
 * if rounding pushed the discount past the cap.
 */
export function discountedPrice(originalMinor: number, percent: number, maxPercent: number, random: Random) {
  let price = shopPrice(Math.round((originalMinor * (100 - percent)) / 100), random);
  if (price >= originalMinor) price = originalMinor - 1;
  while (discountPercent(originalMinor, price) > maxPercent) price += 1;
  return price;
}

/** VIP members pay 10 to 15 % less than the shopper's price (product.md §1 "VIP"). */
export function vipPrice(priceMinor: number, random: Random): number | null {
  const { min, max } = VIP_EXTRA_DISCOUNT_PERCENT;
  const vip = shopPrice(Math.round(priceMinor * (1 - random.int(min, max) / 100)), random);
  return vip < priceMinor && vip > 0 ? vip : null;
}

/** A deposit of about a quarter of the price, never less than 10 in major units. */
export function depositPrice(priceMinor: number): number | null {
  const deposit = Math.max(1000, Math.round(priceMinor / 4 / 100) * 100);
  return deposit < priceMinor ? deposit : null;
}
