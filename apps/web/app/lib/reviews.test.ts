import { describe, expect, it } from "vitest";
import type { ReviewsResponse } from "./api-types.ts";
import { reviewsHref, reviewsRequest, reviewsSection } from "./reviews.ts";

const PATH = "/deal/food/tea/tea/7/tea-for-2";
const search = (query = "") => new URLSearchParams(query);

describe("reviewsRequest", () => {
  it("reads the page (1-based in the address) and the order", () => {
    expect(reviewsRequest(search("reviewsPage=3&reviewsSort=highest&reviewsDeal=1"))).toEqual({
      page: 2,
      sortBy: "highest",
      dealOnly: true,
    });
  });

  it("falls back to the first page, newest first, for anything unreadable", () => {
    for (const query of [
      "",
      "reviewsPage=0",
      "reviewsPage=-2",
      "reviewsPage=abc",
      "reviewsSort=<b>",
      "reviewsSort=toString",
    ]) {
      expect(reviewsRequest(search(query))).toEqual({ page: 0, sortBy: "newest", dealOnly: false });
    }
  });
});

describe("reviewsHref", () => {
  it("keeps the page's own parameters and leads back to the reviews", () => {
    expect(reviewsHref(PATH, search("utm_source=mail"), { page: 1, sortBy: "lowest", dealOnly: false })).toBe(
      `${PATH}?utm_source=mail&reviewsPage=2&reviewsSort=lowest#reviews`,
    );
  });

  it("gives the clean address for the first page in the default order", () => {
    expect(
      reviewsHref(PATH, search("reviewsPage=4&reviewsSort=oldest"), {
        page: 0,
        sortBy: "newest",
        dealOnly: false,
      }),
    ).toBe(`${PATH}#reviews`);
  });
});

const answer = (overrides: Partial<ReviewsResponse> = {}): ReviewsResponse => ({
  merchantReviewRating: { average: 4.5, total: 23 },
  reviewSummary: { average: 4.5, total: 23 },
  reviews: [
    {
      id: 1,
      dealId: 7,
      rating: 5,
      title: "Lovely",
      body: "Great tea.",
      authorName: "Ann B.",
      createdAt: "2026-03-12T10:00:00.000Z",
    },
  ],
  page: 1,
  size: 10,
  totalPages: 3,
  sortBy: "newest",
  ...overrides,
});

describe("reviewsSection", () => {
  const asked = { page: 1, sortBy: "newest" as const, dealOnly: false };

  it("links to the pages either side and dates each review in the site's language", () => {
    const section = reviewsSection(answer(), asked, PATH, search(), "en-GB", "Europe/London");
    expect(section.page).toBe(2);
    expect(section.previous).toBe(`${PATH}#reviews`);
    expect(section.next).toBe(`${PATH}?reviewsPage=3#reviews`);
    expect(section.reviews[0]?.date).toBe("12 March 2026");
  });

  it("has no link past the first or last page", () => {
    const first = reviewsSection(
      answer({ page: 0, totalPages: 1 }),
      { ...asked, page: 0 },
      PATH,
      search(),
      "en-GB",
      "Europe/London",
    );
    expect(first.previous).toBeNull();
    expect(first.next).toBeNull();
  });

  it("leads back from past the last page to the last page there is", () => {
    const past = reviewsSection(
      answer({ page: 98, reviews: [] }),
      { ...asked, page: 98 },
      PATH,
      search(),
      "en-GB",
      "Europe/London",
    );
    expect(past.previous).toBe(`${PATH}?reviewsPage=3#reviews`);
    expect(past.next).toBeNull();
  });

  it("starts each other order, and the switch to this deal's reviews, at the first page", () => {
    const section = reviewsSection(answer(), asked, PATH, search(), "en-GB", "Europe/London");
    expect(section.sorts.find((s) => s.current)?.label).toBe("Newest");
    expect(section.sorts.find((s) => s.label === "Highest rated")?.href).toBe(
      `${PATH}?reviewsSort=highest#reviews`,
    );
    expect(section.scopeToggle).toBe(`${PATH}?reviewsDeal=1#reviews`);
  });
});
