/**
 * Basket requests and answers (services.md §7.3; product.md §3 "Basket", "Basket line",
 * "Basket addon"). Prices are never read from a request: the server prices every line.
 */
import { BRAND_IDS } from "@deals/domain/brand";
import { DELIVERY_OPTION_TYPES } from "@deals/domain/delivery";
import { GIFT_TYPES } from "@deals/domain/gifting";
import { z } from "zod";
import { ADDON_TYPES } from "./extras.ts";

/** The most units one line may ask for before its product's own caps are even read (ours). */
export const MAX_LINE_QUANTITY = 1000;

const id = z.coerce.number().int().positive().max(2_147_483_647);
const quantity = z
  .number({ error: "quantity must be a whole number" })
  .int({ error: "quantity must be a whole number" })
  .min(1, { error: "quantity must be at least 1" })
  .max(MAX_LINE_QUANTITY, { error: `quantity must be at most ${MAX_LINE_QUANTITY}` });

export const giftingInputSchema = z.object({
  type: z.enum(GIFT_TYPES),
  /** An e-gift is emailed to the recipient (product.md §5). */
  recipientEmail: z.string().max(254).optional(),
  message: z.string().max(2000).optional(),
});

/** What a client may say about a line; anything else it sends (prices included) is ignored. */
export const basketProductInputSchema = z.object({
  dealId: id,
  /** The deal product; `dealProductId` is accepted as its other name. */
  productId: id.optional(),
  dealProductId: id.optional(),
  quantity,
  gift: z.boolean().optional(),
  gifting: giftingInputSchema.optional(),
  payDeposit: z.boolean().optional(),
  deliveryOptionType: z.enum(DELIVERY_OPTION_TYPES).nullable().optional(),
  sessionPurchaseSource: z.string().max(50).optional(),
});
export type BasketProductInput = z.infer<typeof basketProductInputSchema>;

export const createBasketBodySchema = z.object({
  brand: z.string().optional(),
  customerToken: z.string().nullable().optional(),
  eligibleForVip: z.boolean().optional(),
  products: z.array(basketProductInputSchema).max(50).default([]),
});
export type CreateBasketBody = z.infer<typeof createBasketBodySchema>;

export const replaceBasketBodySchema = z.object({
  id: z.string(),
  brand: z.string().optional(),
  customerToken: z.string().nullable().optional(),
  eligibleForVip: z.boolean().optional(),
  products: z.array(basketProductInputSchema).max(50),
});
export type ReplaceBasketBody = z.infer<typeof replaceBasketBodySchema>;

export const linkBasketBodySchema = z.object({
  id: z.string().optional(),
  brand: z.string().optional(),
  customerToken: z.string().nullable().optional(),
  eligibleForVip: z.boolean().optional(),
  products: z.array(basketProductInputSchema).max(50).optional(),
});
export type LinkBasketBody = z.infer<typeof linkBasketBodySchema>;

/** PATCH basket/{token}/product/{productId}: any of these, all optional. */
export const patchBasketProductBodySchema = z.object({
  quantity: quantity.optional(),
  gift: z.boolean().optional(),
  gifting: giftingInputSchema.optional(),
  /** true: switch to a standard-delivery gift pack (gifting.type names the kind exactly). */
  giftPack: z.boolean().optional(),
  /** true: switch to gift wrap. */
  giftWrap: z.boolean().optional(),
  payDeposit: z.boolean().optional(),
  deliveryOptionType: z.enum(DELIVERY_OPTION_TYPES).nullable().optional(),
});
export type PatchBasketProductBody = z.infer<typeof patchBasketProductBodySchema>;

export const vipStatusBodySchema = z.object({
  basketToken: z.string().optional(),
  vipStatus: z.boolean().optional(),
});

export const addonBodySchema = z.object({
  addonType: z.enum(ADDON_TYPES),
  productId: id.optional(),
  /** 0 takes the addon out of the basket. */
  quantity: z.number().int().min(0).max(1).default(1),
});
export type AddonBody = z.infer<typeof addonBodySchema>;

export const basketTokenParamsSchema = z.object({ basketToken: z.string() });
export const basketProductParamsSchema = z.object({ basketToken: z.string(), productId: z.string() });

export const basketQuerySchema = z.object({
  /** Include gift pack and wrap lines (the storefront always asks for them). */
  giftPacks: z.enum(["true", "false"]).optional(),
  customerToken: z.string().optional(),
  basketToken: z.string().optional(),
  eligibleForVip: z.enum(["true", "false"]).optional(),
  /** A cache-busting timestamp the client adds; ignored. */
  t: z.string().optional(),
  timestamp: z.string().optional(),
});

const giftingSchema = z.object({
  gift: z.boolean(),
  giftPackProductId: z.number().int().nullable(),
  giftProductId: z.number().int().nullable(),
  type: z.enum(GIFT_TYPES),
});

export const basketProductSchema = z.object({
  /** The line id: the product id for an item; gift-pack-{id} or gift-wrap-{id} for packs and wrap. */
  id: z.string(),
  dealId: z.number().int(),
  dealProductId: z.number().int(),
  quantity: z.number().int(),
  gift: z.boolean(),
  gifting: giftingSchema,
  giftPack: z.boolean(),
  giftWrap: z.boolean(),
  payDeposit: z.boolean(),
  deliveryOptionType: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  giftMessage: z.string().nullable(),
  giftMessageCharactersRemaining: z.number().int(),
  /** A stay held on the booking calendar (POST basket/{token}/stay). */
  checkInDate: z.string().nullable(),
  checkOutDate: z.string().nullable(),
  bookingCalendarOnRedemption: z.boolean(),
});
export type BasketProduct = z.infer<typeof basketProductSchema>;

export const basketAddonSchema = z.object({
  /** EXT: the extension of one of the customer's vouchers (productId is the voucher's id). */
  addonType: z.enum([...ADDON_TYPES, "EXT"]),
  productId: z.number().int(),
  quantity: z.number().int(),
});

export const cartRemoveItemEventSchema = z.object({
  name: z.literal("cart_remove_item"),
  dealId: z.number().int(),
  productId: z.number().int(),
  quantity: z.number().int(),
});

export const basketSchema = z.object({
  id: z.string(),
  customerToken: z.string().nullable(),
  brand: z.enum(BRAND_IDS),
  eligibleForVip: z.boolean(),
  products: z.array(basketProductSchema),
  addons: z.array(basketAddonSchema),
  /** Units of deal products in the basket (the header's basket count). */
  quantity: z.number().int(),
  /** Toasts to show after this change: "Gift Pack Added", "Gift Wrap Added". */
  toasts: z.array(z.string()),
  /** Analytics events this change fired: cart_remove_item. */
  events: z.array(cartRemoveItemEventSchema),
});
export type Basket = z.infer<typeof basketSchema>;

export const basketListSchema = z.array(basketSchema);
