import { describe, expect, it } from "vitest";
import { giftFinderFormSelection, giftFinderHref, giftFinderSelectionOf } from "./gift-finder-link.ts";

describe("giftFinderHref", () => {
  it("puts the recipient in the path and the budget in the query", () => {
    expect(giftFinderHref({ recipient: "mum", personality: null, budget: 2 })).toBe(
      "/gift-finder/gifts-for-mum?minPrice=20&maxPrice=50",
    );
  });

  it("searches by the personality's tag when one is chosen", () => {
    expect(giftFinderHref({ recipient: "dad", personality: "geeky", budget: null })).toBe(
      "/gift-finder/gifts-for-dad?searchTag=gifts-for-geeky",
    );
  });

  it("is the bare gift finder for no choice, and has no upper bound on the top budget", () => {
    expect(giftFinderHref({})).toBe("/gift-finder");
    expect(giftFinderHref({ budget: 4 })).toBe("/gift-finder?minPrice=100");
  });
});

describe("giftFinderFormSelection", () => {
  it("reads a submitted form and ignores budgets that do not exist", () => {
    expect(giftFinderFormSelection(new URLSearchParams("recipient=teen&personality=&budget=9"))).toEqual({
      recipient: "teen",
      personality: null,
      budget: null,
    });
    expect(giftFinderFormSelection(new URLSearchParams("minPrice=10"))).toBeNull();
  });
});

describe("giftFinderSelectionOf", () => {
  it("recovers the choice an address stands for", () => {
    expect(
      giftFinderSelectionOf("mum", new URLSearchParams("searchTag=gifts-for-geeky&minPrice=20&maxPrice=50")),
    ).toEqual({
      recipient: "mum",
      personality: "geeky",
      budget: 2,
    });
  });
});
