/**
 * Promo codes: applying one to a basket, and classifying the result message for the shopper
 * and for analytics (product.md §5; services.md §5 and §8 "Promo analytics events").
 */
import type { Currency } from "./brand.ts";

export const PROMO_OUTCOMES = [
  "expired",
  "invalid",
  "already_used",
  "not_applicable",
  "not_eligible",
  "success",
] as const;
export type PromoOutcome = (typeof PROMO_OUTCOMES)[number];

/** The text a result message contains for each refusal, checked in this order. */
const MESSAGE_MARKERS: ReadonlyArray<readonly [string, PromoOutcome]> = [
  ["expired", "expired"],
  ["invalid", "invalid"],
  ["already used", "already_used"],
  ["not applicable", "not_applicable"],
  ["not eligible", "not_eligible"],
];

export const PROMO_ANALYTICS_EVENTS: Record<PromoOutcome, string> = {
  expired: "promo_code_expired",
  invalid: "promo_code_invalid",
  already_used: "promo_code_already_used",
  not_applicable: "promo_code_na_deal",
  not_eligible: "promo_code_na_user",
  success: "promo_code_successful",
};

/** The messages `applyPromo` gives; each classifies as its outcome. */
export const PROMO_MESSAGES = {
  expired: "This promo code has expired",
  invalid: "This promo code is invalid",
  alreadyUsed: "You have already used this promo code",
  notApplicable: "This promo code is not applicable to the deals in your basket",
  notEligible: "You are not eligible for this promo code",
  applied: "Promo code applied",
} as const;

/** Classifies a promo result by its message text; anything else is a success. */
export function classifyPromoMessage(message: unknown): PromoOutcome {
  const text = typeof message === "string" ? message.toLowerCase() : "";
  return MESSAGE_MARKERS.find(([marker]) => text.includes(marker))?.[1] ?? "success";
}

export function promoAnalyticsEvent(message: unknown): string {
  return PROMO_ANALYTICS_EVENTS[classifyPromoMessage(message)];
}

export type PromoDiscount =
  | { kind: "percentage"; percent: number }
  | { kind: "fixed"; amountMinor: number; currency: Currency };

export interface Promo {
  code: string;
  discount: PromoDiscount;
  startsAt?: Date;
  /** The first instant the code no longer works. */
  expiresAt?: Date;
  /** When set, the code applies only to these deals, or to `categoryIds`, whichever match. */
  dealIds?: readonly number[];
  /** Category or subcategory ids the code applies to. */
  categoryIds?: readonly number[];
  /** Uses allowed across all customers. */
  maxUses?: number;
  maxUsesPerCustomer?: number;
  newCustomersOnly?: boolean;
}

export interface PromoUsage {
  /** Times the code has been used by anyone. */
  totalUses: number;
  /** Times this customer has used it. */
  customerUses: number;
  /** Orders this customer has placed before. */
  customerOrders: number;
}

export interface PromoBasketLine {
  id: string;
  dealId: number;
  categoryId?: number;
  subCategoryId?: number;
  /** Line total (price × quantity) in minor units. */
  totalMinor: number;
  currency: Currency;
}

export interface LineDiscount {
  lineId: string;
  discountMinor: number;
}

export type PromoResult =
  | { ok: true; outcome: "success"; message: string; discounts: LineDiscount[]; totalDiscountMinor: number }
  | { ok: false; outcome: Exclude<PromoOutcome, "success">; message: string };

function refuse(message: string): PromoResult {
  return { ok: false, outcome: classifyPromoMessage(message) as Exclude<PromoOutcome, "success">, message };
}

function isWellFormed(discount: PromoDiscount): boolean {
  if (discount.kind === "percentage") return discount.percent > 0 && discount.percent <= 100;
  return Number.isInteger(discount.amountMinor) && discount.amountMinor > 0;
}

