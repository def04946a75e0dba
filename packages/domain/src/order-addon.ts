/**
 * The second-checkout upsell (product.md "second-checkout benefits and deals upsell"): a deal
 * added to an order is paid in one click with the same stored instrument that paid the order,
 * never another one the customer keeps. When that instrument cannot pay again, the deal goes
 * to the basket and the shopper pays at checkout, told why.
 */
import { cardHasExpired } from "./payment.ts";

export const ORDER_ADDON_MESSAGES = {
  notKept:
    "The payment this order was made with is not kept for next time, so a deal you add goes to your basket and you pay at checkout.",
  expired:
    "The card this order was paid with has expired, so a deal you add goes to your basket and you pay at checkout.",
} as const;

export interface OrderInstrument {
  type: "card" | "paypal";
  expiryMonth: number | null;
  expiryYear: number | null;
}

/**
 * Why the order's own stored instrument cannot pay for an add-on, or undefined when it can:
 * none kept (a card not saved, a device wallet, pay later or wallet credit) or a card expired
 * since. PayPal accounts do not expire.
 */
export function addonInstrumentProblem(
  instrument: OrderInstrument | undefined,
  now: Date,
): string | undefined {
  if (!instrument) return ORDER_ADDON_MESSAGES.notKept;
  const { expiryMonth: month, expiryYear: year } = instrument;
  if (instrument.type === "card" && month !== null && year !== null && cardHasExpired({ month, year }, now)) {
    return ORDER_ADDON_MESSAGES.expired;
  }
  return undefined;
}
