import { eq, inArray } from "@deals/db";
import { deals, reviews } from "@deals/db/schema/catalogue";
import { BRAND_IDS, type BrandId } from "@deals/domain/brand";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import type { ReviewsSummary } from "./schemas.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

async function summary(brandId: BrandId): Promise<ReviewsSummary> {
  const response = await testApp.app.inject({
    method: "GET",
    url: "/v1/reviews/summary",
    headers: brandHeaders(brandId),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The brand's review ratings, read straight from the tables. */
async function ratingsOf(brandId: BrandId): Promise<number[]> {
  const rows = await testApp.database.db
    .select({ rating: reviews.rating })
    .from(reviews)
    .innerJoin(deals, eq(deals.id, reviews.dealId))
    .where(eq(deals.brandId, brandId));
  return rows.map((row) => row.rating);
}

const averageOf = (ratings: number[]) =>
  Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 100) / 100;

describe("GET /v1/reviews/summary", () => {
  it("rates each site from its own deals' reviews: the average out of 5 and the count", async () => {
    const answers = new Map<BrandId, ReviewsSummary>();
    for (const brandId of BRAND_IDS) {
      const ratings = await ratingsOf(brandId);
      expect(ratings.length, brandId).toBeGreaterThan(0);
      const answer = await summary(brandId);
      expect(answer, brandId).toEqual({ average: averageOf(ratings), total: ratings.length });
      expect(answer.average).toBeGreaterThanOrEqual(1);
      expect(answer.average).toBeLessThanOrEqual(5);
      answers.set(brandId, answer);
    }
    // Each site counts only its own reviews.
    const totals = [...answers.values()].map((answer) => answer.total);
    expect(new Set(totals).size).toBeGreaterThan(1);
  });

  it("has no average while a site has no reviews", async () => {
    const brandDeals = testApp.database.db
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.brandId, "sister-ie"));
    await testApp.database.db.delete(reviews).where(inArray(reviews.dealId, brandDeals));
    expect(await summary("sister-ie")).toEqual({ average: null, total: 0 });
    expect((await summary("main-uk")).total).toBeGreaterThan(0);
  });

  it("needs the brand headers like every /v1 route", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/v1/reviews/summary" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("error.code");
  });
});