function appliesTo(promo: Promo, line: PromoBasketLine): boolean {
  const byDeal = promo.dealIds?.length ? promo.dealIds : undefined;
  const byCategory = promo.categoryIds?.length ? promo.categoryIds : undefined;
  if (!byDeal && !byCategory) return true;
  const dealMatches = byDeal?.includes(line.dealId) ?? false;
  const categoryMatches =
    byCategory !== undefined &&
    [line.categoryId, line.subCategoryId].some((id) => id !== undefined && byCategory.includes(id));
  return dealMatches || categoryMatches;
}

/** A percentage of each line, rounded down so the shopper is never charged below the rate. */
function percentageDiscounts(lines: PromoBasketLine[], percent: number): LineDiscount[] {
  const basisPoints = Math.round(percent * 100);
  return lines.map((l) => ({
    lineId: l.id,
    discountMinor: Math.floor((l.totalMinor * basisPoints) / 10_000),
  }));
}

/**
 * A fixed amount (at most the eligible total) shared across lines in proportion to their
 * totals; the pennies left by rounding go to the lines with the largest remainders.
 */
function fixedDiscounts(lines: PromoBasketLine[], amountMinor: number): LineDiscount[] {
  const eligibleTotal = lines.reduce((sum, l) => sum + l.totalMinor, 0);
  const amount = Math.min(amountMinor, eligibleTotal);
  if (amount === 0) return lines.map((l) => ({ lineId: l.id, discountMinor: 0 }));
  const shares = lines.map((l, index) => {
    const exact = amount * l.totalMinor;
    return { index, floor: Math.floor(exact / eligibleTotal), remainder: exact % eligibleTotal };
  });
  let left = amount - shares.reduce((sum, s) => sum + s.floor, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const share of byRemainder) {
    if (left === 0) break;
    share.floor += 1;
    left -= 1;
  }
  return shares.map((s) => ({ lineId: lines[s.index]!.id, discountMinor: s.floor }));
}

/**
 * Applies a promo code to basket lines at `now`. Refusals, in the order checked: unknown or
 * not yet started (invalid); past its expiry or used up by everyone (expired); used up by this
 * customer (already used); for new customers only (not eligible); no matching deal or a
 * different currency (not applicable). A code that everyone has used up is reported as expired:
 * it will never work again.
 */
export function applyPromo(
  basketLines: PromoBasketLine[],
  promo: Promo | undefined,
  now: Date,
  usage: PromoUsage,
): PromoResult {
  if (!promo || !isWellFormed(promo.discount)) return refuse(PROMO_MESSAGES.invalid);
  if (promo.startsAt && now < promo.startsAt) return refuse(PROMO_MESSAGES.invalid);
  if (promo.expiresAt && now >= promo.expiresAt) return refuse(PROMO_MESSAGES.expired);
  if (promo.maxUses !== undefined && usage.totalUses >= promo.maxUses) return refuse(PROMO_MESSAGES.expired);
  if (promo.maxUsesPerCustomer !== undefined && usage.customerUses >= promo.maxUsesPerCustomer) {
    return refuse(PROMO_MESSAGES.alreadyUsed);
  }
  if (promo.newCustomersOnly && usage.customerOrders > 0) return refuse(PROMO_MESSAGES.notEligible);

  const { discount } = promo;
  const eligible = basketLines.filter(
    (l) => appliesTo(promo, l) && (discount.kind === "percentage" || l.currency === discount.currency),
  );
  if (eligible.length === 0) return refuse(PROMO_MESSAGES.notApplicable);

  const discounts =
    discount.kind === "percentage"
      ? percentageDiscounts(eligible, discount.percent)
      : fixedDiscounts(eligible, discount.amountMinor);
  const totalDiscountMinor = discounts.reduce((sum, d) => sum + d.discountMinor, 0);
  return { ok: true, outcome: "success", message: PROMO_MESSAGES.applied, discounts, totalDiscountMinor };
}
