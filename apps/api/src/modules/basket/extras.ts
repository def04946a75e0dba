/**
 * What a basket can hold besides deal products: gift packs and gift wrap, which go with
 * gifted items (product.md §4 "Gift type switching"), and the addons VVE (the one-year VIP
 * membership) and DVP (voucher protection) (product.md §3 "Basket addon").
 */
import type { Currency } from "@deals/domain/brand";
import { VIP_SUBSCRIPTION_PRICE_MINOR } from "@deals/domain/constants";
import type { GiftPresets, GiftProductRef } from "@deals/domain/gifting";

/**
 * Gift packs and wrap are not deals: their basket lines carry this deal id and one of the
 * accessory product ids below.
 */
export const GIFT_ACCESSORY_DEAL_ID = 0;

export type GiftAccessoryKind = "ndd-gpk" | "std-gpk" | "wrapped";

export interface GiftAccessory {
  kind: GiftAccessoryKind;
  productId: number;
  name: string;
  /** Per unit; the spec leaves these prices open, so they are ours. */
  priceMinor: Record<Currency, number>;
}

export const GIFT_ACCESSORIES: readonly GiftAccessory[] = [
  { kind: "ndd-gpk", productId: 1, name: "Next-day delivery gift pack", priceMinor: { GBP: 499, EUR: 599 } },
  { kind: "std-gpk", productId: 2, name: "Standard delivery gift pack", priceMinor: { GBP: 299, EUR: 349 } },
  { kind: "wrapped", productId: 3, name: "Gift wrap", priceMinor: { GBP: 199, EUR: 249 } },
];

export function giftAccessory(productId: number): GiftAccessory | undefined {
  return GIFT_ACCESSORIES.find((a) => a.productId === productId);
}

function ref(kind: GiftAccessoryKind): GiftProductRef {
  const accessory = GIFT_ACCESSORIES.find((a) => a.kind === kind)!;
  return { dealId: GIFT_ACCESSORY_DEAL_ID, productId: accessory.productId };
}

/** The pack and wrap products on offer (checkout data giftPackPreset and giftWrapPreset). */
export const GIFT_PRESETS: GiftPresets = {
  nddGiftPack: ref("ndd-gpk"),
  stdGiftPack: ref("std-gpk"),
  giftWrap: ref("wrapped"),
};

export const ADDON_TYPES = ["VVE", "DVP"] as const;
export type AddonType = (typeof ADDON_TYPES)[number];

export interface AddonProduct {
  /** EXT, a voucher's extension, is put in the basket from its landing page, not by this name. */
  addonType: AddonType | "EXT";
  productId: number;
  name: string;
  priceMinor: Record<Currency, number>;
  /** At most one of this addon per basket. */
  maxQuantity: number;
}

export const ADDON_PRODUCTS: Record<AddonType, AddonProduct> = {
  // services.md §9: the VIP subscription is 4.99 in local currency.
  VVE: {
    addonType: "VVE",
    productId: 1,
    name: "VIP membership for one year",
    priceMinor: { GBP: VIP_SUBSCRIPTION_PRICE_MINOR, EUR: VIP_SUBSCRIPTION_PRICE_MINOR },
    maxQuantity: 1,
  },
  // The spec names voucher protection without a price; this one is ours.
  DVP: {
    addonType: "DVP",
    productId: 2,
    name: "Voucher protection",
    priceMinor: { GBP: 199, EUR: 249 },
    maxQuantity: 1,
  },
};

/** A voucher's extension as the basket sells it: its fee, once (extension/offer.ts). */
export function extensionAddon(offer: { voucherId: number; name: string; feeMinor: number }): AddonProduct {
  return {
    addonType: "EXT",
    productId: offer.voucherId,
    name: offer.name,
    priceMinor: { GBP: offer.feeMinor, EUR: offer.feeMinor },
    maxQuantity: 1,
  };
}
