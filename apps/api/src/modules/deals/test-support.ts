/**
 * Helpers for the deal and search tests: requests with a brand's headers, whole listings
 * page by page, and a count of the statements the database runs.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import type { DealListResponse, DealSummary } from "./schemas.ts";

/**
 * A test app for a file's tests, started before them and closed after, with its deals client:
 * `client` can be handed out at once, `testApp()` answers once the tests run.
 */
export function useDealsTestApp() {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp();
  });
  afterAll(() => started?.close());
  const testApp = () => {
    if (!started) throw new Error("The test app starts before the file's tests run");
    return started;
  };
  return { testApp, client: dealsClient(testApp) };
}

/** Requests to a test app: `app`, or a function answering it when called (useDealsTestApp). */
export function dealsClient(app: TestApp | (() => TestApp)) {
  const current = typeof app === "function" ? app : () => app;
  const get = (url: string, headers = brandHeaders()) =>
    current().app.inject({ method: "GET", url, headers });

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

  /**
   * Counts the statements the database runs while `work` runs: each `query` of PostgreSQL's
   * pool; on PGlite each Execute or Query message written to it, which counts a statement
   * whether PGlite's `query` sends it unnamed or it runs by name (pglite-named.ts).
   */
  async function countQueries(work: () => Promise<unknown>): Promise<number> {
    const client = (
      current().database.db as unknown as { $client: Record<string, (...args: never[]) => unknown> }
    ).$client;
    const pglite = "execProtocolStream" in client;
    const method = pglite ? "execProtocolStream" : "query";
    const original = client[method]!;
    let queries = 0;
    client[method] = function (this: unknown, ...args: never[]) {
      queries += pglite ? statementsIn(args[0] as unknown as Uint8Array) : 1;
      return original.apply(this, args);
    };
    try {
      await work();
    } finally {
      client[method] = original;
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

/** The Execute ("E") and Query ("Q") messages among the frontend messages in `buffer`. */
function statementsIn(buffer: Uint8Array): number {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let count = 0;
  // Each message: a type byte, then its length (counting itself, not the type byte).
  for (let at = 0; at < buffer.length; at += 1 + view.getInt32(at + 1)) {
    if (buffer[at] === 0x45 || buffer[at] === 0x51) count++;
  }
  return count;
}
