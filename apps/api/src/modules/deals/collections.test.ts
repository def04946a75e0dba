import { CATEGORY_TREE } from "@deals/db";
import { GIFT_PERSONALITIES, GIFT_RECIPIENTS } from "@deals/domain/gift-finder";
import { describe, expect, it } from "vitest";
import { SEARCH_TAGS, SPECIAL_PAGES, WELLNESS_COLLECTION } from "./collections.ts";

type Node = { shortName: string; children?: readonly Node[] };
const names = new Set<string>();
const walk = (node: Node) => {
  names.add(node.shortName);
  for (const child of node.children ?? []) walk(child);
};
for (const root of CATEGORY_TREE) walk(root);

describe("collections and search tags", () => {
  it("give every gift-finder recipient and personality a tag with categories", () => {
    for (const choice of [...GIFT_RECIPIENTS, ...GIFT_PERSONALITIES]) {
      expect(SEARCH_TAGS.get(choice.searchTag)?.length, choice.label).toBeGreaterThan(0);
    }
  });

  it("name only categories that exist", () => {
    const named = [
      ...[...SEARCH_TAGS.values()].flat(),
      ...SPECIAL_PAGES.flatMap((page) => page.rule.categoryShortNames ?? []),
      ...(WELLNESS_COLLECTION.rule.categoryShortNames ?? []),
    ];
    for (const name of named) expect(names.has(name), name).toBe(true);
  });
});
