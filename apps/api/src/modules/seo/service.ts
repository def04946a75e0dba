/**
 * What crawlers read (product.md §2 "Page head"): robots.txt and the sitemaps of the brand
 * named by the Host, and the Organization the storefront describes in JSON-LD. The sitemap
 * is an index: one child lists the listing and content pages, then the live deals in
 * children of at most 50,000 URLs each (the sitemaps protocol's limit).
 */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { SITEMAP_MAX_URLS } from "@deals/domain/constants";
import { GIFT_RECIPIENTS } from "@deals/domain/gift-finder";
import { staticPagePath, staticPageSlugs } from "@deals/domain/static-pages";
import { liveSince } from "../deals/service.ts";
import { dealUrlPath, storefrontOrigin } from "../deals/summaries.ts";
import { listLocations } from "../locations/queries.ts";
import { GUIDE_SLUGS } from "../static-pages/content.ts";
import { countLiveDeals, listListingPaths, listLiveDeals, liveDealIdBefore } from "./queries.ts";
import type { Organization } from "./schemas.ts";

export const PAGES_SITEMAP = "pages.xml";
const dealsSitemap = (n: number) => `deals-${n}.xml`;

/** The children of the sitemap index for a count of live deals: pages first, then deals. */
export function sitemapChildren(liveDeals: number, maxUrls = SITEMAP_MAX_URLS): string[] {
  const dealPages = Math.ceil(liveDeals / maxUrls);
  return [PAGES_SITEMAP, ...Array.from({ length: dealPages }, (_, i) => dealsSitemap(i + 1))];
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const xmlText = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

export function urlSetXml(urls: readonly SitemapUrl[]): string {
  const entries = urls.map(
    (url) =>
      `<url><loc>${xmlText(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ""}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${entries.join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(locations: readonly string[]): string {
  const entries = locations.map((loc) => `<sitemap><loc>${xmlText(loc)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

export async function sitemapIndex(db: Db, brand: Brand, now: Date): Promise<string> {
  const origin = storefrontOrigin(brand);
  const children = sitemapChildren(await countLiveDeals(db, brand.id, liveSince(now)));
  return sitemapIndexXml(children.map((child) => `${origin}/sitemaps/${child}`));
}

const BRANCH_ROOTS = { national: "/deals/shop", travel: "/deals/escapes", gifts: "/gifts" } as const;

/** Every listing and content page worth indexing. */
export async function pagesSitemap(db: Db, brand: Brand, now: Date): Promise<string> {
  const [locationRows, listingPaths] = await Promise.all([
    listLocations(db, brand.id),
    listListingPaths(db, brand.id, liveSince(now)),
  ]);
  const paths = new Set<string>(["/"]);
  for (const location of locationRows) paths.add(`/deals/${location.shortName}`);
  for (const row of listingPaths) {
    const root =
      row.canonicalPathType === "local"
        ? row.location && `/deals/${row.location}/${row.category}`
        : BRANCH_ROOTS[row.canonicalPathType];
    if (!root) continue;
    paths.add(root);
    paths.add(`${root}/${row.subcategory}`);
    if (row.subsubcategory) paths.add(`${root}/${row.subcategory}/${row.subsubcategory}`);
  }
  for (const path of [
    "/deals/vip",
    "/deals/wellness-collection",
    "/early-bird",
    "/gift-finder",
    "/near-me/hub",
  ]) {
    paths.add(path);
  }
  for (const recipient of GIFT_RECIPIENTS) paths.add(`/gift-finder/${recipient.searchTag}`);
  for (const slug of GUIDE_SLUGS) paths.add(`/guides/${slug}`);
  for (const slug of staticPageSlugs(brand)) paths.add(staticPagePath(slug));
  const origin = storefrontOrigin(brand);
  return urlSetXml([...paths].map((path) => ({ loc: `${origin}${path}` })));
}

/** The n-th (1-based) sitemap of live deals, or undefined when there is no such page. */
export async function dealsSitemapXml(
  db: Db,
  brand: Brand,
  n: number,
  now: Date,
): Promise<string | undefined> {
  const since = liveSince(now);
  const after = await liveDealIdBefore(db, brand.id, since, n - 1, SITEMAP_MAX_URLS);
  if (after === undefined) return undefined;
  const rows = await listLiveDeals(db, brand.id, since, after, SITEMAP_MAX_URLS);
  if (rows.length === 0 && n > 1) return undefined;
  const origin = storefrontOrigin(brand);
  return urlSetXml(
    rows.map((row) => ({
      loc: `${origin}${dealUrlPath(row)}`,
      lastmod: row.publishedAt.toISOString().slice(0, 10),
    })),
  );
}

/** Paths crawlers have no business in: accounts, checkout, personal lists, search, the API. */
const DISALLOWED = [
  "/checkout",
  "/order-addon",
  "/myaccount",
  "/login",
  "/register",
  "/forgot-password",
  "/mygift",
  "/wishlist",
  "/buy-again",
  "/insights",
  "/recently-viewed",
  "/recommended-for-you",
  "/search",
  "/v1/",
  "/dev/",
  // Sorted and previewed copies of listing and deal pages.
  "/*?*orderBy=",
  "/*?*dealPreview=",
];

export function robotsTxt(brand: Brand): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${storefrontOrigin(brand)}/sitemap.xml`,
    "",
  ].join("\n");
}

export function organization(brand: Brand): Organization {
  const origin = storefrontOrigin(brand);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: brand.name,
    url: `${origin}/`,
    email: brand.supportEmail,
    areaServed: brand.countryCode === "ie" ? "IE" : "GB",
    sameAs: Object.values(brand.social),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      email: brand.supportEmail,
      url: `${origin}/page/needhelp`,
      availableLanguage: "English",
    },
  };
}
