/** The web app manifest of a brand's site (product.md §2 "Page head": manifest). */
import type { Brand } from "@deals/domain/brand";

export function webManifest(brand: Brand) {
  return {
    name: brand.name,
    short_name: brand.name,
    description: `Local deals, shopping, escapes and gifts from ${brand.name}.`,
    lang: brand.locale,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: brand.colours.surface,
    theme_color: brand.colours.primary,
    icons: [{ src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
  };
}
