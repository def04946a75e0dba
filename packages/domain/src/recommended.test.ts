import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distinctDeals } from "./recommended.ts";

const deal = (id: number, headline: string, merchant = "Bella Cucina") => ({
  id,
  headline,
  business: { name: merchant },
});

describe("distinct recommendations", () => {
  it("keep each deal once and drop near-identical copies of an offer, first kept", () => {
    const deals = [
      deal(1, "Pizza & Prosecco for 2"),
      deal(1, "Pizza & Prosecco for 2"),
      deal(2, "pizza  and prosecco for 2!"),
      deal(3, "Pizza & Prosecco for 2", "Luigi's"),
      deal(4, "Three-Course Dinner"),
    ];
    expect(distinctDeals(deals, 10).map((d) => d.id)).toEqual([1, 3, 4]);
  });

  it("judge deals seen before as the first time, and a changed deal by its new headline", () => {
    const pizza = deal(1, "Pizza & Prosecco for 2");
    const copy = deal(2, "Pizza and Prosecco for 2");
    expect(distinctDeals([pizza, copy], 10).map((d) => d.id)).toEqual([1]);
    expect(distinctDeals([pizza, copy], 10).map((d) => d.id)).toEqual([1]);
    const renamed = { ...copy, headline: "Pasta for 2" };
    expect(distinctDeals([pizza, renamed], 10).map((d) => d.id)).toEqual([1, 2]);
  });

  it("never give more than the limit, nor a repeated id", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.integer({ min: 1, max: 20 }), headline: fc.string() })),
        fc.integer({ min: 0, max: 30 }),
        (rows, limit) => {
          const kept = distinctDeals(
            rows.map((row) => ({ ...row, business: null })),
            limit,
          );
          expect(kept.length).toBeLessThanOrEqual(limit);
          expect(new Set(kept.map((d) => d.id)).size).toBe(kept.length);
        },
      ),
    );
  });
});
