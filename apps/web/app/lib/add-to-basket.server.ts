/** Reading the deal page's add-to-basket form (fields dealId, productId, quantity). */
import { validateProductChoice } from "@deals/domain/validation";
import { ADD_TO_BASKET_FAILED_MESSAGE } from "./add-to-basket.ts";

export interface AddToBasketInput {
  dealId: number;
  productId: number;
  quantity: number;
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
  return { dealId, productId, quantity };
}

/** A fetch() from a script asks for JSON; a plain form post wants a page. */
export function wantsJson(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("application/json");
}
