/**
 * The four brand variants (design.md "Brands"): a main brand and a sister brand, each with a
 * UK site in pounds and an Irish site in euros. Names and artwork are our own.
 */
export const BRAND_IDS = ["main-uk", "main-ie", "sister-uk", "sister-ie"] as const;
export type BrandId = (typeof BRAND_IDS)[number];

/** The `brand` request header names the brand family; `country-code` picks the site. */
export const BRAND_KEYS = ["dealmoor", "fernlight"] as const;
export type BrandKey = (typeof BRAND_KEYS)[number];
export type CountryCode = "gb" | "ie";
export type Currency = "GBP" | "EUR";

export interface BrandLink {
  label: string;
  href: string;
}

export interface Brand {
  id: BrandId;
  key: BrandKey;
  name: string;
  countryCode: CountryCode;
  currency: Currency;
  locale: "en-GB" | "en-IE";
  /** Location shortName used at `/` and as the last fallback (product.md §1). */
  defaultLocation: string;
  /** Production host first; `{id}.localhost` resolves to loopback for local runs and tests. */
  hosts: readonly string[];
  colours: { primary: string; secondary: string; ink: string; surface: string };
  links: { help: readonly BrandLink[]; legal: readonly BrandLink[] };
  social: { facebook: string; instagram: string; x: string; tiktok: string };
  supportEmail: string;
}

const helpLinks = (privacySlug: string): Brand["links"] => ({
  help: [
    { label: "About us", href: "/page/aboutus" },
    { label: "FAQs", href: "/page/faqs" },
    { label: "Need help?", href: "/page/needhelp" },
    { label: "Become a merchant", href: "/page/businessfaq" },
  ],
  legal: [
    { label: "Terms of use", href: "/page/termsofuse" },
    { label: "Privacy policy", href: `/page/${privacySlug}` },
    { label: "E-commerce terms", href: "/page/e-commerceterms" },
    { label: "Admin fee", href: "/page/admin-fee" },
  ],
});

const social = (handle: string): Brand["social"] => ({
  facebook: `https://facebook.example/${handle}`,
  instagram: `https://instagram.example/${handle}`,
  x: `https://x.example/${handle}`,
  tiktok: `https://tiktok.example/@${handle}`,
});

// Shared button colours are the spec's (services.md §9 "Colours"); ink and surface are ours.
const mainColours = { primary: "#3facd7", secondary: "#eb008c", ink: "#1d1d27", surface: "#ffffff" };
const sisterColours = { primary: "#2f7d5b", secondary: "#eb008c", ink: "#1b2620", surface: "#ffffff" };

export const BRANDS: Record<BrandId, Brand> = {
  "main-uk": {
    id: "main-uk",
    key: "dealmoor",
    name: "Dealmoor",
    countryCode: "gb",
    currency: "GBP",
    locale: "en-GB",
    defaultLocation: "london",
    hosts: ["www.dealmoor.co.uk", "main-uk.localhost"],
    colours: mainColours,
    links: helpLinks("privacypolicy"),
    social: social("dealmooruk"),
    supportEmail: "help@dealmoor.co.uk",
  },
  "main-ie": {
    id: "main-ie",
    key: "dealmoor",
    name: "Dealmoor",
    countryCode: "ie",
    currency: "EUR",
    locale: "en-IE",
    defaultLocation: "dublin",
    hosts: ["www.dealmoor.ie", "main-ie.localhost"],
    colours: mainColours,
    links: helpLinks("privacypolicy-ie"),
    social: social("dealmoorie"),
    supportEmail: "help@dealmoor.ie",
  },
  "sister-uk": {
    id: "sister-uk",
    key: "fernlight",
    name: "Fernlight",
    countryCode: "gb",
    currency: "GBP",
    locale: "en-GB",
    defaultLocation: "london",
    hosts: ["www.fernlight.co.uk", "sister-uk.localhost"],
    colours: sisterColours,
    links: helpLinks("privacypolicy"),
    social: social("fernlightuk"),
    supportEmail: "help@fernlight.co.uk",
  },
  "sister-ie": {
    id: "sister-ie",
    key: "fernlight",
    name: "Fernlight",
    countryCode: "ie",
    currency: "EUR",
    locale: "en-IE",
    defaultLocation: "dublin-south",
    hosts: ["www.fernlight.ie", "sister-ie.localhost"],
    colours: sisterColours,
    links: helpLinks("privacypolicy-ie"),
    social: social("fernlightie"),
    supportEmail: "help@fernlight.ie",
  },
};

export const DEFAULT_BRAND_ID: BrandId = "main-uk";

export function isBrandId(value: unknown): value is BrandId {
  return typeof value === "string" && (BRAND_IDS as readonly string[]).includes(value);
}

/** The brand served on a host name (port ignored), or undefined for an unknown host. */
export function brandForHost(host: string | undefined | null): Brand | undefined {
  if (typeof host !== "string") return undefined;
  const name = host.toLowerCase().replace(/:\d+$/, "");
  return Object.values(BRANDS).find((b) => b.hosts.includes(name));
}

/** The brand named by the API's `brand` and `country-code` headers, or undefined. */
export function brandForHeaders(brand: unknown, countryCode: unknown): Brand | undefined {
  if (typeof brand !== "string" || typeof countryCode !== "string") return undefined;
  const key = brand.trim().toLowerCase();
  const country = countryCode.trim().toLowerCase();
  return Object.values(BRANDS).find((b) => b.key === key && b.countryCode === country);
}
