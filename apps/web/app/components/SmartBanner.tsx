import type { Brand } from "@deals/domain/brand";
import { pageTypeFor } from "@deals/domain/page-type";
import { shouldShowSmartBanner, smartBannerPlatform } from "@deals/domain/smart-banner";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { appDeepLink, bannerClosedAt } from "../lib/app-link.ts";
import { smartBannerPage } from "../lib/smart-banner-script.ts";

interface SmartBannerProps {
  brand: Brand;
  /** The dismissal cookie: its name and how long it hides the banner. */
  cookie: { name: string; maxAgeSeconds: number };
}

/**
 * The smart app banner (product.md §2 "App shell"): on category and homepage pages, on
 * iPhone, iPod and Android only, until closed; closing hides it for 2 days. Decided in the
 * browser, so the page itself stays the same for everyone (and cacheable).
 */
export function SmartBanner({ brand, cookie }: SmartBannerProps) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState(false);
  // `/` is the homepage of the shopper's location.
  const pageType = pathname === "/" ? "homepage" : pageTypeFor(pathname);

  useEffect(() => {
    setShown(
      shouldShowSmartBanner({
        pageType,
        userAgent: navigator.userAgent,
        closedAt: bannerClosedAt(document.cookie, cookie.name),
        now: new Date(),
      }),
    );
  }, [pageType, cookie.name]);

  if (!shown) return null;
  const platform = smartBannerPlatform(navigator.userAgent);
  if (!platform) return null;
  return (
    <Banner
      brand={brand}
      href={appDeepLink(platform, brand.key, pathname)}
      onClose={() => {
        const secure = location.protocol === "https:" ? "; Secure" : "";
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari, the banner's main audience
        document.cookie = `${cookie.name}=${encodeURIComponent(new Date().toISOString())}; Path=/; Max-Age=${cookie.maxAgeSeconds}; SameSite=Lax${secure}`;
        setShown(false);
      }}
    />
  );
}

function Banner({ brand, href, onClose }: { brand: Brand; href: string; onClose?: () => void }) {
  return (
    <aside className="smart-banner" aria-label={`${brand.name} app`}>
      <button type="button" className="smart-banner__close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      <p className="smart-banner__text">
        <strong>{brand.name}</strong>
        <span>Deals in your pocket: get the app</span>
      </p>
      <a className="button smart-banner__open" href={href}>
        Open
      </a>
    </aside>
  );
}

/**
 * The banner on a plain (not hydrated) page: sent in a template where the page type allows
 * it, and shown on a phone by the plain shell's island (lib/smart-banner-script.ts).
 */
export function PlainSmartBanner({ brand, cookie }: SmartBannerProps) {
  const { pathname } = useLocation();
  if (!smartBannerPage(pathname === "/" ? "homepage" : pageTypeFor(pathname))) return null;
  return (
    <template
      data-smart-banner
      data-cookie-name={cookie.name}
      data-cookie-max-age={cookie.maxAgeSeconds}
      data-ios-href={appDeepLink("ios", brand.key, pathname)}
      data-android-href={appDeepLink("android", brand.key, pathname)}
    >
      <Banner brand={brand} href={appDeepLink("android", brand.key, pathname)} />
    </template>
  );
}
