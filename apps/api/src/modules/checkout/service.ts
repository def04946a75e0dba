/**
 * GET /v1/checkout/{basketToken} (services.md §7.4): the checkout data for a basket, priced by
 * the server. A load without a token fails with "No token provided"; a token that names no
 * usable basket answers 422, so the storefront drops its cookie and starts a new basket.
 */
import type { Db } from "@deals/db";
import { maySavePaymentMethod } from "@deals/domain/activation";
import { shouldShowCountdown } from "@deals/domain/availability";
import type { Brand } from "@deals/domain/brand";
import { GIFT_MESSAGE_MAX_LENGTH, VIP_SUBSCRIPTION_PRICE_MINOR } from "@deals/domain/constants";
import { deliveryOptionsFor, postageFor } from "@deals/domain/delivery";
import { canBeGifted, GIFT_TYPES, giftMessageCharactersRemaining } from "@deals/domain/gifting";
import { availablePaymentMethods, cartGuardProblems } from "@deals/domain/payment";
import { classifyPromoMessage, promoAnalyticsEvent } from "@deals/domain/promo";
import { isValidBasketToken } from "@deals/domain/tokens";
import { STAY_MESSAGES } from "@deals/domain/travel-stay";
import { ApiError } from "../../errors.ts";
import type { Customer } from "../accounts/auth.ts";
import {
  ADDON_PRODUCTS,
  GIFT_ACCESSORIES,
  GIFT_ACCESSORY_DEAL_ID,
  GIFT_PRESETS,
  type GiftAccessoryKind,
} from "../basket/extras.ts";
import { assertBasketAccess, removeLines } from "../basket/service.ts";
import { salesWindowStarts } from "../deals/service.ts";
import { customerBuyerKey } from "./buyer.ts";
import { type PricedItem, VIP_ONLY_MESSAGE } from "./pricing.ts";
import { loadBasketWithFacts } from "./products.ts";
import type { CheckoutData, CheckoutQuery } from "./schemas.ts";
import { type CheckoutState, loadCheckoutState, paymentContext } from "./state.ts";

// services.md §8: "Checkout load without a token".
export const NO_TOKEN_MESSAGE = "No token provided";
export const BASKET_UNUSABLE_MESSAGE = "This basket can no longer be used. Please start a new basket.";
export const PROMO_LOGIN_MESSAGE = "Please sign in to use a promo code.";

export interface CheckoutContext {
  db: Db;
  now: Date;
  brand: Brand;
  customer: Customer | null;
}

export const noTokenProvided = () => new ApiError(400, "TOKEN_REQUIRED", NO_TOKEN_MESSAGE);
export const basketUnusable = () => new ApiError(422, "BASKET_UNUSABLE", BASKET_UNUSABLE_MESSAGE);

/**
 * The basket behind a checkout token (400 without one, 422 when it is unusable, 404 if not
 * theirs) with its products' facts as `buyerKey` sees them (by default the signed-in
 * customer's), read together in one statement.
 */
export async function checkoutBasket(
  ctx: CheckoutContext,
  token: string | undefined,
  buyerKey: string | null = ctx.customer ? customerBuyerKey(ctx.customer) : null,
) {
  if (token === undefined || token.trim() === "") throw noTokenProvided();
  if (!isValidBasketToken(token)) throw basketUnusable();
  const found = await loadBasketWithFacts(ctx.db, token, salesWindowStarts(ctx.now), buyerKey);
  if (!found) throw basketUnusable();
  return { basket: assertBasketAccess(found.basket, ctx), products: found.products };
}

export async function getCheckout(
  ctx: CheckoutContext,
  token: string | undefined,
  query: CheckoutQuery,
): Promise<CheckoutData> {
  const found = await checkoutBasket(ctx, token);
  const state = await loadCheckoutState(
    ctx.db,
    { ...found, brand: ctx.brand, customer: ctx.customer, buyerKey: null, now: ctx.now },
    { useWallet: query.wallet, promoCode: query.promoCode },
  );
  // The checkout timer ran out (services.md §7.4 timerElapsed): stays whose hold ended leave
  // the basket now, and the answer still lists them with why.
  const ended = state.priced.removed.filter((r) => r.message === STAY_MESSAGES.holdExpired);
  if (query.timerElapsed === "true" && ended.length > 0) {
    await removeLines(ctx.db, state.basket.token, ended, ctx.now, ctx.brand);
  }
  return toCheckoutData(state, ctx, query);
}

