/**
 * Prices a basket on the server (nothing the client sends about money is read): which lines
 * can still be bought, what each costs, the promo discount, the wallet credit and the order
 * summary (product.md §3 "Checkout data"; §5 "Validation rules"). Pure: the caller loads the
 * facts and the rules package decides; the checkout page and order placement share this, so
 * what the shopper is shown is what they are charged.
 */
import type { BasketAddonRecord, BasketLineRecord } from "@deals/db/schema/commerce";
import { type Arrival, dealAvailability } from "@deals/domain/availability";
import type { Currency } from "@deals/domain/brand";
import { type GiftBasketLine, removeBasketLine } from "@deals/domain/gifting";
import { applyPromo, type Promo, type PromoResult, type PromoUsage } from "@deals/domain/promo";
import { maxQuantity, reviewBasketQuantities } from "@deals/domain/quantity";
import { isVipMembershipActive, vipExclusiveLinesRefused, vipPricesApply } from "@deals/domain/subscription";
import { STAY_MESSAGES } from "@deals/domain/travel-stay";
import { vipUnitPrice } from "@deals/domain/vip-price";
import { depositBalanceMinor } from "@deals/domain/voucher";
import { planWalletUse, type WalletEntry, type WalletPlan } from "@deals/domain/wallet";
import {
  ADDON_PRODUCTS,
  type AddonProduct,
  extensionAddon,
  type GiftAccessory,
  giftAccessory,
} from "../basket/extras.ts";
import type { ProductFacts } from "./products.ts";

/** services.md §8 "Availability". */
export const ITEM_UNAVAILABLE_MESSAGE = "This item is no longer available.";
export const VIP_ONLY_MESSAGE = "This deal is for VIP members only: join VIP to buy it.";

export interface PricingInput {
  currency: Currency;
  lines: readonly BasketLineRecord[];
  addons: readonly BasketAddonRecord[];
  products: ReadonlyMap<number, ProductFacts>;
  customer: { vipUser: boolean } | null;
  now: Date;
  /** The applied promo code: the code's terms (undefined when unknown) and its usage so far. */
  promo?: { code: string; promo: Promo | undefined; usage: PromoUsage };
  /** The shopper's wallet, when they chose to spend its credit. */
  wallet?: readonly WalletEntry[];
  /** Live holds of the basket's stay lines, by line id (travel/holds.ts). */
  stays?: ReadonlyMap<string, StayHold>;
  /** The vouchers the basket's EXT addons may extend, by voucher id (extension/offer.ts). */
  extensions?: ReadonlyMap<number, ExtensionOffer>;
}

/** One of the customer's vouchers that can be extended now, with its fee. */
export interface ExtensionOffer {
  voucherId: number;
  name: string;
  feeMinor: number;
}

/** A held stay: what one room costs for its nights (and seats), and when the hold ends. */
export interface StayHold {
  roomPriceMinor: number;
  vipRoomPriceMinor: number;
  expiresAt: Date;
}

export interface PricedItem {
  line: BasketLineRecord;
  product: ProductFacts;
  /** Charged now per unit: the price, the VIP price when VIP prices apply, or the deposit. */
  unitPriceMinor: number;
  vipPriceApplied: boolean;
  adminFeeMinor: number;
  /** Per line, when the item is delivered. */
  postageMinor: number;
  /** Per unit, paid to the merchant later when the deposit is paid now. */
  balanceToMerchantMinor: number;
  /** Units × (price + admin fee) + postage. */
  subtotalMinor: number;
  discountMinor: number;
  walletMarketingMinor: number;
  /** The most units the shopper may buy now (null: no cap). */
  maxQuantity: number | null;
  /** The line is a stay held on the booking calendar: its rooms are its units. */
  stay: StayHold | null;
}

export interface PricedAccessory {
  line: BasketLineRecord;
  accessory: GiftAccessory;
  unitPriceMinor: number;
  totalMinor: number;
}

