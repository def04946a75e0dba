import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DID_YOU_MEAN_MIN_SIMILARITY, didYouMean, trigramSimilarity, trigrams } from "./search-suggestion.ts";

describe("trigrams", () => {
  it("pads each word as pg_trgm does", () => {
    expect([...trigrams("Spa")].sort()).toEqual(["  s", " sp", "pa ", "spa"].sort());
    expect(trigrams("spa day").size).toBe(8);
    expect(trigrams("  !! ").size).toBe(0);
  });
});

describe("trigramSimilarity", () => {
  it("is 1 for the same words and 0 for nothing alike", () => {
    expect(trigramSimilarity("Massage", "massage")).toBe(1);
    expect(trigramSimilarity("zzzzqqq", "spa")).toBe(0);
    expect(trigramSimilarity("", "spa")).toBe(0);
  });

  it("scores a typo close and a stranger far", () => {
    expect(trigramSimilarity("restuarant", "restaurant")).toBeGreaterThanOrEqual(DID_YOU_MEAN_MIN_SIMILARITY);
    expect(trigramSimilarity("massge", "massage")).toBeGreaterThanOrEqual(DID_YOU_MEAN_MIN_SIMILARITY);
    expect(trigramSimilarity("zzzzqqq", "restuarant")).toBeLessThan(DID_YOU_MEAN_MIN_SIMILARITY);
  });

  it("is symmetric and between 0 and 1", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const score = trigramSimilarity(a, b);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
        expect(trigramSimilarity(b, a)).toBe(score);
      }),
    );
  });
});

describe("didYouMean", () => {
  it("offers nothing for a query close to no real word", () => {
    expect(didYouMean("zzzzqqq", ["spa", "restaurant", "afternoon tea"], 5)).toEqual([]);
  });

  it("offers the searches that read like the query, closest first, never the query itself", () => {
    expect(didYouMean("massge", ["spa", "massage", "massage", "Massge", "massge", "facial"], 5)).toEqual([
      "massage",
    ]);
    expect(didYouMean("spa brek", ["spa", "spa break", "golf"], 5)).toEqual(["spa break", "spa"]);
  });

  it("keeps to the limit and only ever returns candidates", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.string()),
        fc.integer({ min: -2, max: 8 }),
        (query, list, limit) => {
          const offered = didYouMean(query, list, limit);
          expect(offered.length).toBeLessThanOrEqual(Math.max(0, limit));
          for (const text of offered) {
            expect(list).toContain(text);
            expect(trigramSimilarity(query, text)).toBeGreaterThanOrEqual(DID_YOU_MEAN_MIN_SIMILARITY);
          }
          expect(new Set(offered).size).toBe(offered.length);
        },
      ),
    );
  });
});
