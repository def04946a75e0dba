import { BRANDS, type Brand, brandForHost, DEFAULT_BRAND_ID, isBrandId } from "@deals/domain/brand";

/**
 * The brand a request is for: picked by host name, with a `?brand=<BrandId>` override outside
 * production (design.md "Brands"); an unknown host gets the default brand.
 */
export function brandFor(url: URL, host: string | null, production: boolean): Brand {
  const override = url.searchParams.get("brand");
  if (!production && isBrandId(override)) return BRANDS[override];
  return brandForHost(host ?? url.host) ?? BRANDS[DEFAULT_BRAND_ID];
}

export function requestBrand(request: Request): Brand {
  return brandFor(new URL(request.url), request.headers.get("host"), process.env.NODE_ENV === "production");
}
