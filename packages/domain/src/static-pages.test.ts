import { describe, expect, it } from "vitest";
import { BRANDS } from "./brand.ts";
import {
  lookupStaticPage,
  privacyPolicySlug,
  STATIC_PAGE_SLUGS,
  staticPagePath,
  staticPageSlugs,
} from "./static-pages.ts";

describe("static pages", () => {
  it("lists the spec's slugs", () => {
    expect(STATIC_PAGE_SLUGS).toContain("uk-modern-slavery-act-transparency-statement");
    expect(STATIC_PAGE_SLUGS).toContain("regulated-finance-disclosure.html");
    expect(STATIC_PAGE_SLUGS).toHaveLength(21);
  });

  it("gives the Irish sites their own privacy policy", () => {
    expect(privacyPolicySlug(BRANDS["main-uk"])).toBe("privacypolicy");
    expect(privacyPolicySlug(BRANDS["sister-uk"])).toBe("privacypolicy");
    expect(privacyPolicySlug(BRANDS["main-ie"])).toBe("privacypolicy-ie");
    expect(privacyPolicySlug(BRANDS["sister-ie"])).toBe("privacypolicy-ie");
    expect(staticPageSlugs(BRANDS["main-ie"])).toContain("privacypolicy-ie");
    expect(staticPageSlugs(BRANDS["main-ie"])).not.toContain("privacypolicy");
  });

  it("agrees with the brand's legal links", () => {
    for (const brand of Object.values(BRANDS)) {
      const privacy = brand.links.legal.find((l) => l.label === "Privacy policy");
      expect(privacy?.href).toBe(staticPagePath(privacyPolicySlug(brand)));
    }
  });

  it("serves a page, redirects to the site's own privacy policy, or is not found", () => {
    expect(lookupStaticPage("FAQs", BRANDS["main-uk"])).toEqual({ kind: "page", slug: "faqs" });
    expect(lookupStaticPage("privacypolicy", BRANDS["main-ie"])).toEqual({
      kind: "redirect",
      slug: "privacypolicy-ie",
    });
    expect(lookupStaticPage("privacypolicy-ie", BRANDS["sister-uk"])).toEqual({
      kind: "redirect",
      slug: "privacypolicy",
    });
    for (const alias of ["vip", "VIP terms"]) {
      expect(lookupStaticPage(alias, BRANDS["main-ie"])).toEqual({ kind: "redirect", slug: "vip-terms" });
    }
    for (const junk of ["nope", "", undefined, 4, "../etc/passwd"]) {
      expect(lookupStaticPage(junk, BRANDS["main-uk"])).toEqual({ kind: "notFound" });
    }
  });
});
