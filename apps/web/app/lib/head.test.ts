import { describe, expect, it } from "vitest";
import { absoluteUrl, gshopHead, headTags } from "./head.ts";

describe("headTags", () => {
  const head = {
    title: "Deals in London | Dealmoor",
    description: "Deals.",
    canonical: "https://x.test/deals/london",
  };

  it("indexes and follows by default, with the canonical link", () => {
    const tags = headTags(head);
    expect(tags).toContainEqual({ title: head.title });
    expect(tags).toContainEqual({ name: "robots", content: "INDEX, FOLLOW" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: head.canonical });
  });

  it("takes the page's own robots value", () => {
    expect(headTags({ ...head, robots: "NOINDEX, FOLLOW" })).toContainEqual({
      name: "robots",
      content: "NOINDEX, FOLLOW",
    });
  });
});

describe("headTags social tags and structured data", () => {
  const head = {
    title: "Deals in London | Dealmoor",
    description: "Deals.",
    canonical: "https://x.test/deals/london",
    siteName: "Dealmoor",
    image: "https://x.test/images/a.svg",
    structuredData: [{ "@type": "BreadcrumbList" }],
  };

  it("gives Open Graph and Twitter the page's title, description, address and picture", () => {
    const tags = headTags(head);
    expect(tags).toContainEqual({ property: "og:site_name", content: "Dealmoor" });
    expect(tags).toContainEqual({ property: "og:url", content: head.canonical });
    expect(tags).toContainEqual({ name: "twitter:title", content: head.title });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ name: "twitter:image", content: head.image });
  });

  it("adds each structured data document as JSON-LD", () => {
    expect(headTags(head)).toContainEqual({ "script:ld+json": { "@type": "BreadcrumbList" } });
  });
});

describe("gshopHead", () => {
  it("cuts the canonical path before /gshop/ and ends the title with the last slug segment", () => {
    expect(gshopHead("/deals/shop/electronics/gshop/wireless-earbuds")).toEqual({
      canonicalPath: "/deals/shop/electronics",
      titleEnd: "wireless-earbuds",
      robots: "NOINDEX, FOLLOW",
    });
  });

  it("indexes only the one gshop slug", () => {
    expect(gshopHead("/deals/shop/gshop/top-deals")?.robots).toBe("INDEX, FOLLOW");
  });

  it("is null for paths without a gshop slug", () => {
    expect(gshopHead("/deals/shop/electronics")).toBeNull();
    expect(gshopHead("/deals/shop/gshop")).toBeNull();
  });
});

describe("absoluteUrl", () => {
  it("puts a path on the origin the request came to", () => {
    const request = new Request("http://main-ie.localhost:3107/deals/dublin?page=2");
    expect(absoluteUrl(request, "/deal/a/b/c/1/slug")).toBe(
      "http://main-ie.localhost:3107/deal/a/b/c/1/slug",
    );
  });
});
