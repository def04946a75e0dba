/**
 * The smart app banner on plain (not hydrated) pages (product.md §2 "App shell", domain
 * smart-banner.ts). The server knows the page type and sends the banner in a <template>
 * only where it may show; the plain shell's island decides the rest in the browser, as the
 * hydrated SmartBanner does: an iPhone, iPod or Android phone, not closed in the last 2
 * days. The banner docks at the bottom of the screen, so showing it moves nothing.
 */

import { SMART_BANNER_HIDE_DAYS } from "@deals/domain/constants";
import type { PageType } from "@deals/domain/page-type";
import { smartBannerPlatform } from "@deals/domain/smart-banner";
import { bannerClosedAt } from "./app-link.ts";

/** The page types that show the banner (shouldShowSmartBanner's first condition). */
export function smartBannerPage(pageType: PageType | null): boolean {
  return pageType === "homepage" || pageType === "category";
}

/** The phone's part of shouldShowSmartBanner: a phone platform, and not closed lately. */
export function smartBannerShown(
  platform: string | null,
  closedAt: Date | null,
  now: number,
  hideMs: number,
): boolean {
  if (!platform) return false;
  return !closedAt || Number.isNaN(closedAt.getTime()) || now >= closedAt.getTime() + hideMs;
}

function showSmartBanner(
  platformOf: typeof smartBannerPlatform,
  closedAtOf: typeof bannerClosedAt,
  shown: typeof smartBannerShown,
  hideMs: number,
): void {
  const template = document.querySelector<HTMLTemplateElement>("template[data-smart-banner]");
  if (!template) return;
  const cookieName = template.dataset.cookieName ?? "";
  const platform = platformOf(navigator.userAgent);
  if (!platform || !shown(platform, closedAtOf(document.cookie, cookieName), Date.now(), hideMs)) return;
  const banner = template.content.firstElementChild?.cloneNode(true);
  if (!(banner instanceof HTMLElement)) return;
  const open = banner.querySelector("a");
  const href = platform === "ios" ? template.dataset.iosHref : template.dataset.androidHref;
  if (open && href) open.href = href;
  banner.querySelector("button")?.addEventListener("click", () => {
    const secure = location.protocol === "https:" ? "; Secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari, the banner's main audience
    document.cookie = `${cookieName}=${encodeURIComponent(new Date().toISOString())}; Path=/; Max-Age=${template.dataset.cookieMaxAge}; SameSite=Lax${secure}`;
    banner.remove();
  });
  template.after(banner);
}

/** Shows the banner on this phone when it may. */
export function showPlainSmartBanner(): void {
  showSmartBanner(
    smartBannerPlatform,
    bannerClosedAt,
    smartBannerShown,
    SMART_BANNER_HIDE_DAYS * 24 * 3_600_000,
  );
}
