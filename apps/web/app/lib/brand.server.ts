import { BRANDS, type Brand, brandForHost, DEFAULT_BRAND_ID, isBrandId } from "@deals/domain/brand";
import { COOKIES } from "@deals/domain/cookies";
import { readCookie, setCookie } from "./cookies.server.ts";

const isProduction = () => process.env.NODE_ENV === "production";

/**
 * The brand a request is for: picked by host name; outside production a `?brand=<BrandId>`
 * override, or the one chosen so earlier in the visit (its cookie), comes first (design.md
 * "Brands"); an unknown host gets the default brand.
 */
export function brandFor(url: URL, host: string | null, production: boolean, chosen?: string): Brand {
  if (!production) {
    const override = url.searchParams.get("brand") ?? chosen;
    if (isBrandId(override)) return BRANDS[override];
  }
  return brandForHost(host ?? url.host) ?? BRANDS[DEFAULT_BRAND_ID];
}

export function requestBrand(request: Request): Brand {
  return brandFor(
    new URL(request.url),
    request.headers.get("host"),
    isProduction(),
    readCookie(request, COOKIES.brandOverride.name),
  );
}

/**
 * Outside production, the cookie that keeps a `?brand=` choice for the visit, so every link
 * and form after it stays on that brand; undefined when the page names no brand.
 */
export function brandOverrideCookie(request: Request, production = isProduction()): string | undefined {
  const override = new URL(request.url).searchParams.get("brand");
  if (production || !isBrandId(override)) return undefined;
  return setCookie(request, COOKIES.brandOverride, override);
}
