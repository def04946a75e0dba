import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exitPromoDeals, exitPromoVisible, trustRatingFill, trustRatingText } from "./exit-promo.ts";

const deals = (...ids: number[]) => ids.map((id) => ({ id }));

describe("exitPromoDeals", () => {
  it("takes recently viewed, then recommendations, then new products", () => {
    expect(
      exitPromoDeals({
        recentlyViewed: deals(1, 2),
        recommendations: deals(3),
        newProducts: deals(4, 5),
      }).map((d) => d.id),
    ).toEqual([1, 2, 3, 4, 5]);
  });

  it("de-duplicates by id and keeps at most 6", () => {
    const result = exitPromoDeals({
      recentlyViewed: deals(1, 2, 3),
      recommendations: deals(3, 2, 4, 5),
      newProducts: deals(6, 7, 8),
    });
    expect(result.map((d) => d.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("uses the next source when one failed, and is empty when all failed", () => {
    expect(
      exitPromoDeals({ recentlyViewed: null, recommendations: deals(9), newProducts: undefined }),
    ).toEqual(deals(9));
    expect(exitPromoDeals({ recentlyViewed: null, recommendations: null, newProducts: null })).toEqual([]);
    expect(exitPromoDeals({})).toEqual([]);
  });

  it("never repeats a deal nor exceeds 6", () => {
    const list = fc.option(fc.array(fc.record({ id: fc.integer({ min: 1, max: 12 }) })), { nil: null });
    fc.assert(
      fc.property(list, list, list, (recentlyViewed, recommendations, newProducts) => {
        const result = exitPromoDeals({ recentlyViewed, recommendations, newProducts });
        const ids = result.map((d) => d.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBeLessThanOrEqual(6);
        const all = new Set(
          [...(recentlyViewed ?? []), ...(recommendations ?? []), ...(newProducts ?? [])].map((d) => d.id),
        );
        expect(ids.length).toBe(Math.min(all.size, 6));
      }),
    );
  });
});

describe("exitPromoVisible", () => {
  it("shows on a trigger unless a lightbox is on the page", () => {
    expect(exitPromoVisible(false, "trigger", { lightboxOnPage: false })).toBe(true);
    expect(exitPromoVisible(false, "trigger", { lightboxOnPage: true })).toBe(false);
  });

  it("closes on the X or a card click", () => {
    expect(exitPromoVisible(true, "close", { lightboxOnPage: false })).toBe(false);
    expect(exitPromoVisible(true, "cardClick", { lightboxOnPage: false })).toBe(false);
  });
});

describe("trustRatingText", () => {
  it("gives the average to one decimal out of 5 and the count of reviews", () => {
    expect(trustRatingText({ average: 4.56, total: 12345 }, "en-GB")).toBe(
      "Rated 4.6 out of 5 from 12,345 reviews",
    );
    expect(trustRatingText({ average: 4, total: 1 }, "en-IE")).toBe("Rated 4.0 out of 5 from 1 review");
  });

  it("is null while there is nothing to rate", () => {
    expect(trustRatingText({ average: null, total: 0 }, "en-GB")).toBeNull();
    expect(trustRatingText({ average: 4.2, total: 0 }, "en-GB")).toBeNull();
    expect(trustRatingText(null, "en-GB")).toBeNull();
  });
});

describe("trustRatingFill", () => {
  it("fills the stars in proportion to the rating shown", () => {
    expect(trustRatingFill(4.56)).toBe(92);
    expect(trustRatingFill(5)).toBe(100);
    expect(trustRatingFill(1)).toBe(20);
    expect(trustRatingFill(7)).toBe(100);
  });

  it("is always a percentage", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -10, max: 10 }), (average) => {
        const fill = trustRatingFill(average);
        return fill >= 0 && fill <= 100;
      }),
    );
  });
});
