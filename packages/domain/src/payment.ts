/**
 * Payment rules: card checks (product.md §5 "Card") and which payment methods a basket may
 * use (product.md §5 "Cart guards", §6 roles). The API enforces `availablePaymentMethods` and
 * the checkout page shows the same answer, so the two never disagree.
 */
import type { Currency } from "./brand.ts";
import {
  CLEARPAY_BLOCKED_SUBCATEGORY_IDS,
  KLARNA_BLOCKED_SUBCATEGORY_IDS,
  LOW_TOTAL_ONLY_LIMIT_MINOR,
  LOW_TOTAL_ONLY_SUBCATEGORY_IDS,
  PAY_LATER_RANGE_MINOR,
} from "./constants.ts";
import { canBeGifted, GIFT_NOT_ALLOWED_MESSAGE } from "./gifting.ts";
import { formatMoney } from "./money.ts";

// ---------------------------------------------------------------------------------------------
// Cards

export const CARD_BRANDS = [
  "visa",
  "mastercard",
  "amex",
  "diners",
  "discover",
  "jcb",
  "maestro",
  "unknown",
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "MasterCard",
  amex: "American Express",
  diners: "Diners Club",
  discover: "Discover",
  jcb: "JCB",
  maestro: "Maestro",
  unknown: "Unknown",
};

/** Only Visa and MasterCard are taken (product.md §1 and §5). */
export const ACCEPTED_CARD_BRANDS: readonly CardBrand[] = ["visa", "mastercard"];

export const CARD_MESSAGES = {
  numberRequired: "Card number is required",
  numberInvalid: "Card number is invalid",
  brandRefused: "Only Visa and MasterCard are accepted",
  expiryInvalid: "Expiry date is not valid",
  expired: "Card Expired",
  securityCodeRequired: "Security code is required",
  securityCodeInvalid: "Security code is not valid",
} as const;

