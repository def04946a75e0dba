/**
 * The reviews section of the deal page (services.md §7.7 "Reviews ... page, size=10 and
 * sortBy"): which page and order the address asks for, and the links to others. Plain links
 * with query parameters, so paging and sorting work without JavaScript; the storefront
 * numbers pages from 1, the API from 0.
 */
import { dateTimeFormat } from "@deals/domain/intl-format";
import type { ReviewSort, ReviewsResponse } from "./api-types.ts";

export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  newest: "Newest",
  oldest: "Oldest",
  highest: "Highest rated",
  lowest: "Lowest rated",
};
export const DEFAULT_REVIEW_SORT: ReviewSort = "newest";

/** Query parameters of the reviews section, named apart from the page's own. */
export const REVIEW_PARAMS = { page: "reviewsPage", sort: "reviewsSort", dealOnly: "reviewsDeal" } as const;

/** The element the links lead back to. */
export const REVIEWS_ANCHOR = "reviews";

export interface ReviewsRequest {
  /** 0-based. */
  page: number;
  sortBy: ReviewSort;
  /** Only this deal's reviews, rather than all the merchant's. */
  dealOnly: boolean;
}

const MAX_PAGE = 10_000;

const isSort = (value: string | null): value is ReviewSort =>
  value !== null && Object.hasOwn(REVIEW_SORT_LABELS, value);

/** What the address asks for; anything unreadable means the default (first page, newest). */
export function reviewsRequest(search: URLSearchParams): ReviewsRequest {
  const pageText = search.get(REVIEW_PARAMS.page) ?? "";
  const pageNumber = /^\d{1,5}$/.test(pageText) ? Number(pageText) : 1;
  const sort = search.get(REVIEW_PARAMS.sort);
  return {
    page: Math.min(Math.max(pageNumber, 1), MAX_PAGE) - 1,
    sortBy: isSort(sort) ? sort : DEFAULT_REVIEW_SORT,
    dealOnly: search.get(REVIEW_PARAMS.dealOnly) === "1",
  };
}

/**
 * The link to other reviews: the current address with the reviews parameters changed (the
 * defaults left out, so the first page is the clean address), ending at the reviews.
 */
export function reviewsHref(pathname: string, search: URLSearchParams, next: ReviewsRequest): string {
  const params = new URLSearchParams(search);
  for (const name of Object.values(REVIEW_PARAMS)) params.delete(name);
  if (next.page > 0) params.set(REVIEW_PARAMS.page, String(next.page + 1));
  if (next.sortBy !== DEFAULT_REVIEW_SORT) params.set(REVIEW_PARAMS.sort, next.sortBy);
  if (next.dealOnly) params.set(REVIEW_PARAMS.dealOnly, "1");
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}#${REVIEWS_ANCHOR}`;
}

export interface ReviewView {
  id: number;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  /** "12 March 2026" */
  date: string;
  /** ISO text, for <time>. */
  dateTime: string;
}

export interface ReviewsSection {
  /** The merchant's rating over all its reviews; average null when there are none. */
  rating: { average: number | null; total: number };
  reviews: ReviewView[];
  /** 1-based. */
  page: number;
  totalPages: number;
  previous: string | null;
  next: string | null;
  sorts: { label: string; href: string; current: boolean }[];
  dealOnly: boolean;
  /** The link that switches between this deal's reviews and all the merchant's. */
  scopeToggle: string;
}

export function reviewsSection(
  answer: ReviewsResponse,
  asked: ReviewsRequest,
  pathname: string,
  search: URLSearchParams,
  locale: string,
  timeZone: string,
): ReviewsSection {
  const dates = dateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone });
  const href = (change: Partial<ReviewsRequest>) => reviewsHref(pathname, search, { ...asked, ...change });
  const page = answer.page + 1;
  return {
    rating: answer.merchantReviewRating,
    reviews: answer.reviews.map((review) => ({
      id: review.id,
      rating: review.rating,
      title: review.title,
      body: review.body,
      authorName: review.authorName,
      date: dates.format(new Date(review.createdAt)),
      dateTime: review.createdAt,
    })),
    page,
    totalPages: answer.totalPages,
    // From past the last page (an old link), back leads to the last page there is.
    previous:
      page > 1 && answer.totalPages > 0 ? href({ page: Math.min(answer.page, answer.totalPages) - 1 }) : null,
    next: page < answer.totalPages ? href({ page: answer.page + 1 }) : null,
    // A new order starts again at the first page.
    sorts: (Object.keys(REVIEW_SORT_LABELS) as ReviewSort[]).map((sortBy) => ({
      label: REVIEW_SORT_LABELS[sortBy],
      href: href({ sortBy, page: 0 }),
      current: sortBy === answer.sortBy,
    })),
    dealOnly: asked.dealOnly,
    scopeToggle: href({ dealOnly: !asked.dealOnly, page: 0 }),
  };
}
