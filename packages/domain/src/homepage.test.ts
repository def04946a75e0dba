import { describe, expect, it } from "vitest";
import {
  COLLECTION_ROW_SIZE,
  collectionTitle,
  collectionUrl,
  endingSoonBefore,
  fillRows,
  HOMEPAGE_COLLECTIONS,
} from "./homepage.ts";

const deal = (id: number, soldOut = false) => ({ id, soldOut });

describe("homepage rows", () => {
  it("place each deal once, top row first, leaving sold-out deals out", () => {
    const rows = fillRows([
      { candidates: [deal(1), deal(2, true), deal(3)], size: 1 },
      { candidates: [deal(1), deal(2, true), deal(3), deal(4), deal(5)], size: 2 },
      { candidates: [deal(3), deal(4)], size: 2 },
    ]);
    expect(rows.map((row) => row.map((d) => d.id))).toEqual([[1], [3, 4], []]);
  });

  it("never take more than a row's size", () => {
    const many = Array.from({ length: 30 }, (_, i) => deal(i + 1));
    expect(fillRows([{ candidates: many, size: COLLECTION_ROW_SIZE }])[0]).toHaveLength(COLLECTION_ROW_SIZE);
  });

  it("name every collection and link it to the listing holding its deals", () => {
    for (const collection of HOMEPAGE_COLLECTIONS) expect(collectionTitle(collection)).not.toBe("");
    expect(collectionUrl("top-sellers", "leeds")).toBe("/deals/leeds");
    expect(collectionUrl("new-today", "leeds")).toBe("/deals/leeds?orderBy=dateAdded");
    expect(collectionUrl("escapes", "leeds")).toBe("/deals/escapes");
    expect(collectionUrl("ending-soon", "leeds")).toBeNull();
  });

  it("count ending soon to the start of the third London day after today", () => {
    // 23:30 in London on 14 June (BST): today is the 14th, the window ends at the start of the 17th.
    expect(endingSoonBefore(new Date("2026-06-14T22:30:00Z")).toISOString()).toBe("2026-06-16T23:00:00.000Z");
    expect(endingSoonBefore(new Date("2026-01-10T09:00:00Z")).toISOString()).toBe("2026-01-13T00:00:00.000Z");
  });
});