export interface PricedAddon {
  addon: AddonProduct;
  quantity: number;
  totalMinor: number;
  /** EXT: the voucher it extends. */
  voucherId?: number;
}

export interface RemovedLine {
  line: BasketLineRecord;
  message: string;
}

/** The full price, always shown whole (issue: "the order summary always shows the full price"). */
export interface OrderSummary {
  currency: Currency;
  items: number;
  adminFees: number;
  postage: number;
  giftPacks: number;
  giftWrap: number;
  vipMembership: number;
  voucherProtection: number;
  /** Fees for extending vouchers' validity. */
  extension: number;
  discount: number;
  wallet: number;
  /** What the payment method is charged. */
  totalOrderAmount: number;
}

export interface PricedBasket {
  items: PricedItem[];
  accessories: PricedAccessory[];
  addons: PricedAddon[];
  /** Lines that can no longer be bought, with the message for each; removed at purchase. */
  removed: RemovedLine[];
  /** The basket lines left once `removed` are gone (packs and wrap reduced to match). */
  keptLines: BasketLineRecord[];
  /** vipExclusive items the shopper may not buy without an active membership. */
  vipRefused: PricedItem[];
  vipPrices: boolean;
  promo: (PromoResult & { code: string }) | null;
  wallet: WalletPlan | null;
  summary: OrderSummary;
}

const isAccessoryLine = (line: BasketLineRecord) => line.giftPack === true || line.giftWrap === true;

/** The product's own sold-out and cap flags, as the availability rules read them. */
function productAvailability(product: ProductFacts) {
  return {
    soldOut: product.totalStock !== null && product.totalBought >= product.totalStock,
    dailyPurchaseCapReached: product.dailyCap !== null && product.soldToday >= product.dailyCap,
    weeklyPurchaseCapReached: product.weeklyCap !== null && product.soldThisWeek >= product.weeklyCap,
  };
}

export function isProductBuyable(product: ProductFacts, now: Date, arrival: Arrival | undefined): boolean {
  const { deal } = product;
  const availability = dealAvailability(
    {
      closingDate: deal.closingDate,
      soldOut: deal.soldOut,
      lastChance: deal.lastChance,
      enableBuyClosedDeal: deal.enableBuyClosedDeal,
      // The line's own product decides: a sibling with stock left does not make it buyable.
      products: [productAvailability(product)],
    },
    now,
    arrival,
  );
  return availability.available;
}

/** Every cap on the product, through the rules' maxQuantity (product.md §5). */
export function productMaxQuantity(product: ProductFacts): number | null {
  const left = (cap: number | null, used: number) => (cap === null ? null : cap - used);
  return maxQuantity({
    // purchaseCap is per order here; the personal maximum counts past orders.
    purchaseCap: product.purchaseCap,
    totalRemainingForDay: left(product.dailyCap, product.soldToday),
    totalRemainingForWeek: left(product.weeklyCap, product.soldThisWeek),
    totalRemaining: left(product.totalStock, product.totalBought),
    userMaximum: left(product.maxPerCustomer, product.boughtByBuyer),
  });
}

const toGiftLine = (line: BasketLineRecord): GiftBasketLine => line;

/** Drops item lines and brings their packs and wrap down with them (the gifting rules). */
export function basketLinesWithout(lines: readonly BasketLineRecord[], removed: readonly BasketLineRecord[]) {
  let next: BasketLineRecord[] = [...lines];
  for (const line of removed) {
    const change = removeBasketLine(next.map(toGiftLine), line.id);
    if (change.ok) next = change.lines as BasketLineRecord[];
  }
  return next;
}

