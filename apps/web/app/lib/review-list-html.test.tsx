import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { asShown } from "../../../../tests/support/html-shown.ts";
import { Reviews } from "../components/Reviews.tsx";
import { reviewItemsHtml, starsHtml } from "./review-list-html.ts";
import type { ReviewsSection, ReviewView } from "./reviews.ts";

const REVIEW: ReviewView = {
  id: 1,
  rating: 4,
  title: "Exceeded expectations",
  body: "We were made to feel very welcome.",
  authorName: "Rory W.",
  date: "5 December 2026",
  dateTime: "2026-12-05T02:24:58.544Z",
};

describe("starsHtml", () => {
  it.each([
    [4, "★★★★☆"],
    [0, "☆☆☆☆☆"],
    [5, "★★★★★"],
    [3.6, "★★★★☆"],
    [9, "★★★★★"],
  ])("shows %s as %s, read out as the rating", (rating, stars) => {
    expect(asShown(starsHtml(rating))).toBe(
      `<span class="stars" role="img" aria-label="${rating} out of 5 stars">${stars}</span>`,
    );
  });
});

describe("reviewItemsHtml", () => {
  it("writes each review as an item: stars, title, body, author and date", () => {
    expect(asShown(reviewItemsHtml([REVIEW]))).toBe(
      '<li class="review"><p class="review__rating"><span class="stars" role="img" aria-label="4 out of 5 stars">★★★★☆</span></p>' +
        '<h3 class="review__title">Exceeded expectations</h3>' +
        '<p class="review__body">We were made to feel very welcome.</p>' +
        '<p class="review__meta">Rory W., <time dateTime="2026-12-05T02:24:58.544Z">5 December 2026</time></p></li>',
    );
  });

  it("escapes what shoppers wrote as React does", () => {
    const html = reviewItemsHtml([
      {
        ...REVIEW,
        title: `<script>alert("x")</script>`,
        body: "Fish & chips, O'Brien's",
        authorName: "A <b>",
      },
    ]);
    expect(html).toContain(
      '<h3 class="review__title">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</h3>',
    );
    expect(html).toContain('<p class="review__body">Fish &amp; chips, O&#x27;Brien&#x27;s</p>');
    expect(html).toContain('<p class="review__meta">A &lt;b&gt;, ');
    expect(html).not.toContain("<script>");
  });

  it("is the list Reviews shows, and its stars are the summary's", () => {
    const section: ReviewsSection = {
      rating: { average: 4, total: 2 },
      reviews: [REVIEW, { ...REVIEW, id: 2, rating: 2 }],
      page: 1,
      totalPages: 1,
      previous: null,
      next: null,
      sorts: [],
      dealOnly: false,
      scopeToggle: "/deal/x?reviewsDeal=1#reviews",
    };
    const html = renderToStaticMarkup(<Reviews section={section} />);
    expect(html).toContain(`<ol class="reviews__list">${reviewItemsHtml(section.reviews)}</ol>`);
    expect(html).toContain(`<p class="reviews__summary">${starsHtml(4)} <strong>4.0</strong>`);
  });
});
