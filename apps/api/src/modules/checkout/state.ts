/**
 * Everything known about a basket at checkout: its row, its products' facts, the buyer's
 * wallet and stored instruments, the promo code's terms and the priced result. The checkout
 * page and order placement both start here, so they price the same basket the same way.
 */
import type { Db, DbTransaction } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import type { PaymentContext } from "@deals/domain/payment";
import type { WalletEntry } from "@deals/domain/wallet";
import type { Customer } from "../accounts/auth.ts";
import type { BasketRow } from "../basket/queries.ts";
import { salesWindowStarts } from "../deals/service.ts";
import { extensionOffers } from "../extension/offer.ts";
import { type InstrumentRow, instrumentsOf } from "../payments/instruments.ts";
import { loadPromo } from "../promo/queries.ts";
import { liveHoldsOf } from "../travel/queries.ts";
import { walletOf } from "../wallet/queries.ts";
import { customerBuyerKey } from "./buyer.ts";
import { type PricedBasket, priceBasket } from "./pricing.ts";
import { loadProductFacts, type ProductFacts } from "./products.ts";

export interface CheckoutOptions {
  /** Spend wallet credit (query wallet=true). */
  useWallet: boolean;
  /** A promo code to use instead of the one stored on the basket. */
  promoCode?: string | undefined;
  /**
   * Whether to read the customer's wallet and stored instruments when they are not needed to
   * price the basket (the checkout page shows them; a payment by a new card does not need them).
   */
  details?: boolean;
}

export interface CheckoutState {
  basket: BasketRow;
  priced: PricedBasket;
  wallet: WalletEntry[];
  instruments: InstrumentRow[];
  /** The code priced, and whether the caller may use one at all (login needed). */
  promoCode: string | null;
}

export async function loadCheckoutState(
  db: Db | DbTransaction,
  input: {
    basket: BasketRow;
    /** The facts of the basket's products, when read with it (checkoutBasket) for this buyer. */
    products?: Map<number, ProductFacts>;
    brand: Brand;
    customer: Customer | null;
    buyerKey: string | null;
    now: Date;
  },
  options: CheckoutOptions,
): Promise<CheckoutState> {
  const { basket, brand, customer, now } = input;
  const buyerKey = input.buyerKey ?? (customer ? customerBuyerKey(customer) : null);
  const products =
    input.products ??
    (await loadProductFacts(
      db,
      [...new Set(basket.lines.map((l) => l.dealProductId))],
      salesWindowStarts(now),
      buyerKey,
    ));
  const details = options.details ?? true;
  const wallet = customer && (details || options.useWallet) ? await walletOf(db, customer.id) : [];
  const instruments = customer && details ? await instrumentsOf(db, customer.id) : [];
  // product.md §5: a promo code needs a login.
  const promoCode = customer ? (options.promoCode ?? basket.promoCode) : null;
  const promo =
    promoCode && buyerKey
      ? { code: promoCode, ...(await loadPromo(db, promoCode, brand.id, buyerKey)) }
      : undefined;
  // Only a basket with a stay reads the holds.
  const stays = basket.lines.some((l) => l.checkInDate)
    ? await liveHoldsOf(db, basket.token, now)
    : undefined;
  // Extensions are sold only to the voucher's owner, while the voucher allows one.
  const extending = basket.addons.flatMap((a) => (a.addonType === "EXT" && a.voucherId ? [a.voucherId] : []));
  const extensions =
    customer && extending.length > 0
      ? await extensionOffers(db, { id: customer.id, brandId: brand.id }, extending, now)
      : undefined;
  const priced = priceBasket({
    currency: brand.currency,
    lines: basket.lines,
    addons: basket.addons,
    products,
    customer,
    now,
    ...(promo ? { promo } : {}),
    ...(options.useWallet && customer ? { wallet } : {}),
    ...(stays ? { stays } : {}),
    ...(extensions ? { extensions } : {}),
  });
  return { basket, priced, wallet, instruments, promoCode };
}

/** The payment rules' view of the basket (availablePaymentMethods, checkPaymentChoice). */
export function paymentContext(state: CheckoutState, brand: Brand, authenticated: boolean): PaymentContext {
  return {
    authenticated,
    orderTotalMinor: state.priced.summary.totalOrderAmount,
    currency: brand.currency,
    lines: state.priced.items.map((item) => ({
      dealId: item.line.dealId,
      subCategoryId: item.product.deal.subcategoryId,
      highFraudRisk: item.product.deal.highFraudRisk,
      gift: item.line.gifting?.gift ?? false,
      adminFee: item.adminFeeMinor,
    })),
    storedInstruments: state.instruments.map((i) => ({
      id: String(i.id),
      type: i.type,
      default: i.isDefault,
    })),
  };
}
