import { REVIEW_STARS } from "@deals/domain/constants";
import { REVIEWS_ANCHOR, type ReviewsSection } from "../lib/reviews.ts";

/** "★★★★☆", read out as "4 out of 5 stars". */
function Stars({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(REVIEW_STARS, Math.round(rating)));
  return (
    <span className="stars" role="img" aria-label={`${rating} out of ${REVIEW_STARS} stars`}>
      {"★".repeat(filled)}
      {"☆".repeat(REVIEW_STARS - filled)}
    </span>
  );
}

/**
 * The merchant's reviews: the average and total, then a page of reviews with links to sort
 * them, to see this deal's only, and to page through them (plain links: no script needed).
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
      <ol className="reviews__list">
        {reviews.map((review) => (
          <li key={review.id} className="review">
            <p className="review__rating">
              <Stars rating={review.rating} />
            </p>
            <h3 className="review__title">{review.title}</h3>
            <p className="review__body">{review.body}</p>
            <p className="review__meta">
              {review.authorName}, <time dateTime={review.dateTime}>{review.date}</time>
            </p>
          </li>
        ))}
      </ol>
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
