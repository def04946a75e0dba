/**
 * A page of reviews as text, for Reviews: the deal page never hydrates, and its ten reviews were
 * about a third of the elements React wrote for it (docs/scaling.md "Deal lists and filters as
 * text"). The test beside this file holds the markup.
 */
import { REVIEW_STARS } from "@deals/domain/constants";
import { escapeHtml } from "./html-text.ts";
import type { ReviewView } from "./reviews.ts";

/** A rating as filled and empty stars, rounded to whole stars within 0 to 5. */
export function starsOf(rating: number): { filled: string; empty: string } {
  const filled = Math.max(0, Math.min(REVIEW_STARS, Math.round(rating)));
  return { filled: "★".repeat(filled), empty: "☆".repeat(REVIEW_STARS - filled) };
}

/** "★★★★☆", read out as "4 out of 5 stars". */
export function starsHtml(rating: number): string {
  const { filled, empty } = starsOf(rating);
  return `<span class="stars" role="img" aria-label="${rating} out of ${REVIEW_STARS} stars">${escapeHtml(filled + empty)}</span>`;
}

/** The items of the reviews list. */
export function reviewItemsHtml(reviews: readonly ReviewView[]): string {
  let html = "";
  for (const review of reviews) {
    html +=
      `<li class="review"><p class="review__rating">${starsHtml(review.rating)}</p>` +
      `<h3 class="review__title">${escapeHtml(review.title)}</h3>` +
      `<p class="review__body">${escapeHtml(review.body)}</p>` +
      `<p class="review__meta">${escapeHtml(review.authorName)}, ` +
      `<time dateTime="${escapeHtml(review.dateTime)}">${escapeHtml(review.date)}</time></p></li>`;
  }
  return html;
}
