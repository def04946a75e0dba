import { describe, expect, it } from "vitest";
import { absoluteUrl, headTags } from "./head.ts";

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

describe("absoluteUrl", () => {
  it("puts a path on the origin the request came to", () => {
    const request = new Request("http://main-ie.localhost:3107/deals/dublin?page=2");
    expect(absoluteUrl(request, "/deal/a/b/c/1/slug")).toBe(
      "http://main-ie.localhost:3107/deal/a/b/c/1/slug",
    );
  });
});
