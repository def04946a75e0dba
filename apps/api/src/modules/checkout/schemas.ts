/**
 * The checkout data (product.md §3 "Checkout data"; services.md §3 "Checkout state"): deals,
 * orderSummary with totalOrderAmount, promoCode {applicable, message}, giftingDetails,
 * userInfo.paymentOptions, wallet, countdown, giftingConfig, the gift presets, travel flags,
 * the query parameters with their defaults, and status. Money is integer minor units.
 */
import { CHECKOUT_QUERY_DEFAULTS } from "@deals/domain/constants";
import { DELIVERY_OPTION_TYPES } from "@deals/domain/delivery";
import { GIFT_TYPES } from "@deals/domain/gifting";
import { INSTRUMENT_TYPES, PAYMENT_METHODS, PAYMENT_PROVIDERS } from "@deals/domain/payment";
import { PROMO_OUTCOMES } from "@deals/domain/promo";
import { z } from "zod";

const minor = z.number().int();

/** "true"/"false" query flags with the spec's defaults (services.md §9 "Checkout defaults"). */
const flag = (fallback: boolean) =>
  z
    .enum(["true", "false"], { error: "must be true or false" })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === "true"));

export const checkoutQuerySchema = z.object({
  deliveryOptions: flag(CHECKOUT_QUERY_DEFAULTS.deliveryOptions),
  gifting: flag(CHECKOUT_QUERY_DEFAULTS.gifting),
  giftPacks: flag(CHECKOUT_QUERY_DEFAULTS.giftPacks),
  por_check: flag(CHECKOUT_QUERY_DEFAULTS.por_check),
  vipChecked: flag(CHECKOUT_QUERY_DEFAULTS.vipChecked),
  wallet: flag(CHECKOUT_QUERY_DEFAULTS.wallet),
  promoCode: z.string().trim().min(1).max(50).optional(),
  /** Sent once the checkout countdown ended: availability is checked afresh (it always is). */
  timerElapsed: z.enum(["true", "false"]).optional(),
  /** The client's cache-busting timestamp; ignored. */
  timestamp: z.string().optional(),
  t: z.string().optional(),
});
export type CheckoutQuery = z.infer<typeof checkoutQuerySchema>;

export const checkoutParamsSchema = z.object({ basketToken: z.string() });

export const orderSummarySchema = z.object({
  currency: z.enum(["GBP", "EUR"]),
  items: minor,
  adminFees: minor,
  postage: minor,
  giftPacks: minor,
  giftWrap: minor,
  vipMembership: minor,
  voucherProtection: minor,
  extension: minor,
  discount: minor,
  wallet: minor,
  /** What the payment method is charged. */
  totalOrderAmount: minor,
});

export const checkoutProductSchema = z.object({
  /** The basket line's id. */
  id: z.string(),
  productId: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  unitPrice: minor,
  vipPriceApplied: z.boolean(),
  adminFee: minor,
  postage: minor,
  payDeposit: z.boolean(),
  hasDeposit: z.boolean(),
  balanceToMerchant: minor,
  discount: minor,
  walletCredit: minor,
  lineTotal: minor,
  maxQuantity: z.number().int().nullable(),
  deliveryOptionType: z.string().nullable(),
  /**
   * The delivery options the shopper may choose between (product.md §3 productDeliveryOptions),
   * each with the line's postage under it; empty when the deal sends nothing or the
   * deliveryOptions query flag is false.
   */
  productDeliveryOptions: z.array(
    z.object({ deliveryOptionType: z.enum(DELIVERY_OPTION_TYPES), postage: minor }),
  ),
  canBeGifted: z.boolean(),
  giftType: z.enum(GIFT_TYPES),
  recipientEmail: z.string().nullable(),
  giftMessage: z.string().nullable(),
  giftMessageCharactersRemaining: z.number().int(),
  vipExclusive: z.boolean(),
  /** A stay held on the booking calendar, and when its hold ends. */
  checkInDate: z.string().nullable(),
  checkOutDate: z.string().nullable(),
  bookingCalendarOnRedemption: z.boolean(),
  holdExpiresAt: z.string().nullable(),
});

export const checkoutDealSchema = z.object({
  dealId: z.number().int(),
  headline: z.string(),
  title: z.string(),
  dealType: z.enum(["voucher", "product", "travel"]),
  image: z.object({ id: z.string(), extension: z.string(), alt: z.string(), url: z.string() }).nullable(),
  products: z.array(checkoutProductSchema),
});

const giftProductRefSchema = z.object({ dealId: z.number().int(), productId: z.number().int() });
const giftPresetSchema = giftProductRefSchema.extend({ name: z.string(), price: minor });

