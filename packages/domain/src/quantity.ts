/**
 * Quantity caps (product.md §5 "Validation rules"): how many units a shopper may buy, and
 * the review of a basket at purchase that removes lines breaching their cap.
 */

export interface QuantityCaps {
  /** Units one customer may buy of the product in all. */
  purchaseCap?: number | null;
  totalRemainingForDay?: number | null;
  totalRemainingForWeek?: number | null;
  totalRemaining?: number | null;
  /** The personal maximum the server gives (userDealInfo.maxQuantityUserCanBuy). */
  userMaximum?: number | null;
  /** Units this customer already bought; they count against purchaseCap. */
  alreadyBought?: number | null;
}

/** A cap as a whole number of units, or undefined when absent or junk. */
function units(value: number | null | undefined): number | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
  return Math.max(Math.floor(value), 0);
}

/**
 * The most units the shopper may buy now: the minimum of every cap that is given (purchase
 * cap less what they already bought, remaining for the day, for the week, in all, and their
 * personal maximum), never negative. Null when no cap is given at all.
 */
export function maxQuantity(caps: QuantityCaps): number | null {
  const purchaseCap = units(caps.purchaseCap);
  const personalLeft =
    purchaseCap === undefined ? undefined : Math.max(purchaseCap - (units(caps.alreadyBought) ?? 0), 0);
  const given = [
    personalLeft,
    units(caps.totalRemainingForDay),
    units(caps.totalRemainingForWeek),
    units(caps.totalRemaining),
    units(caps.userMaximum),
  ].filter((cap) => cap !== undefined);
  return given.length === 0 ? null : Math.min(...given);
}

/** The message for a basket line removed at purchase (services.md §8 "Availability"). */
export const MAX_QUANTITY_REACHED_MESSAGE = "Max quantity reached.";

export interface BasketQuantityLine {
  dealProductId: string | number;
  quantity: number;
}

export interface BasketQuantityReview<L> {
  kept: L[];
  removed: { line: L; message: typeof MAX_QUANTITY_REACHED_MESSAGE }[];
}

/**
 * Reviews a basket against each product's cap (from maxQuantity), keyed by product id.
 * Lines of one product share its cap, counted in basket order; a line that would take the
 * product past its cap is removed whole, with "Max quantity reached." (product.md §5:
 * breaches cause removal at purchase). A product with no cap keeps all its lines.
 */
export function reviewBasketQuantities<L extends BasketQuantityLine>(
  lines: readonly L[],
  caps: Readonly<Record<string, number | null | undefined>>,
): BasketQuantityReview<L> {
  const counted = new Map<string, number>();
  const review: BasketQuantityReview<L> = { kept: [], removed: [] };
  for (const line of lines) {
    const productId = String(line.dealProductId);
    const cap = Object.hasOwn(caps, productId) ? units(caps[productId]) : undefined;
    const total = (counted.get(productId) ?? 0) + line.quantity;
    if (cap !== undefined && total > cap) {
      review.removed.push({ line, message: MAX_QUANTITY_REACHED_MESSAGE });
    } else {
      counted.set(productId, total);
      review.kept.push(line);
    }
  }
  return review;
}

/**
 * A guest basket's line joining the same product in the customer's basket on sign-in: the
 * quantities add up to the cap (`max`, from maxQuantity), and what the customer's basket
 * already held is never taken away by the merge (a breach is removed at purchase instead).
 */
export function mergedQuantity(current: number, added: number, max: number | null): number {
  const wanted = current + added;
  if (max === null || wanted <= max) return wanted;
  return Math.max(current, max);
}