// Issuer prefixes, checked in this order: the first match names the brand.
const BRAND_PREFIXES: ReadonlyArray<readonly [CardBrand, RegExp]> = [
  ["amex", /^3[47]/],
  ["diners", /^3(?:0[0-5]|095|[689])/],
  ["jcb", /^35(?:2[89]|[3-8])/],
  ["visa", /^4/],
  // MasterCard: 51-55 and the 2-series 2221-2720.
  ["mastercard", /^(?:5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/],
  ["discover", /^(?:6011|64[4-9]|65)/],
  ["maestro", /^(?:5[06-9]|6)/],
];

/** The digits of a card number typed with spaces or dashes; undefined if anything else. */
export function cardDigits(number: unknown): string | undefined {
  if (typeof number !== "string") return undefined;
  const digits = number.replace(/[\s-]/g, "");
  return /^\d+$/.test(digits) ? digits : undefined;
}

/** The card brand from the number's leading digits (works while the number is typed). */
export function detectCardBrand(number: unknown): CardBrand {
  const digits = cardDigits(number);
  if (!digits) return "unknown";
  return BRAND_PREFIXES.find(([, prefix]) => prefix.test(digits))?.[0] ?? "unknown";
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function validateCardNumber(number: unknown): string | undefined {
  if (typeof number !== "string" || number.trim() === "") return CARD_MESSAGES.numberRequired;
  const digits = cardDigits(number);
  if (!digits || digits.length < 12 || digits.length > 19 || !passesLuhn(digits)) {
    return CARD_MESSAGES.numberInvalid;
  }
  return ACCEPTED_CARD_BRANDS.includes(detectCardBrand(digits)) ? undefined : CARD_MESSAGES.brandRefused;
}

/** Reads "MM/YY", "MM/YYYY", "MM / YY" or "MMYY" into a month and a four-digit year. */
export function parseCardExpiry(expiry: unknown): { month: number; year: number } | undefined {
  if (typeof expiry !== "string") return undefined;
  const match = /^\s*(\d{2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

/** Cards run to the end of their expiry month (UTC). */
export function cardHasExpired(expiry: { month: number; year: number }, now: Date): boolean {
  return now.getTime() >= Date.UTC(expiry.year, expiry.month, 1);
}

/** Cards run to the end of their expiry month; an expiry over 20 years away is a typing error. */
export function validateCardExpiry(expiry: unknown, now: Date): string | undefined {
  const parsed = parseCardExpiry(expiry);
  if (!parsed) return CARD_MESSAGES.expiryInvalid;
  if (cardHasExpired(parsed, now)) return CARD_MESSAGES.expired;
  if (parsed.year > now.getUTCFullYear() + 20) return CARD_MESSAGES.expiryInvalid;
  return undefined;
}

/** Three digits, or four on an American Express card. */
export function validateSecurityCode(code: unknown, brand: CardBrand = "unknown"): string | undefined {
  if (typeof code !== "string" || code.trim() === "") return CARD_MESSAGES.securityCodeRequired;
  const length = brand === "amex" ? 4 : 3;
  return new RegExp(`^\\d{${length}}$`).test(code.trim()) ? undefined : CARD_MESSAGES.securityCodeInvalid;
}

export interface CardInput {
  number: unknown;
  expiry: unknown;
  securityCode: unknown;
}

export interface CardCheck {
  ok: boolean;
  brand: CardBrand;
  errors: { number?: string; expiry?: string; securityCode?: string };
}

export function validateCard(card: CardInput, now: Date): CardCheck {
  const brand = detectCardBrand(card.number);
  const errors: CardCheck["errors"] = {};
  const number = validateCardNumber(card.number);
  const expiry = validateCardExpiry(card.expiry, now);
  const securityCode = validateSecurityCode(card.securityCode, brand);
  if (number) errors.number = number;
  if (expiry) errors.expiry = expiry;
  if (securityCode) errors.securityCode = securityCode;
  return { ok: Object.keys(errors).length === 0, brand, errors };
}

// ---------------------------------------------------------------------------------------------
// Payment methods and cart guards

export const PAYMENT_METHODS = [
  "apple_pay",
  "credit_card",
  "clearpay",
  "google_pay",
  "klarna",
  "paypal",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const INSTRUMENT_TYPES = ["EXISTING", "NEW"] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];

export const PAYMENT_PROVIDERS = ["BRAINTREE", "CLEARPAY", "KLARNA"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_PROVIDER_FOR: Record<PaymentMethod, PaymentProvider> = {
  apple_pay: "BRAINTREE",
  credit_card: "BRAINTREE",
  google_pay: "BRAINTREE",
  paypal: "BRAINTREE",
  clearpay: "CLEARPAY",
  klarna: "KLARNA",
};

/** Guests check out with these express options (product.md §6). */
const GUEST_METHODS: readonly PaymentMethod[] = ["apple_pay", "google_pay", "clearpay", "klarna"];
/** Signed-in customers pay by card or PayPal, new or stored (product.md §6). */
const CUSTOMER_METHODS: readonly PaymentMethod[] = ["credit_card", "paypal"];
const PAY_LATER_METHODS: readonly PaymentMethod[] = ["clearpay", "klarna"];

export interface PaymentBasketLine {
  dealId: number;
  subCategoryId?: number;
  highFraudRisk?: boolean;
  /** The line is sent as a gift. */
  gift?: boolean;
  /** The product's admin fee in minor units. */
  adminFee?: number;
}

/** A stored payment instrument of the signed-in customer. */
export interface StoredInstrument {
  id: string;
  type: "card" | "paypal";
  default?: boolean;
}

export interface PaymentContext {
  authenticated: boolean;
  orderTotalMinor: number;
  currency: Currency;
  lines: readonly PaymentBasketLine[];
  storedInstruments: readonly StoredInstrument[];
}

export interface PaymentOption {
  method: PaymentMethod;
  instrumentType: InstrumentType;
  provider: PaymentProvider;
  /** The stored instrument, for an EXISTING option. */
  instrumentId?: string;
}

export interface RefusedPaymentOption {
  method: PaymentMethod;
  instrumentType: InstrumentType;
  reason: string;
}

export const PAYMENT_MESSAGES = {
  guestMethod: "Express checkout is for guests: signed in, pay by card or PayPal.",
  needsLogin: "Log in to pay by card or PayPal.",
  notForBasket: "This payment method is not available for a deal in your basket.",
  noStoredInstrument: "One-click payment needs a stored payment method.",
  unavailable: "This payment method is not available.",
} as const;

/**
 * Whether a refused method is worth explaining to the shopper: one the basket itself rules
 * out (a deal's category, the total), which they would expect to see. Methods for the other
 * kind of shopper (guest or signed in) and one-click without a stored method are simply not
 * shown.
 */
export function explainsRefusal(refused: Pick<RefusedPaymentOption, "reason">): boolean {
  const unexplained: string[] = [
    PAYMENT_MESSAGES.guestMethod,
    PAYMENT_MESSAGES.needsLogin,
    PAYMENT_MESSAGES.noStoredInstrument,
  ];
  return !unexplained.includes(refused.reason);
}

const hasSubcategory = (ctx: PaymentContext, ids: readonly number[]) =>
  ctx.lines.some((l) => l.subCategoryId !== undefined && ids.includes(l.subCategoryId));

/**
 * Problems with the basket itself, which refuse every payment method: deals in certain
 * subcategories are allowed only when the order total is under 50, and a gift only for a
 * product with an adminFee.
 */
export function cartGuardProblems(ctx: PaymentContext): string[] {
  const problems: string[] = [];
  if (
    hasSubcategory(ctx, LOW_TOTAL_ONLY_SUBCATEGORY_IDS) &&
    ctx.orderTotalMinor >= LOW_TOTAL_ONLY_LIMIT_MINOR
  ) {
    const limit = formatMoney(LOW_TOTAL_ONLY_LIMIT_MINOR, ctx.currency);
    problems.push(`A deal in your basket can only be bought in an order under ${limit}.`);
  }
  if (ctx.lines.some((l) => l.gift && !canBeGifted(l))) problems.push(GIFT_NOT_ALLOWED_MESSAGE);
  return problems;
}

function payLaterRangeMessage(currency: Currency): string {
  const min = formatMoney(PAY_LATER_RANGE_MINOR.min, currency);
  const max = formatMoney(PAY_LATER_RANGE_MINOR.max, currency);
  return `Pay later is available for orders between ${min} and ${max}.`;
}

/** Why a method may not be used for this basket, or undefined when it may. */
function methodRefusal(ctx: PaymentContext, method: PaymentMethod, instrumentType: InstrumentType) {
  const highFraudRisk = ctx.lines.some((l) => l.highFraudRisk);
  const oneClickWallet =
    method === "apple_pay" ||
    method === "google_pay" ||
    (method === "paypal" && instrumentType === "EXISTING");
  if (highFraudRisk && (oneClickWallet || PAY_LATER_METHODS.includes(method)))
    return PAYMENT_MESSAGES.notForBasket;
  if (PAY_LATER_METHODS.includes(method)) {
    const { min, max } = PAY_LATER_RANGE_MINOR;
    if (ctx.orderTotalMinor < min || ctx.orderTotalMinor > max) return payLaterRangeMessage(ctx.currency);
  }
  if (method === "clearpay" && hasSubcategory(ctx, CLEARPAY_BLOCKED_SUBCATEGORY_IDS))
    return PAYMENT_MESSAGES.notForBasket;
  if (method === "klarna" && hasSubcategory(ctx, KLARNA_BLOCKED_SUBCATEGORY_IDS))
    return PAYMENT_MESSAGES.notForBasket;
  return undefined;
}

/** Every method the shopper could be offered, with the stored instruments for one-click. */
function candidates(ctx: PaymentContext): { offered: PaymentOption[]; refused: RefusedPaymentOption[] } {
  const offered: PaymentOption[] = [];
  const refused: RefusedPaymentOption[] = [];
  const audience = ctx.authenticated ? CUSTOMER_METHODS : GUEST_METHODS;
  for (const method of PAYMENT_METHODS) {
    const provider = PAYMENT_PROVIDER_FOR[method];
    if (!audience.includes(method)) {
      const reason = ctx.authenticated ? PAYMENT_MESSAGES.guestMethod : PAYMENT_MESSAGES.needsLogin;
      refused.push({ method, instrumentType: "NEW", reason });
      continue;
    }
    offered.push({ method, instrumentType: "NEW", provider });
    if (!ctx.authenticated) continue;
    const type = method === "credit_card" ? "card" : "paypal";
    const stored = ctx.storedInstruments.filter((i) => i.type === type);
    if (stored.length === 0) {
      refused.push({ method, instrumentType: "EXISTING", reason: PAYMENT_MESSAGES.noStoredInstrument });
    }
    for (const instrument of stored) {
      offered.push({ method, instrumentType: "EXISTING", provider, instrumentId: instrument.id });
    }
  }
  return { offered, refused };
}

/**
 * The payment options for a basket, and the reason for each one refused. A basket problem
 * (cartGuardProblems) refuses them all.
 */
export function availablePaymentMethods(ctx: PaymentContext): {
  offered: PaymentOption[];
  refused: RefusedPaymentOption[];
} {
  const all = candidates(ctx);
  const [basketProblem] = cartGuardProblems(ctx);
  const offered: PaymentOption[] = [];
  const refused = [...all.refused];
  for (const option of all.offered) {
    const reason = basketProblem ?? methodRefusal(ctx, option.method, option.instrumentType);
    if (reason) refused.push({ method: option.method, instrumentType: option.instrumentType, reason });
    else offered.push(option);
  }
  return { offered, refused };
}

/** Server-side check of the option a shopper chose. */
export function checkPaymentChoice(
  ctx: PaymentContext,
  choice: { method: PaymentMethod; instrumentType: InstrumentType; instrumentId?: string },
): { ok: true; option: PaymentOption } | { ok: false; reason: string } {
  const { offered, refused } = availablePaymentMethods(ctx);
  const option = offered.find(
    (o) =>
      o.method === choice.method &&
      o.instrumentType === choice.instrumentType &&
      (choice.instrumentType === "NEW" || o.instrumentId === choice.instrumentId),
  );
  if (option) return { ok: true, option };
  const reason = refused.find(
    (r) => r.method === choice.method && r.instrumentType === choice.instrumentType,
  )?.reason;
  return { ok: false, reason: reason ?? PAYMENT_MESSAGES.unavailable };
}
