/**
 * Reading the deal page's add-to-basket form (fields dealId, productId, quantity, and
 * sessionPurchaseSource when the shopper arrived by a route that keeps a last-chance deal on
 * sale, product.md §4).
 */
import { LAST_CHANCE_ARRIVALS, type LastChanceArrival } from "@deals/domain/availability";
import { validateProductChoice } from "@deals/domain/validation";
import { ADD_TO_BASKET_FAILED_MESSAGE } from "./add-to-basket.ts";

export interface AddToBasketInput {
  dealId: number;
  productId: number;
  quantity: number;
  sessionPurchaseSource?: LastChanceArrival;
}

/** The arrival a form or link names, when it is one the availability rules know. */
export function lastChanceArrival(value: FormDataEntryValue | null): LastChanceArrival | undefined {
  return LAST_CHANCE_ARRIVALS.find((arrival) => arrival === value);
}

const positiveWhole = (value: FormDataEntryValue | null): number | undefined => {
  const text = typeof value === "string" ? value.trim() : "";
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
};

/**
 * The product and quantity the form asks for, or the message saying what is missing: a
 * product must be chosen with a quantity of one or more (product.md §5 "Choose at least one
 * product"). Caps are the basket's to check.
 */
export function readAddToBasketForm(form: FormData): AddToBasketInput | { problem: string } {
  const dealId = positiveWhole(form.get("dealId"));
  const productId = positiveWhole(form.get("productId"));
  const quantity = positiveWhole(form.get("quantity"));
  const problem = validateProductChoice(productId === undefined ? {} : { [productId]: quantity ?? 0 });
  if (problem) return { problem };
  if (dealId === undefined || productId === undefined || quantity === undefined) {
    return { problem: ADD_TO_BASKET_FAILED_MESSAGE };
  }
  const source = lastChanceArrival(form.get("sessionPurchaseSource"));
  return { dealId, productId, quantity, ...(source ? { sessionPurchaseSource: source } : {}) };
}

/** A fetch() from a script asks for JSON; a plain form post wants a page. */
export function wantsJson(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("application/json");
}