function priceItem(
  line: BasketLineRecord,
  product: ProductFacts,
  vipPrices: boolean,
  stay: StayHold | null,
): PricedItem {
  // A stay costs its nights' prices (VIP prices where the nights allow them), held with it.
  const fullPrice = stay ? stay.roomPriceMinor : product.priceMinor;
  const vipPrice = stay
    ? vipUnitPrice({ priceMinor: fullPrice, vipPriceMinor: stay.vipRoomPriceMinor, vipDiscountAllowed: true })
    : vipUnitPrice({
        priceMinor: fullPrice,
        vipPriceMinor: product.vipPriceMinor,
        vipDiscountAllowed: product.deal.vipDiscountAllowed,
      });
  const vipPriceApplied = vipPrices && vipPrice !== null;
  const priceMinor = vipPriceApplied ? vipPrice : fullPrice;
  const deposit = line.payDeposit === true ? product.depositPriceMinor : null;
  const unitPriceMinor = deposit ?? priceMinor;
  const postageMinor = line.deliveryOptionType === "delivery" ? product.postagePriceMinor : 0;
  return {
    line,
    product,
    unitPriceMinor,
    vipPriceApplied,
    adminFeeMinor: product.adminFeeMinor,
    postageMinor,
    balanceToMerchantMinor: deposit === null ? 0 : depositBalanceMinor(priceMinor, deposit),
    subtotalMinor: line.quantity * (unitPriceMinor + product.adminFeeMinor) + postageMinor,
    discountMinor: 0,
    walletMarketingMinor: 0,
    maxQuantity: stay ? line.quantity : productMaxQuantity(product),
    stay,
  };
}