export const checkoutDataSchema = z.object({
  basketToken: z.string(),
  deals: z.array(checkoutDealSchema),
  /** Gift pack and wrap lines in the basket. */
  giftExtras: z.array(
    z.object({
      id: z.string(),
      productId: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      total: minor,
    }),
  ),
  addons: z.array(
    z.object({
      addonType: z.enum(["VVE", "DVP", "EXT"]),
      name: z.string(),
      quantity: z.number().int(),
      total: minor,
    }),
  ),
  /** Lines that can no longer be bought: removed from the basket at payment. */
  removedItems: z.array(
    z.object({ id: z.string(), dealId: z.number().int(), productId: z.number().int(), message: z.string() }),
  ),
  /** What stops payment until the shopper changes the basket. */
  problems: z.array(z.string()),
  orderSummary: orderSummarySchema,
  promoCode: z.object({
    code: z.string().nullable(),
    applicable: z.boolean(),
    message: z.string().nullable(),
    outcome: z.enum(PROMO_OUTCOMES).nullable(),
    /** The analytics event for this result (services.md §8 "Promo analytics events"). */
    analyticsEvent: z.string().nullable(),
  }),
  giftingDetails: z.object({ giftWrap: giftProductRefSchema.nullable() }),
  userInfo: z.object({
    authenticated: z.boolean(),
    /** Whether a payment may be saved for next time (@deals/domain/activation). */
    maySavePaymentMethod: z.boolean(),
    email: z.string().nullable(),
    paymentOptions: z.object({
      creditBalances: z.array(
        z.object({ currency: z.string(), marketingBalance: minor, refundableBalance: minor, balance: minor }),
      ),
      paymentInstruments: z.array(
        z.object({
          id: z.number().int(),
          type: z.enum(["card", "paypal"]),
          gateway: z.string(),
          default: z.boolean(),
          allowSubscription: z.boolean(),
          cardType: z.string().nullable(),
          last4: z.string().nullable(),
          payerEmail: z.string().nullable(),
        }),
      ),
    }),
  }),
  paymentMethods: z.object({
    offered: z.array(
      z.object({
        method: z.enum(PAYMENT_METHODS),
        instrumentType: z.enum(INSTRUMENT_TYPES),
        provider: z.enum(PAYMENT_PROVIDERS),
        instrumentId: z.string().optional(),
      }),
    ),
    refused: z.array(
      z.object({
        method: z.enum(PAYMENT_METHODS),
        instrumentType: z.enum(INSTRUMENT_TYPES),
        reason: z.string(),
      }),
    ),
  }),
  wallet: z.object({
    applied: z.boolean(),
    currency: z.enum(["GBP", "EUR"]),
    marketing: minor,
    refundable: minor,
    credit: minor,
    payable: minor,
  }),
  vipUpsell: z.object({
    /** Offered to shoppers who are not VIP yet; never pre-ticked. */
    offered: z.boolean(),
    checked: z.boolean(),
    price: minor,
    vipPricesApplied: z.boolean(),
  }),
  /** Voucher protection (the DVP add-on): an opt-in, never pre-ticked; its price for the basket. */
  voucherProtection: z.object({ checked: z.boolean(), price: minor }),
  requirements: z.object({
    login: z.boolean(),
    /** "full" when something is delivered, else a postcode is enough. */
    address: z.enum(["full", "postcode"]),
    passengers: z.boolean(),
  }),
  /** The first end ahead; hold: it is a stay's hold running out (the checkout timer). */
  countdown: z.object({ closesAt: z.string(), hold: z.boolean() }).nullable(),
  giftingConfig: z.object({
    giftTypes: z.array(z.enum(GIFT_TYPES)),
    giftMessageMaxLength: z.number().int(),
    recipientEmailRequiredFor: z.array(z.enum(GIFT_TYPES)),
  }),
  giftPackPreset: z.object({ nddGiftPack: giftPresetSchema, stdGiftPack: giftPresetSchema }),
  giftWrapPreset: giftPresetSchema,
  isTravel: z.boolean(),
  isTravelValid: z.boolean(),
  queryParams: z.object({
    deliveryOptions: z.boolean(),
    gifting: z.boolean(),
    giftPacks: z.boolean(),
    por_check: z.boolean(),
    promoCode: z.string().nullable(),
    vipChecked: z.boolean(),
    wallet: z.boolean(),
  }),
  status: z.enum(["LOADING", "READY", "REFRESHED", "REFRESHING", "UPDATING"]),
});
export type CheckoutData = z.infer<typeof checkoutDataSchema>;
