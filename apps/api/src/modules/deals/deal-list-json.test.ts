/**
 * A deal list answer written from its summaries' kept JSON (deal-list-json.ts) is, byte for
 * byte, the answer its schema's serialiser writes, escaped for HTML: with kept and fresh
 * summaries, a deal with a distance or a stay price, and text HTML would read as markup.
 */
import { describe, expect, it } from "vitest";
import { jsonWriterOf } from "../../serializer.ts";
import { onPage, writeDealList, writeDeals } from "./deal-list-json.ts";
import { escapeJsonForHtml } from "./http-cache.ts";
import {
  type DealListResponse,
  type DealSummary,
  dealListResponseSchema,
  dealListSchema,
} from "./schemas.ts";
import { useDealsTestApp } from "./test-support.ts";

const { client } = useDealsTestApp();
const writeWhole = (answer: DealListResponse) =>
  escapeJsonForHtml(jsonWriterOf(dealListResponseSchema)(answer));

/** A listing's summaries as the service has them: without the page they were listed on. */
const summariesOf = (answer: DealListResponse): DealSummary[] =>
  answer.deals.map(({ pageNumber: _, ...summary }) => summary);

describe("a deal list's JSON", () => {
  it("is what the schema writes, for kept summaries, optional properties and markup", async () => {
    const answer = await client.list("/v1/deals/london?pageSize=6");
    const summaries = summariesOf(answer);
    expect(summaries.length).toBeGreaterThan(3);
    const [first, second, third, ...rest] = summaries;
    const changed: DealSummary[] = [
      { ...first!, headline: `</script><b>"A & B"</b>\u2028` },
      { ...second!, distanceKm: 1.25 },
      { ...third!, dynamicTravelPackagePrice: null },
      ...rest,
    ];
    for (const [page, deals] of [
      [0, summaries],
      [3, summaries],
      [1, changed],
    ] as const) {
      const list = { ...answer, page, deals: onPage(deals, page) };
      const json = writeDealList(list);
      expect(json).toBe(writeWhole(list));
      expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(list)));
      expect(json).not.toMatch(/[<>&\u2028]/);
    }
  });

  it("writes a plain list of deals as its schema does, kept and changed alike", async () => {
    const summaries = summariesOf(await client.list("/v1/deals/london?pageSize=4"));
    const changed = summaries.map((deal, i) =>
      i % 2 === 0 ? deal : { ...deal, distanceKm: i, title: "<&>" },
    );
    for (const deals of [summaries, changed, []]) {
      expect(writeDeals({ deals })).toBe(escapeJsonForHtml(jsonWriterOf(dealListSchema)({ deals })));
    }
  });

  it("writes a listed deal made without onPage whole", async () => {
    const answer = await client.list("/v1/deals/london?pageSize=3");
    const list = { ...answer, deals: answer.deals.map((deal) => ({ ...deal, pageNumber: 2 })) };
    expect(writeDealList(list)).toBe(writeWhole(list));
  });
});
