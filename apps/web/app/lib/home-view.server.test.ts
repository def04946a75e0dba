import { describe, expect, it } from "vitest";
import { dealSummary } from "../../../../tests/support/deal-summary.ts";
import type { DealSummary, Homepage } from "./api-types.ts";
import { dealCardListHtml } from "./deal-card-html.ts";
import { homeView } from "./home-view.server.ts";

const NOW = new Date("2026-06-15T10:00:00Z");

/** A local deal of Leeds at £30, was £50. */
function summary(id: number, headline: string): DealSummary {
  return dealSummary({
    id,
    urlPath: `/deal/beauty/spa/spa-days/${id}/${headline.toLowerCase().replaceAll(" ", "-")}`,
    headline,
    title: `${headline} – save 40%`,
    price: 3000,
    discountPercentage: 40,
    fullPrice: 3000,
    scope: "local",
    dealType: "voucher",
    image: { id: `beauty-${id}-1`, extension: "svg", alt: headline, url: `/images/beauty-${id}-1.svg` },
    category: { id: 3000, name: "Beauty", shortName: "beauty", canonicalPathType: "local" },
    subCategory: { id: 3010, name: "Spa", shortName: "spa" },
    location: { shortName: "leeds", name: "Leeds" },
    lowestPriceLast30Days: 3000,
  });
}

function homepage(): Homepage {
  return {
    location: { shortName: "leeds", name: "Leeds" },
    mainDeal: summary(1, "Spa Day for 2"),
    secondaryDeals: [summary(2, "Hot Stone Massage"), summary(3, "Facial")],
    collections: [
      { slug: "top-sellers", title: "Top sellers", url: null, deals: [summary(4, "Pamper Package")] },
    ],
  };
}

/** As the API hands a kept answer to every page: parsed once and frozen throughout. */
function keptAnswer(): Homepage {
  const freeze = (value: unknown): void => {
    if (value === null || typeof value !== "object") return;
    for (const item of Object.values(value)) freeze(item);
    Object.freeze(value);
  };
  const answer = homepage();
  freeze(answer);
  return answer;
}

const LIST = { eagerCards: 0, itemDealIds: false };

describe("homeView", () => {
  it("makes the cards of every row", () => {
    const view = homeView(homepage(), "en-GB", NOW);
    expect(view.mainDeal?.headline).toBe("Spa Day for 2");
    expect(view.secondaryDeals.map((card) => card.headline)).toEqual(["Hot Stone Massage", "Facial"]);
    expect(view.collections[0]).toMatchObject({ slug: "top-sellers", title: "Top sellers" });
    expect(view.collections[0]!.deals[0]!.price.full).toBe("£30");
  });

  it("makes the cards of an answer kept for every page once", () => {
    const answer = keptAnswer();
    const first = homeView(answer, "en-GB", NOW);
    expect(homeView(answer, "en-GB", new Date(NOW.getTime() + 1000))).toBe(first);
  });

  it("makes a page's own answer's cards for that page", () => {
    const answer = homepage();
    expect(homeView(answer, "en-GB", NOW)).not.toBe(homeView(answer, "en-GB", NOW));
  });

  it("makes them again for another locale", () => {
    const answer = keptAnswer();
    const irish = homeView(answer, "en-IE", NOW);
    expect(homeView(answer, "en-GB", NOW)).not.toBe(irish);
  });

  it("writes a kept row's markup as it would be written afresh, for each way of writing it", () => {
    const answer = keptAnswer();
    const row = homeView(answer, "en-GB", NOW).secondaryDeals;
    const fresh = homeView(homepage(), "en-GB", NOW).secondaryDeals;
    const anonymous = { ...LIST, wished: [] };
    expect(dealCardListHtml(row, anonymous)).toBe(dealCardListHtml(fresh, anonymous));
    expect(dealCardListHtml(row, anonymous)).toBe(dealCardListHtml(fresh, anonymous));
    const eager = { ...anonymous, eagerCards: 2 };
    expect(dealCardListHtml(row, eager)).toBe(dealCardListHtml(fresh, eager));
    expect(dealCardListHtml(row, eager)).toContain('loading="eager"');
  });

  it("shows a shopper's own hearts on a kept row", () => {
    const row = homeView(keptAnswer(), "en-GB", NOW).secondaryDeals;
    dealCardListHtml(row, { ...LIST, wished: [] });
    const html = dealCardListHtml(row, { ...LIST, wished: [3] });
    expect(html).toContain('value="3" class="wishlist-heart" aria-pressed="true"');
    expect(html).toContain('value="2" class="wishlist-heart" aria-pressed="false"');
    expect(dealCardListHtml(row, { ...LIST, wished: [99] })).not.toContain('aria-pressed="true"');
  });
});
