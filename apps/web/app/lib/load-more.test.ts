import { describe, expect, it } from "vitest";
import { appendDeals, appendedPagesKey, readAppendedPages, writeAppendedPages } from "./load-more.ts";

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (i) => [...values.keys()][i] ?? null,
    removeItem: (key) => values.delete(key),
    setItem: (key, value) => values.set(key, value),
  };
}

describe("appendDeals", () => {
  it("adds the next page's deals after those shown, each deal once", () => {
    const shown = [{ id: 1 }, { id: 2 }];
    expect(appendDeals(shown, [{ id: 2 }, { id: 3 }])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });
});

describe("appended pages in storage", () => {
  it("are kept per history entry and address", () => {
    expect(appendedPagesKey("abc", "/deals/london?orderBy=discount")).not.toBe(
      appendedPagesKey("def", "/deals/london?orderBy=discount"),
    );
  });

  it("read back as written, and junk reads as nothing", () => {
    const storage = memoryStorage();
    const pages = { deals: [{ id: 7 }], next: "/deals/london?page=3", scrollY: 1200 };
    writeAppendedPages(storage, "k", pages);
    expect(readAppendedPages(storage, "k")).toEqual(pages);
    storage.setItem("junk", "{not json");
    expect(readAppendedPages(storage, "junk")).toBeNull();
    expect(readAppendedPages(storage, "missing")).toBeNull();
  });
});
