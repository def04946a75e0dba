/**
 * Themes by brand and season (product.md §2 "App shell"). In order: the premium theme when
 * the `site=` lookup says vip; the wellness theme when the local deal location is the
 * wellness collection; on the main brand, a seasonal theme inside its date window; else the
 * brand's own theme.
 *
 * Seasonal windows, as calendar days in Europe/London, both ends included (the spec names
 * the seasons, the dates are ours):
 * - Black Friday: from the Friday a week before Black Friday (the day after the fourth
 *   Thursday of November) to Cyber Monday, three days after it;
 * - Christmas: from the day after Cyber Monday to 25 December;
 * - Valentines: 1 to 14 February.
 * The sister brand keeps its own look all year.
 */
import { BRANDS, type Brand } from "./brand.ts";
import { addDealDays, compareDealDays, type DealDay, dealDayOf } from "./deal-day.ts";
import { toSearchParams } from "./query-params.ts";

export const THEMES = [
  "main",
  "sister",
  "black-friday",
  "christmas",
  "valentines",
  "wellness",
  "premium",
] as const;
export type Theme = (typeof THEMES)[number];
export type SeasonalTheme = "black-friday" | "christmas" | "valentines";

export const WELLNESS_LOCATION = "wellness-collection";
const PREMIUM_SITE_LOOKUP: SiteType = "vip";

/** Black Friday: the day after the fourth Thursday of November. */
export function blackFriday(year: number): DealDay {
  const firstWeekday = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const firstThursday = 1 + ((4 - firstWeekday + 7) % 7);
  return { year, month: 11, day: firstThursday + 21 + 1 };
}

/** The seasonal windows of a year, first day and last day included. */
export function seasonalWindows(year: number): { theme: SeasonalTheme; from: DealDay; to: DealDay }[] {
  const friday = blackFriday(year);
  const cyberMonday = addDealDays(friday, 3);
  return [
    { theme: "valentines", from: { year, month: 2, day: 1 }, to: { year, month: 2, day: 14 } },
    { theme: "black-friday", from: addDealDays(friday, -7), to: cyberMonday },
    { theme: "christmas", from: addDealDays(cyberMonday, 1), to: { year, month: 12, day: 25 } },
  ];
}

/** The seasonal theme of the London calendar day `now` falls on, if any. */
export function seasonalTheme(now: Date): SeasonalTheme | null {
  const today = dealDayOf(now);
  const window = seasonalWindows(today.year).find(
    (w) => compareDealDays(w.from, today) <= 0 && compareDealDays(today, w.to) <= 0,
  );
  return window?.theme ?? null;
}

/**
 * What the site lookup says a partner site is (services.md §7.7 "GET a site lookup to detect
 * VIP"): vip sites get the premium theme, standard ones the usual look.
 */
export const SITE_TYPES = ["vip", "standard"] as const;
export type SiteType = (typeof SITE_TYPES)[number];

/** Site names are lower-case words joined by hyphens, like short names: at most 64 characters. */
const SITE_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SITE_KEY_LENGTH = 64;

export function isSiteKey(text: string): boolean {
  return text.length <= MAX_SITE_KEY_LENGTH && SITE_KEY.test(text);
}

/**
 * The `site=` value to look up for the premium theme, lower-cased; null when the query has
 * none or one that cannot name a site (so junk never costs a lookup).
 */
export function siteLookupKey(query: unknown): string | null {
  const site = toSearchParams(query).get("site")?.trim().toLowerCase();
  return site && isSiteKey(site) ? site : null;
}

export interface ThemeInputs {
  brand: Brand;
  now: Date;
  localDealLocation?: string | null;
  /** What the site lookup answered for the query's `site=`, if one was made. */
  siteLookup?: string | null;
}

export function themeFor({ brand, now, localDealLocation, siteLookup }: ThemeInputs): Theme {
  if (siteLookup?.trim().toLowerCase() === PREMIUM_SITE_LOOKUP) return "premium";
  if (localDealLocation?.trim().toLowerCase() === WELLNESS_LOCATION) return "wellness";
  const isMainBrand = brand.key === BRANDS["main-uk"].key;
  if (!isMainBrand) return "sister";
  return seasonalTheme(now) ?? "main";
}