export function priceBasket(input: PricingInput): PricedBasket {
  const { currency, products, now } = input;
  const removed: RemovedLine[] = [];

  // 1. Item lines whose product is gone, on another site or no longer on sale.
  const candidates: BasketLineRecord[] = [];
  for (const line of input.lines.filter((l) => !isAccessoryLine(l))) {
    const product = products.get(line.dealProductId);
    const arrival = line.sessionPurchaseSource ? { from: line.sessionPurchaseSource } : undefined;
    if (!product || product.deal.currency !== currency || !isProductBuyable(product, now, arrival)) {
      removed.push({ line, message: ITEM_UNAVAILABLE_MESSAGE });
    } else if (line.checkInDate && !input.stays?.has(line.id)) {
      // The hold ran out (or went): the dates are no longer the shopper's.
      removed.push({ line, message: STAY_MESSAGES.holdExpired });
    } else {
      candidates.push(line);
    }
  }

  // 2. Lines past their product's caps (product.md §5: breaches are removed at purchase). A
  // stay's rooms are its own stock, held on the calendar.
  const stayLines = candidates.filter((line) => line.checkInDate);
  const capped = candidates.filter((line) => !line.checkInDate);
  const caps = Object.fromEntries(
    capped.map((line) => [String(line.dealProductId), productMaxQuantity(products.get(line.dealProductId)!)]),
  );
  const review = reviewBasketQuantities(capped, caps);
  removed.push(...review.removed.map(({ line, message }) => ({ line, message })));

  const keptLines = basketLinesWithout(
    input.lines,
    removed.map((r) => r.line),
  );

  // 3. Prices: VIP prices once VIP is in the basket or the customer is VIP.
  const vipPrices = vipPricesApply(input.addons, input.customer?.vipUser ?? false);
  const kept = new Map([...review.kept, ...stayLines].map((line) => [line.id, line]));
  const items = candidates
    .flatMap((c) => kept.get(c.id) ?? [])
    .map((line) =>
      priceItem(line, products.get(line.dealProductId)!, vipPrices, input.stays?.get(line.id) ?? null),
    );
  const accessories = keptLines.filter(isAccessoryLine).flatMap((line): PricedAccessory[] => {
    const accessory = giftAccessory(line.dealProductId);
    if (!accessory) return [];
    const unitPriceMinor = accessory.priceMinor[currency];
    return [{ line, accessory, unitPriceMinor, totalMinor: unitPriceMinor * line.quantity }];
  });
  const addons = input.addons.flatMap((a): PricedAddon[] => {
    if (a.addonType !== "EXT") {
      const addon = ADDON_PRODUCTS[a.addonType];
      return [{ addon, quantity: a.quantity, totalMinor: addon.priceMinor[currency] * a.quantity }];
    }
    // An extension the voucher no longer allows (used, refunded, extended) is not sold.
    const offer = a.voucherId === undefined ? undefined : input.extensions?.get(a.voucherId);
    if (!offer) return [];
    return [
      { addon: extensionAddon(offer), quantity: 1, totalMinor: offer.feeMinor, voucherId: offer.voucherId },
    ];
  });

  const membershipActive = isVipMembershipActive(
    input.customer ? { vipUser: input.customer.vipUser } : undefined,
    now,
  );
  const vipRefused = vipExclusiveLinesRefused(
    items.map((item) => ({
      item,
      vipExclusive: item.product.vipExclusive || item.product.deal.vipExclusive,
    })),
    membershipActive,
  ).map(({ item }) => item);

  // 4. The promo code, on the items' prices.
  let promo: PricedBasket["promo"] = null;
  if (input.promo) {
    const result = applyPromo(
      items.map((item) => ({
        id: item.line.id,
        dealId: item.line.dealId,
        categoryId: item.product.deal.categoryId,
        subCategoryId: item.product.deal.subcategoryId,
        totalMinor: item.unitPriceMinor * item.line.quantity,
        currency,
      })),
      input.promo.promo,
      now,
      input.promo.usage,
    );
    promo = { ...result, code: input.promo.code };
    if (result.ok) {
      for (const discount of result.discounts) {
        const item = items.find((i) => i.line.id === discount.lineId);
        if (item) item.discountMinor = discount.discountMinor;
      }
    }
  }

  // 5. Wallet credit: marketing credit only on deal items, within each one's cap.
  let wallet: WalletPlan | null = null;
  if (input.wallet) {
    wallet = planWalletUse(
      [
        ...items.map((item) => ({
          id: item.line.id,
          totalMinor: item.subtotalMinor - item.discountMinor,
          marketingCreditEligible: true,
        })),
        ...accessories.map((a) => ({
          id: a.line.id,
          totalMinor: a.totalMinor,
          marketingCreditEligible: false,
        })),
        ...addons.map((a) => ({
          id: a.addon.addonType,
          totalMinor: a.totalMinor,
          marketingCreditEligible: false,
        })),
      ],
      input.wallet,
      currency,
    );
    for (const use of wallet.marketingByItem) {
      const item = items.find((i) => i.line.id === use.itemId);
      if (item) item.walletMarketingMinor = use.amountMinor;
    }
  }

  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const accessoryTotal = (kind: "pack" | "wrap") =>
    sum(
      accessories
        .filter((a) => (kind === "wrap" ? a.accessory.kind === "wrapped" : a.accessory.kind !== "wrapped"))
        .map((a) => a.totalMinor),
    );
  const summary: OrderSummary = {
    currency,
    items: sum(items.map((i) => i.unitPriceMinor * i.line.quantity)),
    adminFees: sum(items.map((i) => i.adminFeeMinor * i.line.quantity)),
    postage: sum(items.map((i) => i.postageMinor)),
    giftPacks: accessoryTotal("pack"),
    giftWrap: accessoryTotal("wrap"),
    vipMembership: sum(addons.filter((a) => a.addon.addonType === "VVE").map((a) => a.totalMinor)),
    voucherProtection: sum(addons.filter((a) => a.addon.addonType === "DVP").map((a) => a.totalMinor)),
    extension: sum(addons.filter((a) => a.addon.addonType === "EXT").map((a) => a.totalMinor)),
    discount: sum(items.map((i) => i.discountMinor)),
    wallet: wallet?.creditMinor ?? 0,
    totalOrderAmount: 0,
  };
  summary.totalOrderAmount =
    summary.items +
    summary.adminFees +
    summary.postage +
    summary.giftPacks +
    summary.giftWrap +
    summary.vipMembership +
    summary.voucherProtection +
    summary.extension -
    summary.discount -
    summary.wallet;

  return { items, accessories, addons, removed, keptLines, vipRefused, vipPrices, promo, wallet, summary };
}
