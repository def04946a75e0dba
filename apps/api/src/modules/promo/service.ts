/**
 * Applying a promo code (product.md §5: percentage or fixed, per deal or category, expiry,
 * global and per-customer limits; login needed). The code is checked against the basket as it
 * is, by the rules package's applyPromo, and kept on the basket only when it applies; it is
 * checked again on every checkout load and taken for good only inside the order transaction.
 */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { classifyPromoMessage, promoAnalyticsEvent } from "@deals/domain/promo";
import type { Customer } from "../accounts/auth.ts";
import { findBasket, updateBasket } from "../basket/queries.ts";
import { assertBasketAccess, requireBasketToken } from "../basket/service.ts";
import { loadCheckoutState } from "../checkout/state.ts";
import { normalisePromoCode } from "./queries.ts";
import type { PromoResultBody } from "./schemas.ts";

export interface PromoContext {
  db: Db;
  now: Date;
  brand: Brand;
  customer: Customer;
}

export async function applyPromoCode(
  ctx: PromoContext,
  basketToken: string,
  promoCode: string,
): Promise<PromoResultBody> {
  const token = requireBasketToken(basketToken);
  const basket = assertBasketAccess(await findBasket(ctx.db, token), ctx);
  const code = normalisePromoCode(promoCode);
  const state = await loadCheckoutState(
    ctx.db,
    { basket, brand: ctx.brand, customer: ctx.customer, buyerKey: null, now: ctx.now },
    { useWallet: false, promoCode: code },
  );
  const result = state.priced.promo!;
  if (result.ok) await updateBasket(ctx.db, token, { promoCode: code }, ctx.now);
  return {
    code,
    applicable: result.ok,
    message: result.message,
    outcome: classifyPromoMessage(result.message),
    analyticsEvent: promoAnalyticsEvent(result.message),
    discount: result.ok ? result.totalDiscountMinor : 0,
  };
}

export async function removePromoCode(
  ctx: Omit<PromoContext, "customer"> & { customer: Customer | null },
  basketToken: string,
) {
  const token = requireBasketToken(basketToken);
  assertBasketAccess(await findBasket(ctx.db, token), ctx);
  await updateBasket(ctx.db, token, { promoCode: null }, ctx.now);
}
