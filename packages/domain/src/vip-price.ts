/**
 * What a VIP member pays for a product (product.md §1 "extra discount up to 10 to 15 percent,
 * VIP prices"; §6 "VIP member"): its VIP price, only where the deal allows a VIP discount
 * (vipDiscountAllowed) and only when it is lower. Calendar nights follow the same flag per
 * night (travel-stay.ts stayRoomPrice).
 */
export interface VipPriced {
  priceMinor: number;
  vipPriceMinor: number | null;
  vipDiscountAllowed: boolean;
}

/** The VIP price a member pays, or null when there is none for them here. */
export function vipUnitPrice({ priceMinor, vipPriceMinor, vipDiscountAllowed }: VipPriced): number | null {
  if (!vipDiscountAllowed || vipPriceMinor === null || vipPriceMinor >= priceMinor) return null;
  return vipPriceMinor;
}
