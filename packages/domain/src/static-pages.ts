/**
 * Static pages at /page/{slug} (product.md §2 "Routes"). The Irish sites have their own
 * privacy policy, privacypolicy-ie, in place of privacypolicy.
 */
import type { Brand } from "./brand.ts";

/** The slugs as the UK sites serve them; "vip terms" has the slug vip-terms. */
export const STATIC_PAGE_SLUGS = [
  "aboutus",
  "faqs",
  "privacypolicy",
  "termsofuse",
  "e-commerceterms",
  "internetsafety",
  "takedown",
  "productrecalls",
  "needhelp",
  "giftcardterms",
  "wallettermsofuse",
  "wallet-credit-more-info",
  "student-discount",
  "klarna-faqs",
  "admin-fee",
  "vip-terms",
  "marketingdefinitions",
  "uk-modern-slavery-act-transparency-statement",
  "regulated-finance-complaints.html",
  "regulated-finance-disclosure.html",
  "businessfaq",
] as const;

const UK_PRIVACY = "privacypolicy";
const IRISH_PRIVACY = "privacypolicy-ie";

export function privacyPolicySlug(brand: Brand): string {
  return brand.countryCode === "ie" ? IRISH_PRIVACY : UK_PRIVACY;
}

/** Every static page slug a brand's site serves. */
export function staticPageSlugs(brand: Brand): string[] {
  return STATIC_PAGE_SLUGS.map((slug) => (slug === UK_PRIVACY ? privacyPolicySlug(brand) : slug));
}

export type StaticPageLookup =
  | { kind: "page"; slug: string }
  | { kind: "redirect"; slug: string }
  | { kind: "notFound" };

/** Other names of the VIP terms page ("vip terms" in the spec's list, /page/vip). */
const VIP_TERMS_ALIASES = ["vip", "vip terms", "vipterms"];

/**
 * What /page/{slug} is on a brand's site: the page, a redirect to the site's own privacy
 * policy when the other country's is asked for (or to the VIP terms by another name), or
 * not found.
 */
export function lookupStaticPage(slug: unknown, brand: Brand): StaticPageLookup {
  if (typeof slug !== "string") return { kind: "notFound" };
  const wanted = slug.trim().toLowerCase();
  if (staticPageSlugs(brand).includes(wanted)) return { kind: "page", slug: wanted };
  if (wanted === UK_PRIVACY || wanted === IRISH_PRIVACY)
    return { kind: "redirect", slug: privacyPolicySlug(brand) };
  if (VIP_TERMS_ALIASES.includes(wanted)) return { kind: "redirect", slug: "vip-terms" };
  return { kind: "notFound" };
}

export function staticPagePath(slug: string): string {
  return `/page/${slug}`;
}
