/**
 * A deal list answer's JSON (a listing, a search, recommendations, recently viewed), each
 * deal's part written once per summary.
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
  type DealList,
  type DealListResponse,
  type DealSummary,
  dealListResponseSchema,
  dealListSchema,
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
    // The page first: a property after a spread takes V8's slow path, about 1 µs each
    // (docs/scaling.md "Pages of one byte a character").
    const listed = { pageNumber: page + 1, ...deal };
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

/** A plain list of deals (recently viewed, recommendations, a wishlist's deals). */
export function writeDeals(answer: DealList): string {
  return `{"deals":[${answer.deals.map(summaryJson).join(",")}]}`;
}

type RouteSchema = Parameters<typeof serializerCompiler>[0];

/**
 * Route options of an answer written by `writeAnswer` when it is a 200, already escaped for
 * HTML (http-cache.ts leaves it as it is); errors written by their schemas as on every route.
 * Outside production the answer is also written by the schema's own serialiser, which zod
 * checks there, and the two must be the same text.
 */
function answerWrittenBy<T>(schema: RouteSchema["schema"], writeAnswer: (answer: T) => string) {
  const writeWhole = serializerCompiler({ schema, method: "GET", url: "deal list", httpStatus: "200" });
  const checked = (answer: T): string => {
    const json = writeAnswer(answer);
    if (json !== escapeJsonForHtml(writeWhole(answer)))
      throw new Error("A deal list was written otherwise than by its schema");
    return json;
  };
  const write = process.env.NODE_ENV === "production" ? writeAnswer : checked;
  const compile = (route: RouteSchema) => (route.httpStatus === "200" ? write : serializerCompiler(route));
  return {
    serializerCompiler: compile as FastifySerializerCompiler<unknown>,
    config: { escapedJson: true },
  };
}

/** A listing's or a search's answer (dealListResponseSchema). */
export const dealListAnswer = answerWrittenBy(dealListResponseSchema, writeDealList);
/** A plain list of deals (dealListSchema). */
export const dealsAnswer = answerWrittenBy(dealListSchema, writeDeals);
