/**
 * A deal list answer's JSON (a listing or a search), each deal's part written once per summary.
 * Writing the answer was about a fifth of a listing's CPU in the API process, most of it the
 * 24 deals, while the same summaries come back page after page (kept-summaries.ts keeps one
 * object per deal and revision). So a summary's JSON, escaped for HTML as every catalogue
 * answer is (http-cache.ts), is kept with the summary object, and a page's answer is those
 * parts joined with the rest written afresh (docs/scaling.md "Deal JSON written once").
 *
 * A listed deal is its summary and the page it was listed on (onPage). The writer puts an
 * object's required properties first, in the schema's order, then the optional ones it has;
 * pageNumber is the last required one, so a summary without optional properties (distanceKm,
 * dynamicTravelPackagePrice) makes a listed deal's JSON with pageNumber added before its
 * closing brace, and one with them is written whole. Outside production every answer is also
 * written by the route's own serialiser and the two compared, so a test meets any difference.
 */
import type { FastifySerializerCompiler } from "fastify";
import { jsonWriterOf, serializerCompiler } from "../../serializer.ts";
import { escapeJsonForHtml } from "./http-cache.ts";
import {
  type DealListResponse,
  type DealSummary,
  dealListResponseSchema,
  dealSummarySchema,
  type ListedDeal,
  listedDealSchema,
} from "./schemas.ts";

const writeSummary = jsonWriterOf(dealSummarySchema);
const writeListed = jsonWriterOf(listedDealSchema);
/** The summary's properties it may be without. */
const OPTIONAL = Object.entries(dealSummarySchema.shape)
  .filter(([, schema]) => schema.safeParse(undefined).success)
  .map(([name]) => name as keyof DealSummary);
/** deals is the answer's first property: the rest is written after it. */
const writeRest = jsonWriterOf(dealListResponseSchema.omit({ deals: true }));

/** The summary each listed deal was made from. */
const summaryOf = new WeakMap<ListedDeal, DealSummary>();
const written = new WeakMap<DealSummary, string>();

/** Each deal of a page with the page it was listed on (product.md §3 "Deal list response"). */
export function onPage(deals: readonly DealSummary[], page: number): ListedDeal[] {
  return deals.map((deal) => {
    const listed = { ...deal, pageNumber: page + 1 };
    summaryOf.set(listed, deal);
    return listed;
  });
}

function summaryJson(summary: DealSummary): string {
  let json = written.get(summary);
  if (json === undefined) {
    json = escapeJsonForHtml(writeSummary(summary));
    written.set(summary, json);
  }
  return json;
}

function listedJson(deal: ListedDeal): string {
  const summary = summaryOf.get(deal);
  if (summary === undefined || OPTIONAL.some((name) => summary[name] !== undefined))
    return escapeJsonForHtml(writeListed(deal));
  return `${summaryJson(summary).slice(0, -1)},"pageNumber":${deal.pageNumber}}`;
}

export function writeDealList(answer: DealListResponse): string {
  const { deals, ...rest } = answer;
  return `{"deals":[${deals.map(listedJson).join(",")}],${escapeJsonForHtml(writeRest(rest)).slice(1)}`;
}

const writeWhole = serializerCompiler({
  schema: dealListResponseSchema,
  method: "GET",
  url: "deal list",
  httpStatus: "200",
});

const checkedDealList = (answer: DealListResponse): string => {
  const json = writeDealList(answer);
  const whole = escapeJsonForHtml(writeWhole(answer));
  if (json !== whole) throw new Error("A deal list was written otherwise than by its schema");
  return json;
};

const write = process.env.NODE_ENV === "production" ? writeDealList : checkedDealList;

/**
 * Route options of a deal list answer: a 200 written as above, already escaped for HTML
 * (http-cache.ts leaves it as it is); errors written by their schemas as on every route.
 */
export const dealListAnswer = {
  serializerCompiler: ((route) =>
    route.httpStatus === "200"
      ? write
      : serializerCompiler(
          route as Parameters<typeof serializerCompiler>[0],
        )) as FastifySerializerCompiler<unknown>,
  config: { escapedJson: true },
};
