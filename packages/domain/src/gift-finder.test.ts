import { describe, expect, it } from "vitest";
import {
  GIFT_FINDER_BUDGETS,
  GIFT_PERSONALITIES,
  GIFT_RECIPIENTS,
  giftFinderListingParams,
  giftFinderRecipientFromPath,
} from "./gift-finder.ts";
import { parseListingQuery } from "./listing-query.ts";

describe("gift finder choices", () => {
  it("lists the spec's recipients with their search tags", () => {
    expect(GIFT_RECIPIENTS.map((r) => r.label)).toEqual([
      "Mum",
      "Dad",
      "Hubby",
      "Wifey",
      "Little Ones",
      "Teen",
      "Grandparents",
      "BFF",
      "Colleague",
    ]);
    expect(GIFT_RECIPIENTS.find((r) => r.label === "Little Ones")?.searchTag).toBe("gifts-for-little-ones");
    expect(GIFT_RECIPIENTS.find((r) => r.label === "BFF")?.searchTag).toBe("gifts-for-bff");
  });

  it("lists the spec's personalities with their search tags", () => {
    expect(GIFT_PERSONALITIES.map((p) => p.label)).toEqual([
      "Playful",
      "Indulgent",
      "Insta-famous",
      "Geeky",
      "Giggly",
      "Gorgeous",
      "Active",
      "Pampered",
      "Jet Setter",
      "Daredevil",
    ]);
    expect(GIFT_PERSONALITIES.find((p) => p.label === "Jet Setter")?.searchTag).toBe("gifts-for-jet-setter");
    expect(GIFT_PERSONALITIES.find((p) => p.label === "Insta-famous")?.searchTag).toBe(
      "gifts-for-insta-famous",
    );
  });

  it("makes budgets from the steps 0, 10, 20, 50, 100", () => {
    expect(GIFT_FINDER_BUDGETS).toEqual([
      { minPrice: 0, maxPrice: 10 },
      { minPrice: 10, maxPrice: 20 },
      { minPrice: 20, maxPrice: 50 },
      { minPrice: 50, maxPrice: 100 },
      { minPrice: 100, maxPrice: null },
    ]);
  });
});

describe("giftFinderRecipientFromPath", () => {
  it("reads /gift-finder/gifts-for-{recipient}", () => {
    expect(giftFinderRecipientFromPath("/gift-finder/gifts-for-mum")?.label).toBe("Mum");
    expect(giftFinderRecipientFromPath("/gift-finder/gifts-for-little-ones/")?.label).toBe("Little Ones");
  });

  it("is null for the bare page, unknown recipients and other paths", () => {
    for (const path of [
      "/gift-finder",
      "/gift-finder/gifts-for-cat",
      "/gifts/gifts-for-mum",
      "/gift-finder/gifts-for-mum/x",
      3,
    ]) {
      expect(giftFinderRecipientFromPath(path)).toBeNull();
    }
  });
});

describe("giftFinderListingParams", () => {
  it("sets giftFor, the narrower search tag and the budget's price range", () => {
    expect(giftFinderListingParams({ recipient: "dad", personality: "geeky", budget: 2 })).toEqual({
      giftFor: "dad",
      searchTag: "gifts-for-geeky",
      minPrice: "20",
      maxPrice: "50",
    });
    expect(giftFinderListingParams({ recipient: "mum", budget: 4 })).toEqual({
      giftFor: "mum",
      searchTag: "gifts-for-mum",
      minPrice: "100",
    });
  });

  it("leaves out unknown choices", () => {
    expect(giftFinderListingParams({ recipient: "cat", personality: "grumpy", budget: 9 })).toEqual({});
  });

  it("gives parameters the listing query accepts", () => {
    for (const recipient of GIFT_RECIPIENTS) {
      for (const budget of GIFT_FINDER_BUDGETS.keys()) {
        const result = parseListingQuery(
          giftFinderListingParams({ recipient: recipient.slug, personality: "active", budget }),
        );
        expect(result.ok).toBe(true);
      }
    }
  });
});
