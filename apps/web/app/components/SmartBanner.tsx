import type { Brand } from "@deals/domain/brand";
import { pageTypeFor } from "@deals/domain/page-type";
import { shouldShowSmartBanner, smartBannerPlatform } from "@deals/domain/smart-banner";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { appDeepLink, bannerClosedAt } from "../lib/app-link.ts";

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
    <aside className="smart-banner" aria-label={`${brand.name} app`}>
      <button
        type="button"
        className="smart-banner__close"
        aria-label="Close"
        onClick={() => {
          const secure = location.protocol === "https:" ? "; Secure" : "";
          // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari, the banner's main audience
          document.cookie = `${cookie.name}=${encodeURIComponent(new Date().toISOString())}; Path=/; Max-Age=${cookie.maxAgeSeconds}; SameSite=Lax${secure}`;
          setShown(false);
        }}
      >
        ×
      </button>
      <p className="smart-banner__text">
        <strong>{brand.name}</strong>
        <span>Deals in your pocket: get the app</span>
      </p>
      <a className="button smart-banner__open" href={appDeepLink(platform, brand.key, pathname)}>
        Open
      </a>
    </aside>
  );
}
