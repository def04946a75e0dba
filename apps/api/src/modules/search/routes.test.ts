import { TEST_NOW } from "@deals/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import type { DealDetail, DealListResponse } from "../deals/schemas.ts";
import { dealsClient, ids } from "../deals/test-support.ts";
import { seedSponsoredAds } from "../sponsored/seed.ts";

let testApp: TestApp;
let client: ReturnType<typeof dealsClient>;
beforeAll(async () => {
  testApp = await startTestApp();
  client = dealsClient(testApp);
});
afterAll(() => testApp.close());

const search = (query: string, headers = brandHeaders()) => client.list(`/v1/search?${query}`, headers);
const text = (deal: { headline: string; title: string }) => `${deal.headline} ${deal.title}`.toLowerCase();

describe("GET /v1/search", () => {
  it("finds deals holding every word, the closest headline first", async () => {
    const answer = await search("q=spa%20break&pageSize=100");
    expect(answer.count).toBeGreaterThan(0);
    expect(answer.searchResult).toMatchObject({ query: "spa break", fuzzy: false, total: answer.count });
    for (const deal of answer.deals) {
      expect(text(deal)).toContain("spa");
      expect(text(deal)).toMatch(/break/);
    }
    // A headline searched word for word ranks first.
    const wanted = (await client.list("/v1/deals/national-deal?pageSize=30")).deals.at(-1)!;
    const exact = await search(`q=${encodeURIComponent(wanted.headline)}`);
    expect(exact.deals[0]!.headline).toBe(wanted.headline);
    expect(exact.canonicalUrl).toBe(
      `https://www.dealmoor.co.uk/search?${new URLSearchParams({ q: wanted.headline }).toString()}`,
    );
  });

  it("finds deals despite typos, saying which words it searched instead", async () => {
    const exact = await search("q=massage&pageSize=100");
    expect(exact.count).toBeGreaterThan(0);
    expect(exact.searchResult).toMatchObject({ fuzzy: false, correctedQuery: null });
    const typo = await search("q=massge&pageSize=100");
    expect(typo.searchResult).toMatchObject({ query: "massge", fuzzy: true, correctedQuery: "massage" });
    expect(ids(typo.deals)).toEqual(ids(exact.deals));
    const two = await search("q=aftrnoon%20tea");
    expect(two.searchResult?.correctedQuery).toBe("afternoon tea");
    expect(two.count).toBe((await search("q=afternoon%20tea")).count);
  });

  it("finds nothing, and corrects nothing, for words with no close match or stop words alone", async () => {
    for (const q of ["xqzjwv", "the"]) {
      const answer = await search(`q=${encodeURIComponent(q)}`);
      expect(answer.count, q).toBe(0);
      expect(answer.searchResult, q).toMatchObject({ query: q, fuzzy: false, correctedQuery: null });
    }
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    "asks PGlite nothing that raises a notice for stop words alone, whose report inside planning hung it",
    async () => {
      type Stream = (
        message: Uint8Array,
        options?: { onNotice?: (notice: { message: string }) => void },
      ) => unknown;
      const pg = (testApp.database.db as unknown as { $client: { execProtocolStream: Stream } }).$client;
      const original = pg.execProtocolStream;
      const notices: string[] = [];
      pg.execProtocolStream = function (this: unknown, message, options) {
        return original.call(this, message, {
          ...options,
          onNotice: (notice) => notices.push(notice.message),
        });
      };
      try {
        for (const q of ["the", "a an the", "and or"]) {
          expect((await search(`q=${encodeURIComponent(q)}&utm_source=notice`)).count, q).toBe(0);
          expect((await client.get(`/v1/suggest?q=${encodeURIComponent(q)}`)).statusCode, q).toBe(200);
        }
      } finally {
        pg.execProtocolStream = original;
      }
      expect(notices).toEqual([]);
    },
  );

  it("offers facets, sort, price range and vip as listings do", async () => {
    const answer = await search("q=save&pageSize=100");
    const { navigations, filters } = answer.facetedNavigation;
    expect(navigations.reduce((sum, item) => sum + item.count, 0)).toBe(answer.count);
    const type = filters.find((f) => f.name === "f_type")!;
    const products = await search("q=save&f_type=product&pageSize=100");
    expect(products.count).toBe(type.values.find((v) => v.value === "product")!.count);
    for (const deal of products.deals) expect(deal.dealType).toBe("product");

    const category = navigations[0]!;
    const narrowed = await search(`q=save&categories=${category.shortName}`);
    expect(narrowed.count).toBe(category.count);

    const cheap = await search("q=save&orderBy=price&order=asc&maxPrice=30&pageSize=100");
    const prices = cheap.deals.map((deal) => deal.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(Math.max(...prices)).toBeLessThanOrEqual(3000);

    const vip = await search("q=save&vip=true&pageSize=100");
    expect(vip.count).toBeGreaterThan(0);
    expect(vip.count).toBeLessThan(answer.count);
    for (const deal of vip.deals) expect(deal.vipPrice !== null || deal.vipExclusive).toBe(true);
  });

  it("searches a location's deals and the national ones", async () => {
    const answer = await client.list("/v1/search/london?q=save&pageSize=100");
    expect(answer.location).toEqual({ shortName: "london", name: "London" });
    for (const deal of answer.deals)
      expect(deal.location === null || deal.location.shortName === "london").toBe(true);
    expect((await client.failure("/v1/search/atlantis?q=spa")).code).toBe("LOCATION_NOT_FOUND");
  });

  it("pages through a search's deals in one order, whatever the page size", async () => {
    const all = await client.list("/v1/search/london?q=save&pageSize=40");
    expect(all.count).toBeGreaterThan(20);
    const pages = [];
    for (const page of [0, 1, 2, 3])
      pages.push(...(await client.list(`/v1/search/london?q=save&page=${page}&pageSize=5`)).deals);
    expect(ids(pages)).toEqual(ids(all.deals).slice(0, 20));
  });

  it("numbers each result with its page and gives the lowest price of the last 30 days", async () => {
    const first = await search("q=save&pageSize=5");
    const third = await search("q=save&page=2&pageSize=5");
    expect(first.deals.map((deal) => deal.pageNumber)).toEqual([1, 1, 1, 1, 1]);
    expect(third.deals.length).toBe(5);
    for (const deal of third.deals) expect(deal.pageNumber).toBe(3);
    for (const deal of [...first.deals, ...third.deals]) {
      const detail = (await client.get(`/v1/deal/${deal.id}`)).json() as DealDetail;
      expect(deal.lowestPriceLast30Days).toBe(detail.lowestPriceLast30Days);
    }
  });

  it("marks sponsored deals, which match the search too", async () => {
    // Its own ads and a filter no other test asks: each filter's ads are kept a few seconds.
    await seedSponsoredAds(testApp.database.db, TEST_NOW);
    const answer = await search("q=save&minPrice=0");
    expect(answer.sponsored.deals.length).toBeGreaterThan(0);
    expect(answer.sponsored.sessionId).toBeNull();
    for (const deal of answer.sponsored.deals) {
      expect(deal).toMatchObject({ sponsored: true, adId: `ad-${deal.id}` });
    }
    const none = await search("q=xqzvw");
    expect(none.sponsored.deals).toEqual([]);
  });

  it("suggests other searches when nothing matches", async () => {
    await search("q=massage");
    // A tracking parameter makes the URL new to the answer cache.
    const none = await search("q=xqzvw&utm_source=suggestions");
    expect(none.count).toBe(0);
    expect(none.deals).toEqual([]);
    // Nothing reads like it, so nothing is guessed.
    expect(none.searchResult?.suggestions).toEqual([]);
    expect((await search("q=zzzzqqq")).searchResult?.suggestions).toEqual([]);
    const close = await search("q=massage%20xqzvw");
    expect(close.count).toBe(0);
    expect(close.searchResult?.suggestions).toContain("massage");
  });

  it("answers bad input with a clear 400 and never repeats markup", async () => {
    for (const [query, message] of [
      ["", "q is required: the words to search for"],
      ["q=%20%20", "q is required: the words to search for"],
      [`q=${"x".repeat(10_000)}`, "q must be at most 200 characters"],
      [
        "q=spa&f_size=large",
        "f_size is not a filter of this list; filters: f_type, f_discount, f_rating, f_nights",
      ],
      ["q=spa&minPrice=90&maxPrice=10", "minPrice must not exceed maxPrice"],
    ]) {
      expect(await client.failure(`/v1/search?${query}`), query).toMatchObject({
        status: 400,
        code: "INVALID_PARAMETER",
        message,
      });
    }
    const markup = await client.get("/v1/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    expect(markup.statusCode).toBe(200);
    expect(markup.body).not.toContain("<script>");
    expect((markup.json() as DealListResponse).searchResult?.query).toBe("<script>alert(1)</script>");
    const sql = await client.get(`/v1/search?q=${encodeURIComponent("'; drop table deals; --")}`);
    expect(sql.statusCode).toBe(200);
    expect((await search("q=spa")).count).toBeGreaterThan(0);
  });
});

describe("top searches and suggestions", () => {
  it("counts every search, from memory too, and lists those that found deals", async () => {
    const before = await client.get("/v1/top-searches");
    const count = (body: { searches: { query: string; count: number }[] }, query: string) =>
      body.searches.find((entry) => entry.query === query)?.count ?? 0;
    for (let i = 0; i < 3; i++) await search("q=Afternoon%20%20TEA");
    await search("q=xqzvw");
    const after = (await client.get("/v1/top-searches")).json();
    expect(count(after, "afternoon tea") - count(before.json(), "afternoon tea")).toBe(3);
    expect(after.searches.some((entry: { query: string }) => entry.query === "xqzvw")).toBe(false);
    const counts = after.searches.map((entry: { count: number }) => entry.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // Another brand's searches are its own.
    const irish = (await client.get("/v1/top-searches", brandHeaders("main-ie"))).json();
    expect(count(irish, "afternoon tea")).toBe(0);
  });

  it("lists a misspelt search under the words that found its deals", async () => {
    const typo = await search("q=aftrnoon%20tea");
    expect(typo.searchResult).toMatchObject({ fuzzy: true, correctedQuery: "afternoon tea" });
    const searches: { query: string }[] = (await client.get("/v1/top-searches")).json().searches;
    expect(searches.map((entry) => entry.query)).toContain("afternoon tea");
    expect(searches.map((entry) => entry.query)).not.toContain("aftrnoon tea");
  });

  it("suggests searches, categories and deals while typing", async () => {
    await search("q=massage");
    const response = await client.get("/v1/suggest?q=Mass&location=leeds");
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.query).toBe("mass");
    expect(answer.searches).toContain("massage");
    expect(answer.categories).toContainEqual({
      name: "Massages",
      shortName: "massages",
      url: "/deals/leeds/beauty-and-spa/massages",
    });
    expect(answer.deals.length).toBeGreaterThan(0);
    for (const deal of answer.deals) expect(text(deal)).toMatch(/\bmass/);

    const empty = (await client.get("/v1/suggest?q=")).json();
    expect(empty).toMatchObject({ query: "", categories: [], deals: [] });
    expect(empty.searches).toContain("massage");

    const junk = await client.get(`/v1/suggest?q=${encodeURIComponent("<b>&:*|!(")}`);
    expect(junk.statusCode).toBe(200);
    expect(junk.body).not.toContain("<b>");
    expect((await client.get(`/v1/suggest?q=${"y".repeat(300)}`)).statusCode).toBe(400);
  });
});
