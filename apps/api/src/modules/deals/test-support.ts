/**
 * Helpers for the deal and search tests: requests with a brand's headers, whole listings
 * page by page, and a count of the statements the database runs.
 */
import { expect } from "vitest";
import { brandHeaders, type TestApp } from "../../testing.ts";
import type { DealListResponse, DealSummary } from "./schemas.ts";

export function dealsClient(testApp: TestApp) {
  const get = (url: string, headers = brandHeaders()) => testApp.app.inject({ method: "GET", url, headers });

  async function list(url: string, headers = brandHeaders()): Promise<DealListResponse> {
    const response = await get(url, headers);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json();
  }

  /** Every deal of a listing, page by page (extra query parameters after `?`). */
  async function allDeals(path: string, headers = brandHeaders()): Promise<DealSummary[]> {
    const deals: DealSummary[] = [];
    const join = path.includes("?") ? "&" : "?";
    for (let page = 0; ; page++) {
      const answer = await list(`${path}${join}page=${page}&pageSize=100`, headers);
      deals.push(...answer.deals);
      if (answer.deals.length < 100) return deals;
    }
  }

  /** Counts the statements the database client runs while `work` runs. */
  async function countQueries(work: () => Promise<unknown>): Promise<number> {
    const client = (testApp.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const query = client.query;
    let queries = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      queries++;
      return query.apply(this, args);
    };
    try {
      await work();
    } finally {
      client.query = query;
    }
    return queries;
  }

  /** An error answer: its status, code and message. */
  async function failure(url: string, headers = brandHeaders()) {
    const response = await get(url, headers);
    const body = response.json() as { error: { code: string; message: string } };
    return { status: response.statusCode, ...body.error, raw: response.body };
  }

  return { get, list, allDeals, countQueries, failure };
}

export const ids = (deals: readonly { id: number }[]) => deals.map((deal) => deal.id);

/** The sub-subcategory (or subcategory) short name of a deal, from its URL. */
export const subsubOf = (deal: DealSummary) => deal.urlPath.split("/")[4]!;

/** Every category short name a deal is in, at any level. */
export const categoryNamesOf = (deal: DealSummary) => [
  deal.category.shortName,
  deal.subCategory.shortName,
  subsubOf(deal),
];
