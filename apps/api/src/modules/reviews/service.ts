/**
 * A merchant's reviews on this site, a page at a time, with the merchant's average and
 * total and those of the reviews listed (the deal's when filtered by deal).
 */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { notFound } from "../../errors.ts";
import { listReviews, reviewSummaries } from "./queries.ts";
import type { ReviewSort, ReviewsResponse } from "./schemas.ts";

/** Postgres `integer`: a larger id names nothing. */
const MAX_ID = 2_147_483_647;

export interface ReviewsRequest {
  dealId?: number;
  filterByDeal: boolean;
  page: number;
  size: number;
  sortBy: ReviewSort;
}

function merchantNotFound() {
  return notFound("MERCHANT_NOT_FOUND", "There is no merchant with this id on this site.");
}

export async function getReviews(
  db: Db,
  brand: Brand,
  merchantId: number,
  request: ReviewsRequest,
): Promise<ReviewsResponse> {
  if (merchantId > MAX_ID) throw merchantNotFound();
  const dealId = request.dealId !== undefined && request.dealId <= MAX_ID ? request.dealId : null;
  // A deal id too large to exist lists nothing (-1 names no deal).
  const listedDeal = request.filterByDeal ? (dealId ?? -1) : null;
  const [summary, rows] = await Promise.all([
    reviewSummaries(db, brand.id, merchantId, dealId),
    listReviews(db, brand.id, { merchantId, dealId: listedDeal }, request.sortBy, {
      offset: request.page * request.size,
      limit: request.size,
    }),
  ]);
  if (!summary.sells) throw merchantNotFound();
  const listed = request.filterByDeal
    ? { average: summary.dealAverage, total: summary.dealTotal }
    : { average: summary.merchantAverage, total: summary.merchantTotal };
  return {
    merchantReviewRating: { average: summary.merchantAverage, total: summary.merchantTotal },
    reviewSummary: listed,
    reviews: rows.map(({ createdAt, ...review }) => ({ createdAt: createdAt.toISOString(), ...review })),
    page: request.page,
    size: request.size,
    totalPages: Math.ceil(listed.total / request.size),
    sortBy: request.sortBy,
  };
}
