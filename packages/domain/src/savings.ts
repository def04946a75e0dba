/**
 * What a shopper saved by buying here (the /insights dashboard, product.md §2 "dashboard"):
 * against each product's "was" price, and by promo codes. A refunded unit saved nothing, so
 * it counts neither as saved nor as what the purchases would have cost.
 */

export interface PurchasedLine {
  quantity: number;
  /** Units of the line refunded. */
  refundedUnits: number;
  /** One unit's price: what was charged now plus any balance paid to the merchant later. */
  unitPriceMinor: number;
  /** The product's "was" price. */
  wasPriceMinor: number;
  /** The promo code's discount on the whole line. */
  discountMinor: number;
}

export interface Savings {
  /** Against "was" prices and by promo codes together. */
  savedMinor: number;
  againstWasMinor: number;
  promoMinor: number;
  /** The kept units at their "was" prices. */
  wouldHaveCostMinor: number;
  /** Whole percent of what they would have cost, rounded down so it never overstates. */
  percentSaved: number;
  /** Units bought and kept. */
  units: number;
}

export function savingsOf(lines: readonly PurchasedLine[]): Savings {
  let againstWasMinor = 0;
  let promoMinor = 0;
  let wouldHaveCostMinor = 0;
  let units = 0;
  for (const line of lines) {
    const kept = Math.max(0, line.quantity - line.refundedUnits);
    if (kept === 0) continue;
    // A price above the "was" price (a repriced product) saved nothing rather than a loss.
    const wasPrice = Math.max(line.wasPriceMinor, line.unitPriceMinor);
    againstWasMinor += kept * (wasPrice - line.unitPriceMinor);
    // The kept units' share of the line's discount, rounded down: a saving is never overstated.
    promoMinor += Math.floor((line.discountMinor * kept) / line.quantity);
    wouldHaveCostMinor += kept * wasPrice;
    units += kept;
  }
  const savedMinor = againstWasMinor + promoMinor;
  const percentSaved = wouldHaveCostMinor > 0 ? Math.floor((savedMinor * 100) / wouldHaveCostMinor) : 0;
  return { savedMinor, againstWasMinor, promoMinor, wouldHaveCostMinor, percentSaved, units };
}
