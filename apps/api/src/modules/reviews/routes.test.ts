import { and, desc, eq, sql } from "@deals/db";
import { deals, reviews } from "@deals/db/schema/catalogue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import type { ReviewsResponse } from "./schemas.ts";

let testApp: TestApp;
let merchantId: number;
let merchantReviews: { id: number; dealId: number; rating: number; createdAt: Date }[];
beforeAll(async () => {
  testApp = await startTestApp();
  const db = testApp.database.db;
  // The main UK site's merchant with the most reviews.
  const [top] = await db
    .select({ merchantId: reviews.merchantId })
    .from(reviews)
    .innerJoin(deals, and(eq(deals.id, reviews.dealId), eq(deals.brandId, "main-uk")))
    .groupBy(reviews.merchantId)
    .orderBy(desc(sql`count(*)`), reviews.merchantId)
    .limit(1);
  merchantId = top!.merchantId;
  merchantReviews = await db
    .select({ id: reviews.id, dealId: reviews.dealId, rating: reviews.rating, createdAt: reviews.createdAt })
    .from(reviews)
    .innerJoin(deals, and(eq(deals.id, reviews.dealId), eq(deals.brandId, "main-uk")))
    .where(eq(reviews.merchantId, merchantId));
});
afterAll(() => testApp.close());

const get = (query: string, headers = brandHeaders()) =>
  testApp.app.inject({ method: "GET", url: `/v1/reviews/${merchantId}${query}`, headers });

async function page(query: string): Promise<ReviewsResponse> {
  const response = await get(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const averageOf = (ratings: number[]) =>
  Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 100) / 100;

describe("GET /v1/reviews/:merchantId", () => {
  it("pages the merchant's reviews 10 at a time, newest first, with its average and total", async () => {
    expect(merchantReviews.length).toBeGreaterThan(10);
    const first = await page("");
    expect(first.reviews).toHaveLength(10);
    expect(first).toMatchObject({ page: 0, size: 10, sortBy: "newest" });
    const rating = {
      average: averageOf(merchantReviews.map((r) => r.rating)),
      total: merchantReviews.length,
    };
    expect(first.merchantReviewRating).toEqual(rating);
    expect(first.reviewSummary).toEqual(rating);
    expect(first.totalPages).toBe(Math.ceil(merchantReviews.length / 10));

    const seen = [];
    for (let n = 0; n < first.totalPages; n++) seen.push(...(await page(`?page=${n}`)).reviews);
    expect(seen.map((r) => r.id).sort()).toEqual(merchantReviews.map((r) => r.id).sort());
    const times = seen.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await page(`?page=${first.totalPages}`)).reviews).toEqual([]);
  });

  it("sorts by rating and by age", async () => {
    const size = `&size=${merchantReviews.length}`;
    const highest = (await page(`?sortBy=highest${size}`)).reviews.map((r) => r.rating);
    expect(highest).toEqual([...highest].sort((a, b) => b - a));
    const lowest = (await page(`?sortBy=lowest${size}`)).reviews.map((r) => r.rating);
    expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
    const oldest = (await page(`?sortBy=oldest${size}`)).reviews.map((r) => Date.parse(r.createdAt));
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
  });

  it("lists one deal's reviews with filterByDeal, and summarises them", async () => {
    const dealId = merchantReviews[0]!.dealId;
    const own = merchantReviews.filter((r) => r.dealId === dealId);
    const answer = await page(`?dealId=${dealId}&filterByDeal=true&size=50`);
    expect(answer.reviews.map((r) => r.id).sort()).toEqual(own.map((r) => r.id).sort());
    expect(answer.reviewSummary).toEqual({ average: averageOf(own.map((r) => r.rating)), total: own.length });
    expect(answer.merchantReviewRating.total).toBe(merchantReviews.length);
    // Without filterByDeal the deal id only says which deal the page is about.
    expect((await page(`?dealId=${dealId}`)).reviewSummary.total).toBe(merchantReviews.length);
  });

  it("answers 404 for a merchant not on this site and 400 for bad parameters", async () => {
    const otherSite = await get("", brandHeaders("sister-ie"));
    const notFound = [
      await testApp.app.inject({ method: "GET", url: "/v1/reviews/99999999", headers: brandHeaders() }),
    ];
    if (otherSite.statusCode !== 200) notFound.push(otherSite);
    for (const response of notFound) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("MERCHANT_NOT_FOUND");
    }
    for (const [query, message] of [
      ["?filterByDeal=true", "dealId is required with filterByDeal=true"],
      ["?size=0", "size must be a whole number from 1 to 50"],
      ["?size=51", "size must be a whole number from 1 to 50"],
      ["?sortBy=%3Cscript%3E", "sortBy must be one of newest, oldest, highest, lowest"],
      ["?page=-1", "page must be a whole number from 0 to 10000"],
      ["?dealId=abc", "dealId must be an id: a positive whole number"],
    ]) {
      const response = await get(query!);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect(response.body).not.toContain("<script>");
    }
    expect(
      (await testApp.app.inject({ method: "GET", url: "/v1/reviews/abc", headers: brandHeaders() }))
        .statusCode,
    ).toBe(400);
  });
});
