import { describe, expect, it } from "vitest";
import type { Suggestions } from "./api-types.ts";
import { searchHref, suggestionGroups, topSearchGroups } from "./search-suggestions.ts";

describe("searchHref", () => {
  it("puts the query in the search page's address, encoded", () => {
    expect(searchHref("spa & tea")).toBe("/search?q=spa+%26+tea");
  });
});

describe("suggestionGroups", () => {
  it("lists searches, categories and deals as links, leaving out empty groups", () => {
    const suggestions = {
      query: "spa",
      searches: ["spa day"],
      categories: [],
      deals: [{ id: 9, headline: "Spa Day for 2", urlPath: "/deal/beauty/spa/spa/9/spa-day" }],
    } as unknown as Suggestions;
    expect(suggestionGroups(suggestions)).toEqual([
      { label: "Searches", options: [{ key: "s:spa day", label: "spa day", href: "/search?q=spa+day" }] },
      {
        label: "Deals",
        options: [{ key: "d:9", label: "Spa Day for 2", href: "/deal/beauty/spa/spa/9/spa-day" }],
      },
    ]);
  });
});

describe("topSearchGroups", () => {
  it("lists the top searches, or nothing when there are none", () => {
    expect(topSearchGroups({ searches: [{ query: "tea", count: 4 }] })).toEqual([
      { label: "Top searches", options: [{ key: "t:tea", label: "tea", href: "/search?q=tea" }] },
    ]);
    expect(topSearchGroups({ searches: [] })).toEqual([]);
  });
});
