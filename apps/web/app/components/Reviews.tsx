import { REVIEW_STARS } from "@deals/domain/constants";
import { escapeHtml } from "../lib/html-text.ts";
import { reviewItemsHtml, starsOf } from "../lib/review-list-html.ts";
import { REVIEWS_ANCHOR, type ReviewsSection } from "../lib/reviews.ts";

/** "★★★★☆", read out as "4 out of 5 stars": lib/review-list-html.ts's starsHtml. */
function Stars({ rating }: { rating: number }) {
  const { filled, empty } = starsOf(rating);
  return (
    <span
      className="stars"
      role="img"
      aria-label={`${rating} out of ${REVIEW_STARS} stars`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped, as references, so the page stays one byte a character (html-text.ts)
      dangerouslySetInnerHTML={{ __html: escapeHtml(filled + empty) }}
    />
  );
}

/**
 * The merchant's reviews: the average and total, then a page of reviews with links to sort
 * them, to see this deal's only, and to page through them (plain links: no script needed).
 * The reviews themselves are written as text (lib/review-list-html.ts).
 */
export function Reviews({ section }: { section: ReviewsSection }) {
  const { rating, reviews, page, totalPages, previous, next, sorts } = section;
  return (
    <section id={REVIEWS_ANCHOR} className="reviews" aria-labelledby="reviews-title" tabIndex={-1}>
      <h2 id="reviews-title">Reviews</h2>
      {rating.average === null || rating.total === 0 ? (
        <p>No reviews yet.</p>
      ) : (
        <p className="reviews__summary">
          <Stars rating={rating.average} /> <strong>{rating.average.toFixed(1)}</strong> out of {REVIEW_STARS}{" "}
          from {rating.total} {rating.total === 1 ? "review" : "reviews"} of this merchant
        </p>
      )}
      {rating.total > 0 && (
        <nav className="reviews__controls" aria-label="Sort reviews">
          <ul>
            {sorts.map((sort) => (
              <li key={sort.label}>
                <a href={sort.href} aria-current={sort.current ? "true" : undefined}>
                  {sort.label}
                </a>
              </li>
            ))}
            <li>
              <a href={section.scopeToggle}>
                {section.dealOnly ? "All reviews of this merchant" : "Only this deal's reviews"}
              </a>
            </li>
          </ul>
        </nav>
      )}
      {reviews.length === 0 && rating.total > 0 && <p>There are no reviews on this page.</p>}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: every text in it is escaped (review-list-html.ts) */}
      <ol className="reviews__list" dangerouslySetInnerHTML={{ __html: reviewItemsHtml(reviews) }} />
      {totalPages > 1 && (
        <nav className="reviews__pages" aria-label="Review pages">
          {previous && (
            <a href={previous} rel="prev">
              Previous<span className="visually-hidden"> reviews</span>
            </a>
          )}
          <span>
            Page {page} of {totalPages}
          </span>
          {next && (
            <a href={next} rel="next">
              Next<span className="visually-hidden"> reviews</span>
            </a>
          )}
        </nav>
      )}
    </section>
  );
}
