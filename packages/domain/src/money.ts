/**
 * Money: integer minor units (pence, cents) with a currency, never floats (design.md
 * "Choices already made"). Formatting goes through Intl with the brand's locale.
 */
import { z } from "zod";
import type { Currency } from "./brand.ts";
import { numberFormat } from "./intl-format.ts";

export const CURRENCIES = ["GBP", "EUR"] as const satisfies readonly Currency[];

export const moneySchema = z.object({
  amountMinor: z.number().int().safe(),
  currency: z.enum(CURRENCIES),
});
export type Money = z.infer<typeof moneySchema>;

/** The locale each currency is shown in: pounds on the UK sites, euros on the Irish ones. */
export const MONEY_LOCALE: Record<Currency, string> = { GBP: "en-GB", EUR: "en-IE" };

/** Thrown when two amounts in different currencies are combined: never convert silently. */
export class MixedCurrencyError extends Error {
  constructor(a: Currency, b: Currency) {
    super(`Cannot combine ${a} and ${b} amounts`);
    this.name = "MixedCurrencyError";
  }
}

function currencyFormatter(locale: string, currency: Currency, fractionDigits: 0 | 2): Intl.NumberFormat {
  return numberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/** Splits an integer minor amount into exact decimal text, e.g. -1250 → "-12.50". */
function minorToDecimalText(amountMinor: number): `${number}` {
  const abs = Math.abs(amountMinor);
  const fraction = abs % 100;
  const whole = (abs - fraction) / 100;
  const sign = amountMinor < 0 ? "-" : "";
  return `${sign}${whole}.${String(fraction).padStart(2, "0")}` as `${number}`;
}

/**
 * Formats an amount for display. Rounding rule: none is needed, the amount is already in
 * minor units; a whole amount drops its decimals ("£59"), any other shows exactly two
 * ("£12.50"). The value reaches Intl as exact decimal text, so large amounts never pick up
 * floating-point error.
 */
export function formatMoney(
  amountMinor: number,
  currency: Currency,
  locale = MONEY_LOCALE[currency],
  decimals: "auto" | "always" = "auto",
): string {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`amountMinor must be a whole number of minor units, got ${amountMinor}`);
  }
  // "always" is for amounts the spec shows to 2 decimals, such as loyalty credit (§5).
  const fractionDigits = decimals === "auto" && amountMinor % 100 === 0 ? 0 : 2;
  const amounts = amountsWritten(locale, currency, fractionDigits);
  let text = amounts.get(amountMinor);
  if (text === undefined) {
    text = currencyFormatter(locale, currency, fractionDigits).format(minorToDecimalText(amountMinor));
    if (amounts.size >= WRITTEN_LIMIT) amounts.clear();
    amounts.set(amountMinor, text);
  }
  return text;
}

/**
 * Amounts already written, by locale, currency and decimals, then by amount. A page of deals
 * writes some seventy prices, many of them alike, and Intl takes a few microseconds for each.
 * Maps keyed by the parts themselves, not one text key: joining the parts into a key for every
 * price took most of a lookup's time (about 110 ns a price against 20 to 30).
 */
const written = new Map<string, Map<Currency, [Map<number, string>, Map<number, string>]>>();
const WRITTEN_LIMIT = 10_000;

function amountsWritten(locale: string, currency: Currency, fractionDigits: 0 | 2): Map<number, string> {
  let byCurrency = written.get(locale);
  if (byCurrency === undefined) {
    byCurrency = new Map();
    written.set(locale, byCurrency);
  }
  let byDecimals = byCurrency.get(currency);
  if (byDecimals === undefined) {
    byDecimals = [new Map(), new Map()];
    byCurrency.set(currency, byDecimals);
  }
  return byDecimals[fractionDigits === 0 ? 0 : 1];
}

