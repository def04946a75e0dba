/**
 * Listing query parameters (product.md §2 "Routes", services.md §7.7): parsing that never
 * throws, the sort options, the price filter lists and steps, and the page and canonical
 * links of a listing.
 *
 * Page numbering, one convention each side:
 * - The API's `page` is a 0-based page index (services.md §7.7: page 0 is the first page).
 * - A storefront URL carries the 1-based page number a shopper sees, as `?page=N`; the first
 *   page is the clean URL without `page` (product.md §2: "page 2 links to the clean URL",
 *   that is, page 2's link back to page 1 has no page parameter).
 * `parseListingQuery(input, { pageNumbering: "url" })` reads a storefront URL and still
 * returns the 0-based index, so nothing downstream has to convert.
 */
import { z } from "zod";
import {
  DEFAULT_DEALS_PAGE_SIZE,
  LISTING_QUERY_LIMITS,
  MAX_DEALS_PAGE_SIZE,
  MAX_RECENT_VIEWED_DEAL_PARAMS,
  NIGHTS_RANGE,
  PASSENGER_COUNTS,
  PRICE_FILTER_LISTS,
  PRICE_FILTER_STEP_BANDS,
} from "./constants.ts";
import { parseCatalogueId } from "./deal-id.ts";
import { addDays, parseIsoDate, roomsForGuests, stayNights } from "./travel-stay.ts";
import { VALIDATION_MESSAGES } from "./validation.ts";

// ---------------------------------------------------------------------------------------
// Sort

