/**
 * The smart app banner's open-app link (product.md §2 "App shell": an open-app button to the
 * platform's deep link): the brand's app scheme on iPhone, an intent naming the app on Android.
 * Browser-safe.
 */
import type { BrandKey } from "@deals/domain/brand";
import type { SmartBannerPlatform } from "@deals/domain/smart-banner";

export function appDeepLink(platform: SmartBannerPlatform, brand: BrandKey, path: string): string {
  const target = path.replace(/^\/+/, "");
  if (platform === "ios") return `${brand}://${target}`;
  return `intent://${target}#Intent;scheme=${brand};package=app.${brand}.deals;end`;
}

/** When the shopper closed the banner, from the dismissal cookie's value; null for none or junk. */
export function bannerClosedAt(cookies: string, name: string): Date | null {
  const value = cookies
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!value) return null;
  const date = new Date(decodeURIComponent(value));
  return Number.isNaN(date.getTime()) ? null : date;
}