/** The separators and symbol a locale uses for a currency, read from Intl itself. */
function currencySymbols(locale: string, currency: Currency) {
  const parts = currencyFormatter(locale, currency, 2).formatToParts(-1234.5);
  const part = (type: Intl.NumberFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { symbol: part("currency"), group: part("group") || ",", decimal: part("decimal") || "." };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const MAX_MONEY_TEXT_LENGTH = 64;

/**
 * Reads an amount back from text such as "£12.50", "€1,234" or "12.5" (the inverse of
 * formatMoney). Returns the amount in minor units, or null for anything that is not a
 * plain amount in this currency: more than two decimals, misplaced group separators, a
 * foreign symbol, or text that is not a string. Never throws.
 */
export function parseMoney(
  text: unknown,
  currency: Currency,
  locale = MONEY_LOCALE[currency],
): number | null {
  if (typeof text !== "string" || text.length > MAX_MONEY_TEXT_LENGTH) return null;
  const { symbol, group, decimal } = currencySymbols(locale, currency);
  let rest = text.replace(/[\s\u00a0\u202f]/g, "");
  let negative = false;
  const takeSign = () => {
    if (rest.startsWith("-") || rest.startsWith("\u2212")) {
      negative = true;
      rest = rest.slice(1);
    }
  };
  takeSign();
  if (symbol && rest.startsWith(symbol)) rest = rest.slice(symbol.length);
  else if (symbol && rest.endsWith(symbol)) rest = rest.slice(0, -symbol.length);
  if (!negative) takeSign();

  const g = escapeRegExp(group);
  const d = escapeRegExp(decimal);
  // Either plain digits or correctly placed groups of three, then at most two decimals.
  const match = new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d{1,2}))?$`).exec(rest);
  if (!match) return null;
  const whole = Number(match[1]!.replaceAll(group, ""));
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  const amountMinor = whole * 100 + fraction;
  if (!Number.isSafeInteger(amountMinor)) return null;
  return negative && amountMinor !== 0 ? -amountMinor : amountMinor;
}

/**
 * The discount as a whole percentage of the original price. Rounding rule: always DOWN,
 * so a discount is never overstated (999 → 500 is 49.95 %, shown as 49 %). No original
 * price, or a price not below it, means no discount (0).
 */
export function discountPercent(originalMinor: number, priceMinor: number): number {
  if (!Number.isSafeInteger(originalMinor) || !Number.isSafeInteger(priceMinor)) return 0;
  if (originalMinor <= 0 || priceMinor >= originalMinor) return 0;
  const saving = originalMinor - Math.max(priceMinor, 0);
  // Both operands are integers, so the quotient is off by far less than 1/originalMinor:
  // flooring it gives the exact whole percentage.
  return Math.floor((saving * 100) / originalMinor);
}

/** What the shopper saves against the original price, in minor units; never negative. */
export function saveAmount(originalMinor: number, priceMinor: number): number {
  if (!Number.isSafeInteger(originalMinor) || !Number.isSafeInteger(priceMinor)) return 0;
  return Math.max(originalMinor - priceMinor, 0);
}

/** Adds two amounts of the same currency; throws MixedCurrencyError otherwise. */
export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new MixedCurrencyError(a.currency, b.currency);
  return { amountMinor: a.amountMinor + b.amountMinor, currency: a.currency };
}

/** Totals amounts in one currency (zero for an empty list); throws MixedCurrencyError on a mix. */
export function sumMoney(currency: Currency, amounts: readonly Money[]): Money {
  return amounts.reduce(addMoney, { amountMinor: 0, currency });
}

const MAJOR_AMOUNT = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/;

/**
 * Converts a major-unit amount (12.5 or "12.50") to minor units (1250). Rounding rule:
 * none; an amount with more than two decimals is rejected (null) rather than rounded, and
 * so is a float that is not exactly a two-decimal value (0.1 + 0.2). Never throws.
 */
export function toMinor(major: unknown): number | null {
  let text: string;
  if (typeof major === "number") {
    if (!Number.isFinite(major)) return null;
    text = String(major);
  } else if (typeof major === "string") {
    text = major.trim();
  } else {
    return null;
  }
  const match = MAJOR_AMOUNT.exec(text);
  if (!match) return null;
  const amountMinor = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(amountMinor)) return null;
  return match[1] === "-" && amountMinor !== 0 ? -amountMinor : amountMinor;
}