/** The five sort options, in the order the sort menu lists them (product.md §2). */
export const SORT_OPTIONS = [
  { id: "popularity", label: "Popularity", orderBy: "popularity", order: "desc" },
  { id: "price-high-to-low", label: "Price high to low", orderBy: "price", order: "desc" },
  { id: "discount", label: "Discount %", orderBy: "discount", order: "desc" },
  { id: "recently-added", label: "Recently Added", orderBy: "dateAdded", order: "desc" },
  { id: "price-low-to-high", label: "Price low to high", orderBy: "price", order: "asc" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export type SortOptionId = SortOption["id"];
export const DEFAULT_SORT_OPTION: SortOption = SORT_OPTIONS[0];

/** orderBy values that mean "the default sort" (product.md §2: popularity and -1). */
const DEFAULT_ORDER_BY_VALUES = ["popularity", "-1"];
const ORDER_BY_VALUES = [...new Set(SORT_OPTIONS.map((o) => o.orderBy))];

/** The query parameters that select a sort; the default sort needs none (a clean URL). */
export function sortQueryParams(id: SortOptionId): { orderBy?: string; order?: string } {
  const option = SORT_OPTIONS.find((o) => o.id === id) ?? DEFAULT_SORT_OPTION;
  if (option.id === DEFAULT_SORT_OPTION.id) return {};
  return { orderBy: option.orderBy, order: option.order };
}

// ---------------------------------------------------------------------------------------
// Price filter

/** The price filter lists, in major units (product.md §2 "Routes"). */
export const PRICE_FILTER_OPTIONS = {
  upTo200: PRICE_FILTER_LISTS.upTo200,
  upTo1000: PRICE_FILTER_LISTS.upTo1000,
  fine: priceFilterSteps(PRICE_FILTER_LISTS.fineMax),
} as const;

/**
 * Price filter values from 0 up to `maxMajor`: steps of 5 up to 100, 10 up to 500, 50
 * beyond (services.md §9). The last value is the first step at or above the maximum, so
 * the dearest deal is always inside the range. Junk or a maximum of 0 or less gives [0].
 */
export function priceFilterSteps(maxMajor: number): number[] {
  const steps = [0];
  if (!Number.isFinite(maxMajor) || maxMajor <= 0) return steps;
  const max = Math.min(maxMajor, LISTING_QUERY_LIMITS.maxPriceMajor);
  let value = 0;
  while (value < max) {
    const band = PRICE_FILTER_STEP_BANDS.find((b) => value < b.upTo)!;
    value += band.step;
    steps.push(value);
  }
  return steps;
}

// ---------------------------------------------------------------------------------------
// Parameters

const { maxPage, maxOffset, maxPriceMajor, maxTextLength, maxListValues, maxFacetParams } =
  LISTING_QUERY_LIMITS;
const SLUG = /^[a-z0-9][a-z0-9_-]*$/i;
const MAX_SLUG_LENGTH = 100;
const FACET_KEY = /^(?:f_|uFilter)[\w.:-]{0,60}$/;
const INVALID_FACET_NAME_MESSAGE =
  "facets: a facet parameter name is f_ or uFilter followed by at most 60 letters, digits, _ . : or -";
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const once = (param: string) => z.string({ error: `${param} must be given once` });

const slugText = (param: string) =>
  z
    .string()
    .max(MAX_SLUG_LENGTH, `${param} must be at most ${MAX_SLUG_LENGTH} characters`)
    .regex(SLUG, `${param} must contain only letters, digits, hyphens and underscores`)
    .transform((s) => s.toLowerCase());

/** Why a free-text value is refused, or null when it is fine. */
function freeTextProblem(param: string, value: string): string | null {
  if (value.length > maxTextLength) return `${param} must be at most ${maxTextLength} characters`;
  if (CONTROL_CHARACTERS.test(value)) return `${param} must not contain control characters`;
  return null;
}

const freeText = (param: string) =>
  z
    .string()
    .check((ctx) => {
      const message = freeTextProblem(param, ctx.value);
      if (message) ctx.issues.push({ code: "custom", input: ctx.value, message });
    })
    .transform((s) => s.trim());

const wholeNumber = (param: string, min: number, max: number) => {
  const message = `${param} must be a whole number from ${min} to ${max}`;
  return once(param)
    .regex(/^\d{1,12}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);
};

const isoDate = (param: string) =>
  once(param).refine((v) => parseIsoDate(v) !== undefined, `${param} must be a real date written YYYY-MM-DD`);

const flag = (param: string) =>
  once(param)
    .regex(/^(?:true|false|1|0)$/i, `${param} must be true or false`)
    .transform((v) => v.toLowerCase() === "true" || v === "1");

const slugList = (param: string) =>
  z.array(slugText(param)).max(maxListValues, `${param} must have at most ${maxListValues} values`);

const idList = (param: string, max: number) =>
  z
    .array(
      z
        .string()
        .refine(
          (v) => parseCatalogueId(v) !== null,
          `${param} values must be deal ids (whole numbers from 1)`,
        )
        .transform(Number),
    )
    .max(max, `${param} must have at most ${max} values`);

const orderBySchema = once("orderBy")
  .transform((v) => v.toLowerCase())
  .refine(
    (v) => DEFAULT_ORDER_BY_VALUES.includes(v) || ORDER_BY_VALUES.some((o) => o.toLowerCase() === v),
    `orderBy must be one of ${ORDER_BY_VALUES.join(", ")}`,
  );

const orderSchema = once("order")
  .transform((v) => v.toLowerCase())
  .refine((v) => v === "asc" || v === "desc" || v === "-1", "order must be asc or desc");

function pageSchema(numbering: "index" | "url") {
  return numbering === "index"
    ? wholeNumber("page", 0, maxPage)
    : wholeNumber("page", 1, maxPage).transform((n) => n - 1);
}

/** Field by field schema of the listing parameters, after repeated values are gathered. */
function listingParamsSchema(numbering: "index" | "url") {
  return z.object({
    location: once("location").pipe(slugText("location")).optional(),
    category: once("category").pipe(slugText("category")).optional(),
    subcategory: once("subcategory").pipe(slugText("subcategory")).optional(),
    searchTag: once("searchTag").pipe(slugText("searchTag")).optional(),
    giftFor: once("giftFor").pipe(slugText("giftFor")).optional(),
    q: once("q").pipe(freeText("q")).optional(),
    orderBy: orderBySchema.optional(),
    order: orderSchema.optional(),
    minPrice: wholeNumber("minPrice", 0, maxPriceMajor).optional(),
    maxPrice: wholeNumber("maxPrice", 0, maxPriceMajor).optional(),
    vip: flag("vip").default(false),
    all: flag("all").default(false),
    page: pageSchema(numbering).default(0),
    pageSize: wholeNumber("pageSize", 1, MAX_DEALS_PAGE_SIZE).default(DEFAULT_DEALS_PAGE_SIZE),
    offset: wholeNumber("offset", 0, maxOffset).optional(),
    categories: slugList("categories").default([]),
    excludecategory: slugList("excludecategory").default([]),
    excludesubcategory: slugList("excludesubcategory").default([]),
    recentViewedDeal: idList("recentViewedDeal", MAX_RECENT_VIEWED_DEAL_PARAMS).default([]),
    excludedealids: idList("excludedealids", maxListValues).default([]),
    facets: z.record(z.string(), z.array(z.string())).default({}),
    checkIn: isoDate("checkIn").optional(),
    checkOut: isoDate("checkOut").optional(),
    nights: wholeNumber("nights", NIGHTS_RANGE.min, NIGHTS_RANGE.max).optional(),
    guests: wholeNumber("guests", 1, Math.max(...PASSENGER_COUNTS))
      .refine((n) => roomsForGuests(n) !== undefined, VALIDATION_MESSAGES.passengerCount)
      .optional(),
  });
}

const LISTING_PARAMS_SCHEMAS = { index: listingParamsSchema("index"), url: listingParamsSchema("url") };
const STOREFRONT_PAGE_SCHEMA = pageSchema("url");

export interface ListingQuery {
  location?: string;
  category?: string;
  subcategory?: string;
  searchTag?: string;
  giftFor?: string;
  q?: string;
  sort: SortOption;
  /** Price range in major units, as the price filter lists are. */
  minPrice?: number;
  maxPrice?: number;
  vip: boolean;
  all: boolean;
  /** 0-based page index, whatever numbering the input used. */
  page: number;
  pageSize: number;
  offset?: number;
  categories: string[];
  excludecategory: string[];
  excludesubcategory: string[];
  recentViewedDeal: number[];
  excludedealids: number[];
  /** Facet parameters (names starting f_ or uFilter) and their values. */
  facets: Record<string, string[]>;
  /**
   * Travel dates the shopper chose (checkIn with checkOut or nights, and guests, 2 by
   * default): only deals that can be booked for that stay are listed, each with its price.
   */
  stay?: ListingStay;
}

export interface ListingStay {
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
}

export interface ListingQueryError {
  param: string;
  message: string;
}

export type ListingQueryResult =
  | { ok: true; query: ListingQuery }
  | { ok: false; errors: ListingQueryError[] };

const SCALAR_PARAMS = [
  "location",
  "category",
  "subcategory",
  "searchTag",
  "giftFor",
  "q",
  "orderBy",
  "order",
  "minPrice",
  "maxPrice",
  "vip",
  "all",
  "page",
  "pageSize",
  "offset",
  "checkIn",
  "checkOut",
  "nights",
  "guests",
] as const;
/** These may repeat or hold comma-separated values. */
const LIST_PARAMS = [
  "categories",
  "excludecategory",
  "excludesubcategory",
  "recentViewedDeal",
  "excludedealids",
] as const;

/** Every (name, value) pair of the input; values that are not text become errors. */
function paramEntries(input: unknown): { entries: [string, string][]; errors: ListingQueryError[] } {
  const entries: [string, string][] = [];
  const errors: ListingQueryError[] = [];
  if (input === null || input === undefined) return { entries, errors };
  if (typeof input === "string") return { entries: [...new URLSearchParams(input)], errors };
  if (input instanceof URLSearchParams) return { entries: [...input], errors };
  if (typeof input !== "object" || Array.isArray(input)) {
    return { entries, errors: [{ param: "query", message: "query must be a set of named parameters" }] };
  }
  for (const [name, value] of Object.entries(input)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (typeof v === "string") entries.push([name, v]);
      else if (typeof v === "number" && Number.isFinite(v)) entries.push([name, String(v)]);
      else if (typeof v === "boolean") entries.push([name, String(v)]);
      else if (v !== undefined && v !== null) errors.push({ param: name, message: `${name} must be text` });
    }
  }
  return { entries, errors };
}

function pushTo(map: Map<string, string[]>, name: string, value: string) {
  const values = map.get(name);
  if (values) values.push(value);
  else map.set(name, [value]);
}

/** Gathers the entries into the shape the schema reads; empty values count as absent. */
function gatherParams(entries: [string, string][], errors: ListingQueryError[]) {
  const scalars = new Map<string, string[]>();
  const lists = new Map<string, string[]>();
  const facets = new Map<string, string[]>();
  for (const [name, raw] of entries) {
    const value = raw.trim();
    if (value === "") continue;
    if ((SCALAR_PARAMS as readonly string[]).includes(name)) {
      pushTo(scalars, name, value);
    } else if ((LIST_PARAMS as readonly string[]).includes(name)) {
      for (const part of value.split(",")) if (part.trim() !== "") pushTo(lists, name, part.trim());
    } else if (name.startsWith("f_") || name.startsWith("uFilter")) {
      // A name that is not valid is never repeated back: it may hold markup.
      const validName = FACET_KEY.test(name);
      const problem = validName ? freeTextProblem(name, value) : INVALID_FACET_NAME_MESSAGE;
      if (problem) {
        errors.push({ param: validName ? name : "facets", message: problem });
      } else if (facets.has(name) || facets.size < maxFacetParams) {
        pushTo(facets, name, value);
      } else {
        errors.push({
          param: name,
          message: `${name} is one facet parameter too many: at most ${maxFacetParams} are allowed`,
        });
      }
    }
  }
  const shaped: Record<string, unknown> = { facets: Object.fromEntries(facets) };
  for (const [name, values] of scalars) shaped[name] = values.length === 1 ? values[0] : values;
  for (const [name, values] of lists) shaped[name] = values;
  return shaped;
}

function resolveSort(orderBy: string | undefined, order: string | undefined): SortOption | ListingQueryError {
  if (orderBy === undefined || DEFAULT_ORDER_BY_VALUES.includes(orderBy)) return DEFAULT_SORT_OPTION;
  const wanted = order === undefined || order === "-1" ? "desc" : order;
  const option = SORT_OPTIONS.find((o) => o.orderBy.toLowerCase() === orderBy && o.order === wanted);
  const offered = SORT_OPTIONS.find((o) => o.orderBy.toLowerCase() === orderBy)!;
  return (
    option ?? { param: "order", message: `order ${wanted} is not offered for orderBy ${offered.orderBy}` }
  );
}

/**
 * Parses listing query parameters from URLSearchParams, a query string or a plain record
 * (typed `unknown`, so junk from anywhere is answered rather than thrown on). Junk of any
 * kind (wrong types, repeats, huge values) comes back as `{ ok: false, errors }`, one
 * message per parameter, each naming it. Unknown parameters (tracking tags) are ignored.
 */
export function parseListingQuery(
  input: unknown,
  options: { pageNumbering?: "index" | "url" } = {},
): ListingQueryResult {
  const quick = quickListingQuery(input, options.pageNumbering ?? "index");
  if (quick) return { ok: true, query: quick };
  const { entries, errors } = paramEntries(input);
  const shaped = gatherParams(entries, errors);
  const parsed = LISTING_PARAMS_SCHEMAS[options.pageNumbering ?? "index"].safeParse(shaped);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors.push({ param: String(issue.path[0] ?? "query"), message: issue.message });
    }
  }
  if (!parsed.success || errors.length > 0) return { ok: false, errors: firstErrorPerParam(errors) };

  // Rules across parameters, checked once each parameter is valid on its own.
  const { orderBy, order, checkIn, checkOut, nights, guests, ...fields } = parsed.data;
  const sort = resolveSort(orderBy, order);
  if ("param" in sort) errors.push(sort);
  const stay = resolveStay({ checkIn, checkOut, nights, guests });
  if (stay && "param" in stay) errors.push(stay);
  if (fields.minPrice !== undefined && fields.maxPrice !== undefined && fields.minPrice > fields.maxPrice) {
    errors.push({ param: "minPrice", message: "minPrice must not exceed maxPrice" });
  }
  if ("param" in sort || errors.length > 0) return { ok: false, errors };
  return { ok: true, query: { ...fields, sort, ...(stay && !("param" in stay) ? { stay } : {}) } };
}