function preset(kind: GiftAccessoryKind, ctx: CheckoutContext) {
  const accessory = GIFT_ACCESSORIES.find((a) => a.kind === kind)!;
  return {
    dealId: GIFT_ACCESSORY_DEAL_ID,
    productId: accessory.productId,
    name: accessory.name,
    price: accessory.priceMinor[ctx.brand.currency],
  };
}

function toCheckoutProduct(item: PricedItem, withDeliveryOptions: boolean) {
  const { line, product } = item;
  const deliveryOptions = withDeliveryOptions ? deliveryOptionsFor(product.deal.deliveryType) : [];
  return {
    id: line.id,
    productId: product.id,
    title: product.title,
    quantity: line.quantity,
    unitPrice: item.unitPriceMinor,
    vipPriceApplied: item.vipPriceApplied,
    adminFee: item.adminFeeMinor,
    postage: item.postageMinor,
    payDeposit: line.payDeposit === true && product.depositPriceMinor !== null,
    hasDeposit: product.depositPriceMinor !== null,
    balanceToMerchant: item.balanceToMerchantMinor,
    discount: item.discountMinor,
    walletCredit: item.walletMarketingMinor,
    lineTotal: item.subtotalMinor - item.discountMinor,
    maxQuantity: item.maxQuantity,
    deliveryOptionType: line.deliveryOptionType ?? null,
    productDeliveryOptions: deliveryOptions.map((option) => ({
      deliveryOptionType: option,
      postage: postageFor(option, product.postagePriceMinor),
    })),
    canBeGifted: canBeGifted({ adminFee: product.adminFeeMinor }),
    giftType: line.gifting?.type ?? "none",
    recipientEmail: line.recipientEmail ?? null,
    giftMessage: line.giftMessage ?? null,
    giftMessageCharactersRemaining: giftMessageCharactersRemaining(line.giftMessage ?? ""),
    vipExclusive: product.vipExclusive || product.deal.vipExclusive,
    checkInDate: line.checkInDate ?? null,
    checkOutDate: line.checkOutDate ?? null,
    bookingCalendarOnRedemption: line.bookingCalendarOnRedemption ?? false,
    holdExpiresAt: item.stay?.expiresAt.toISOString() ?? null,
  };
}

/** The items grouped by deal, in basket order. */
function dealsOf(items: PricedItem[], withDeliveryOptions: boolean): CheckoutData["deals"] {
  const groups = new Map<number, CheckoutData["deals"][number]>();
  for (const item of items) {
    const { deal } = item.product;
    let group = groups.get(item.line.dealId);
    if (!group) {
      const image = deal.images[0];
      group = {
        dealId: item.line.dealId,
        headline: deal.headline,
        title: deal.title,
        dealType: deal.dealType,
        image: image ? { ...image, url: `/images/${image.id}.${image.extension}` } : null,
        products: [],
      };
      groups.set(item.line.dealId, group);
    }
    group.products.push(toCheckoutProduct(item, withDeliveryOptions));
  }
  return [...groups.values()];
}

/** What stops payment: the cart guards and VIP-only deals without a membership. */
export function paymentProblems(state: CheckoutState, ctx: CheckoutContext): string[] {
  const problems = cartGuardProblems(paymentContext(state, ctx.brand, ctx.customer !== null));
  if (state.priced.vipRefused.length > 0) problems.push(VIP_ONLY_MESSAGE);
  return problems;
}

/** The first end ahead: a deal closing, or a stay's hold running out (then `hold` is true). */
function earliestCountdown(items: PricedItem[], now: Date): { closesAt: string; hold: boolean } | null {
  const ends = [
    ...items
      .map((i) => i.product.deal)
      .filter((deal) => shouldShowCountdown({ closingDate: deal.closingDate, soldOut: deal.soldOut }, now))
      .map((deal) => ({ at: deal.closingDate!.getTime(), hold: false })),
    ...items.flatMap((i) => (i.stay ? [{ at: i.stay.expiresAt.getTime(), hold: true }] : [])),
  ].sort((a, b) => a.at - b.at);
  const first = ends[0];
  return first ? { closesAt: new Date(first.at).toISOString(), hold: first.hold } : null;
}

