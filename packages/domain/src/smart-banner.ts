/**
 * The smart app banner (product.md §2 "App shell", §4 "Smart banner"): only on category and
 * homepage pages, only on iPhone/iPod or Android, and hidden for 2 days once closed.
 */
import { SMART_BANNER_HIDE_DAYS } from "./constants.ts";
import type { PageType } from "./page-type.ts";

export type SmartBannerPlatform = "ios" | "android";

const BANNER_PAGE_TYPES: readonly (PageType | null)[] = ["category", "homepage"];

/** The app platform a user agent belongs to; iPads and desktops get no banner. */
export function smartBannerPlatform(userAgent: unknown): SmartBannerPlatform | null {
  if (typeof userAgent !== "string") return null;
  if (/\b(?:iPhone|iPod)\b/.test(userAgent)) return "ios";
  if (/\bAndroid\b/.test(userAgent)) return "android";
  return null;
}

export interface SmartBannerContext {
  pageType: PageType | null;
  userAgent: unknown;
  /** When the shopper last closed the banner, if they did. */
  closedAt?: Date | null;
  now: Date;
}

/** Show the banner? Right page type, right platform, and not closed in the last 2 days. */
export function shouldShowSmartBanner(context: SmartBannerContext): boolean {
  if (!BANNER_PAGE_TYPES.includes(context.pageType) || !smartBannerPlatform(context.userAgent)) return false;
  const { closedAt, now } = context;
  if (!closedAt || Number.isNaN(closedAt.getTime())) return true;
  return now.getTime() >= closedAt.getTime() + SMART_BANNER_HIDE_DAYS * 24 * 3_600_000;
}