/** The whole numbers and flags the quick path reads, each with its bounds as the schema has them. */
const QUICK_NUMBERS = {
  page: { min: 0, max: maxPage },
  pageSize: { min: 1, max: MAX_DEALS_PAGE_SIZE },
  offset: { min: 0, max: maxOffset },
  minPrice: { min: 0, max: maxPriceMajor },
  maxPrice: { min: 0, max: maxPriceMajor },
} as const;
const WHOLE_NUMBER = /^\d{1,12}$/;
const FLAG = /^(?:true|false|1|0)$/i;

/**
 * What most listing and search requests send (a page, its size and offset, a sort, a price
 * range, the VIP and all flags, the search words, each once and valid) read without zod, which costs far more per request than
 * these checks: the answer is the one the schema gives. Anything else, and any value the
 * schema would refuse, returns undefined and goes the whole way, which alone words errors.
 */
export function quickListingQuery(
  input: unknown,
  numbering: "index" | "url" = "index",
): ListingQuery | undefined {
  if (input instanceof URLSearchParams) {
    const record = singleValued(input);
    return record && quickListingQuery(record, numbering);
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
  const numbers: Partial<Record<keyof typeof QUICK_NUMBERS, number>> = {};
  const flags = { vip: false, all: false };
  let orderBy: string | undefined;
  let order: string | undefined;
  let q: string | undefined;
  for (const name in input) {
    if (!Object.hasOwn(input, name)) continue;
    const raw = (input as Record<string, unknown>)[name];
    if (raw === undefined) continue;
    if (typeof raw !== "string") return undefined;
    const value = raw.trim();
    if (value === "") continue;
    if (name === "q") {
      if (freeTextProblem(name, value)) return undefined;
      q = value;
    } else if (name === "orderBy") orderBy = value.toLowerCase();
    else if (name === "order") order = value.toLowerCase();
    else if (name === "vip" || name === "all") {
      if (!FLAG.test(value)) return undefined;
      flags[name] = value.toLowerCase() === "true" || value === "1";
    } else if (Object.hasOwn(QUICK_NUMBERS, name)) {
      const bounds = QUICK_NUMBERS[name as keyof typeof QUICK_NUMBERS];
      const min = name === "page" && numbering === "url" ? 1 : bounds.min;
      const n = Number(value);
      if (!WHOLE_NUMBER.test(value) || n < min || n > bounds.max) return undefined;
      numbers[name as keyof typeof QUICK_NUMBERS] = name === "page" && numbering === "url" ? n - 1 : n;
    } else return undefined;
  }
  if (orderBy !== undefined && !DEFAULT_ORDER_BY_VALUES.includes(orderBy)) {
    if (!ORDER_BY_VALUES.some((o) => o.toLowerCase() === orderBy)) return undefined;
  }
  if (order !== undefined && order !== "asc" && order !== "desc" && order !== "-1") return undefined;
  const sort = resolveSort(orderBy, order);
  const { minPrice, maxPrice, offset } = numbers;
  if ("param" in sort || (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)) {
    return undefined;
  }
  // The schema's keys, in its order: absent optional ones are left out, defaults filled in.
  return {
    ...(q === undefined ? {} : { q }),
    ...(minPrice === undefined ? {} : { minPrice }),
    ...(maxPrice === undefined ? {} : { maxPrice }),
    vip: flags.vip,
    all: flags.all,
    page: numbers.page ?? 0,
    pageSize: numbers.pageSize ?? DEFAULT_DEALS_PAGE_SIZE,
    ...(offset === undefined ? {} : { offset }),
    categories: [],
    excludecategory: [],
    excludesubcategory: [],
    recentViewedDeal: [],
    excludedealids: [],
    facets: {},
    sort,
  };
}

/**
 * A page's query (the storefront reads URLSearchParams) as a record for the quick path, when
 * each parameter is given once; undefined when one repeats, which the schema words.
 */
function singleValued(params: URLSearchParams): Record<string, string> | undefined {
  // No prototype: "__proto__" is then a parameter like any other (unknown, so the whole way).
  const record: Record<string, string> = Object.create(null);
  for (const [name, value] of params) {
    if (Object.hasOwn(record, name)) return undefined;
    record[name] = value;
  }
  return record;
}

/** The stay the travel parameters ask for: check-in, then check-out or a number of nights. */
function resolveStay(params: {
  checkIn?: string | undefined;
  checkOut?: string | undefined;
  nights?: number | undefined;
  guests?: number | undefined;
}): ListingStay | ListingQueryError | undefined {
  const { checkIn, checkOut, nights, guests } = params;
  if (checkIn === undefined) {
    if (checkOut !== undefined || nights !== undefined) {
      return { param: "checkIn", message: "checkIn must be given with checkOut or nights" };
    }
    return undefined;
  }
  const between = checkOut === undefined ? undefined : stayNights(checkIn, checkOut).length;
  if (between === 0) return { param: "checkOut", message: "checkOut must be after checkIn" };
  if (between !== undefined && (between < NIGHTS_RANGE.min || between > NIGHTS_RANGE.max)) {
    return { param: "checkOut", message: VALIDATION_MESSAGES.nights };
  }
  if (between !== undefined && nights !== undefined && between !== nights) {
    return { param: "nights", message: "nights must match the nights from checkIn to checkOut" };
  }
  const length = between ?? nights ?? NIGHTS_RANGE.min;
  return {
    checkIn,
    checkOut: addDays(checkIn, length),
    nights: length,
    guests: guests ?? PASSENGER_COUNTS[0],
  };
}

function firstErrorPerParam(errors: ListingQueryError[]): ListingQueryError[] {
  const byParam = new Map<string, ListingQueryError>();
  for (const error of errors) if (!byParam.has(error.param)) byParam.set(error.param, error);
  return [...byParam.values()];
}

// ---------------------------------------------------------------------------------------
// Links

/** The 1-based page number of a storefront URL; absent or junk means the first page. */
export function storefrontPageNumber(input: unknown): number {
  const page = paramEntries(input).entries.find(([name]) => name === "page")?.[1];
  if (page === undefined) return 1;
  const parsed = STOREFRONT_PAGE_SCHEMA.safeParse(page.trim());
  return parsed.success ? parsed.data + 1 : 1;
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The link to a listing page, keeping every other parameter of the current query in its
 * order. `pageNumber` is 1-based: page 1 is the clean URL, later pages add `?page=N`.
 */
export function pageHref(path: string, query: unknown, pageNumber: number): string {
  const params = new URLSearchParams(paramEntries(query).entries.filter(([name]) => name !== "page"));
  if (Number.isInteger(pageNumber) && pageNumber > 1 && pageNumber <= maxPage) {
    params.append("page", String(pageNumber));
  }
  return withQuery(path, params);
}

/**
 * Parameters a canonical listing URL keeps, in this order. They choose a different set of
 * deals worth indexing; sort, price range, facets, VIP and paging sizes only reorder or
 * narrow the same set, and tracking tags change nothing, so those all canonicalise away.
 */
export const CRAWLABLE_LISTING_PARAMS = ["searchTag", "giftFor", "q", "page"] as const;

const crawlableSchemas = {
  searchTag: slugText("searchTag"),
  giftFor: slugText("giftFor"),
  q: freeText("q"),
} as const;

/**
 * The canonical URL of a storefront listing: lower-case path without a trailing slash,
 * then only the crawlable parameters that are valid, in a stable order. The first page
 * has no page parameter.
 */
export function canonicalListingUrl(origin: string, path: string, query: unknown): string {
  const entries = paramEntries(query).entries;
  const params = new URLSearchParams();
  for (const name of CRAWLABLE_LISTING_PARAMS) {
    if (name === "page") {
      const pageNumber = storefrontPageNumber(query);
      if (pageNumber > 1) params.set("page", String(pageNumber));
      continue;
    }
    const value = entries.find(([n, v]) => n === name && v.trim() !== "")?.[1].trim();
    // Most listings have none of them: skip building the refusal of a missing value.
    if (value === undefined) continue;
    const parsed = crawlableSchemas[name].safeParse(value);
    if (parsed.success && parsed.data !== "") params.set(name, parsed.data);
  }
  const cleanPath = `/${path.toLowerCase().split("/").filter(Boolean).join("/")}`;
  return withQuery(`${origin.replace(/\/+$/, "")}${cleanPath}`, params);
}