export function toCheckoutData(
  state: CheckoutState,
  ctx: CheckoutContext,
  query: CheckoutQuery,
): CheckoutData {
  const { priced, basket } = state;
  const authenticated = ctx.customer !== null;
  const travelItems = priced.items.filter((i) => i.product.deal.dealType === "travel");
  const today = ctx.now.toISOString().slice(0, 10);
  const promo = priced.promo;
  const delivered = priced.items.some((i) => i.line.deliveryOptionType === "delivery");
  const hasVipInBasket = basket.addons.some((a) => a.addonType === "VVE");

  return {
    basketToken: basket.token,
    deals: dealsOf(priced.items, query.deliveryOptions),
    giftExtras: priced.accessories.map((a) => ({
      id: a.line.id,
      productId: a.accessory.productId,
      name: a.accessory.name,
      quantity: a.line.quantity,
      total: a.totalMinor,
    })),
    addons: priced.addons.map((a) => ({
      addonType: a.addon.addonType,
      name: a.addon.name,
      quantity: a.quantity,
      total: a.totalMinor,
    })),
    removedItems: priced.removed.map((r) => ({
      id: r.line.id,
      dealId: r.line.dealId,
      productId: r.line.dealProductId,
      message: r.message,
    })),
    problems: paymentProblems(state, ctx),
    orderSummary: priced.summary,
    promoCode: promo
      ? {
          code: promo.code,
          applicable: promo.ok,
          message: promo.message,
          outcome: classifyPromoMessage(promo.message),
          analyticsEvent: promoAnalyticsEvent(promo.message),
        }
      : {
          code: query.promoCode ?? null,
          applicable: false,
          message: query.promoCode && !authenticated ? PROMO_LOGIN_MESSAGE : null,
          outcome: null,
          analyticsEvent: null,
        },
    giftingDetails: { giftWrap: GIFT_PRESETS.giftWrap ?? null },
    userInfo: {
      authenticated,
      maySavePaymentMethod: ctx.customer !== null && maySavePaymentMethod(ctx.customer),
      email: ctx.customer?.email ?? null,
      paymentOptions: {
        creditBalances: state.wallet,
        paymentInstruments: state.instruments.map((i) => ({
          id: i.id,
          type: i.type,
          gateway: i.gateway,
          default: i.isDefault,
          allowSubscription: i.allowSubscription,
          cardType: i.cardType,
          last4: i.last4,
          payerEmail: i.payerEmail,
        })),
      },
    },
    paymentMethods: availablePaymentMethods(paymentContext(state, ctx.brand, authenticated)),
    wallet: {
      applied: priced.wallet !== null,
      currency: ctx.brand.currency,
      marketing: priced.wallet?.marketingMinor ?? 0,
      refundable: priced.wallet?.refundableMinor ?? 0,
      credit: priced.wallet?.creditMinor ?? 0,
      payable: priced.summary.totalOrderAmount,
    },
    vipUpsell: {
      offered: !(ctx.customer?.vipUser ?? false),
      checked: hasVipInBasket,
      price: VIP_SUBSCRIPTION_PRICE_MINOR,
      vipPricesApplied: priced.vipPrices,
    },
    voucherProtection: {
      checked: basket.addons.some((a) => a.addonType === "DVP"),
      price: ADDON_PRODUCTS.DVP.priceMinor[ctx.brand.currency],
    },
    requirements: {
      login: true,
      address: delivered ? "full" : "postcode",
      passengers: travelItems.length > 0,
    },
    countdown: earliestCountdown(priced.items, ctx.now),
    giftingConfig: {
      giftTypes: [...GIFT_TYPES],
      giftMessageMaxLength: GIFT_MESSAGE_MAX_LENGTH,
      recipientEmailRequiredFor: ["e-gift"],
    },
    giftPackPreset: { nddGiftPack: preset("ndd-gpk", ctx), stdGiftPack: preset("std-gpk", ctx) },
    giftWrapPreset: preset("wrapped", ctx),
    isTravel: travelItems.length > 0,
    isTravelValid:
      travelItems.length > 0 &&
      travelItems.every((i) => {
        // The held stay's check-in, else the product's own fixed date, must not have passed.
        const checkIn = i.line.checkInDate ?? i.product.checkInDate;
        return checkIn === null || checkIn >= today;
      }),
    queryParams: {
      deliveryOptions: query.deliveryOptions,
      gifting: query.gifting,
      giftPacks: query.giftPacks,
      por_check: query.por_check,
      promoCode: query.promoCode ?? null,
      vipChecked: query.vipChecked,
      wallet: query.wallet,
    },
    status: "READY",
  };
}
