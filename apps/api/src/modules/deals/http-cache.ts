/**
 * Caching of catalogue answers (design.md "Speed" and "Where it goes past one machine"):
 * listing, search and deal answers are the same for every shopper of a brand, so they are
 * cacheable at the CDN (s-maxage, stale-while-revalidate), varying on the brand headers;
 * and anonymous listing and search answers are kept in memory for a few seconds, so a
 * burst of the same page costs one database read. Nothing per shopper is cached: a request
 * carrying the session cookie never reads or fills the memory cache.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { fromNetwork } from "../../in-process.ts";
import { SESSION_COOKIE } from "../accounts/session-cookies.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's 200 answer comes from its serialiser escaped for HTML (deal-list-json.ts). */
    escapedJson?: boolean;
  }
}

/** Anonymous catalogue pages: briefly fresh in browsers, longer at the CDN. */
export const CATALOGUE_CACHE_CONTROL = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
/** Answers that change within minutes (social cue, top searches, suggestions). */
export const SHORT_CACHE_CONTROL = "public, max-age=60, s-maxage=60, stale-while-revalidate=120";
/** The headers that choose the brand, so a shared cache keeps one answer per brand. */
export const BRAND_VARY = "brand, country-code";

export function catalogueHeaders(reply: FastifyReply, cacheControl = CATALOGUE_CACHE_CONTROL): void {
  reply.header("cache-control", cacheControl).header("vary", BRAND_VARY);
}

/** The characters HTML reads as markup or JSON text may not hold raw, with their \u escapes. */
const HTML_SIGNIFICANT = [
  ["&", "\\u0026"],
  ["<", "\\u003c"],
  [">", "\\u003e"],
  ["\u2028", "\\u2028"],
  ["\u2029", "\\u2029"],
] as const;

/**
 * JSON with <, >, & and the two line separators written as \u escapes: the same data,
 * but text a shopper typed (a search) can never read as markup if the answer is ever
 * shown as a page. One plain-text pass per character: a third of the time of one pass
 * with a regular expression over a 37 KB listing.
 */
export function escapeJsonForHtml(json: string): string {
  let escaped = json;
  for (const [character, written] of HTML_SIGNIFICANT) escaped = escaped.replaceAll(character, written);
  return escaped;
}

/** A JSON answer's text escaped for HTML; undefined for any other payload. */
function escapedJson(reply: FastifyReply, payload: unknown): string | undefined {
  const type = reply.getHeader("content-type");
  if (typeof payload !== "string" || !String(type ?? "").includes("json")) return undefined;
  const escaped = reply.request.routeOptions.config.escapedJson === true && reply.statusCode === 200;
  return escaped ? payload : escapeJsonForHtml(payload);
}

/**
 * A catalogue answer as sent: to the network as bytes. Sent as text, Fastify measures the string
 * for its Content-Length and Node encodes it again to write it: two passes over a 37 KB listing
 * where encoding it once does (docs/scaling.md). To a page's loader in-process as the text
 * itself, which the loader reads (light-my-request keeps text as text,
 * patches/light-my-request+6.8.1.patch): bytes would be decoded straight back.
 */
function sendable(request: FastifyRequest, json: string): string | Buffer {
  return fromNetwork(request) ? Buffer.from(json) : json;
}

/** Every catalogue answer's onSend: its JSON escaped for HTML (see `sendable`). */
export async function escapeJsonPayload(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const json = escapedJson(reply, payload);
  return json === undefined ? payload : sendable(request, json);
}

export interface CachedAnswer {
  /** The answer as sent: JSON escaped for HTML, encoded. */
  body: Buffer;
  /** What the route noted about the answer when it was stored (see cachedAnswers). */
  note: unknown;
}

interface Entry extends CachedAnswer {
  expiresAt: number;
}

export interface ResponseCacheOptions {
  /** How long an answer is reused; 0 turns the cache off. */
  ttlMs: number;
  /** The most answers kept; the least recently used goes first. */
  maxEntries: number;
  now?: () => number;
}

/** Serialised answers by key, bounded in count and age. */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly options: Required<ResponseCacheOptions>;

  constructor(options: ResponseCacheOptions) {
    this.options = { now: () => performance.now(), ...options };
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.options.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Map order is the recency order: move the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, answer: CachedAnswer): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    this.entries.set(key, { ...answer, expiresAt: this.options.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Ten seconds (ours; RESPONSE_CACHE_TTL_MS overrides, 0 turns the cache off): a listing
 * may lag a change by that long, while a busy page costs one database read per period.
 */
const DEFAULT_TTL_MS = 10_000;
const DEFAULT_MAX_ENTRIES = 1000;

export function responseCacheFromEnv(): ResponseCache {
  const text = process.env.RESPONSE_CACHE_TTL_MS;
  const ttlMs = text !== undefined && /^\d+$/.test(text) ? Number(text) : DEFAULT_TTL_MS;
  return new ResponseCache({ ttlMs, maxEntries: DEFAULT_MAX_ENTRIES });
}

interface Deferred {
  promise: Promise<CachedAnswer | undefined>;
  resolve(answer: CachedAnswer | undefined): void;
}

function deferred(): Deferred {
  let resolve!: (answer: CachedAnswer | undefined) => void;
  const promise = new Promise<CachedAnswer | undefined>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export interface CachedAnswerHooks {
  onRequest(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
  onResponse(request: FastifyRequest): Promise<void>;
}

export interface CachedAnswerOptions {
  /** Notes what a route needs to know about an answer when it is served again, from its JSON. */
  note?: (json: string) => unknown;
  /** Runs for every answer served from memory (a search still counts as a search). */
  onHit?: (request: FastifyRequest, note: unknown) => void;
}

/**
 * Route hooks answering anonymous GETs from the cache. Requests for the same URL that
 * arrive while it is being answered wait for that answer instead of reading the database
 * again; only a 200 is stored. The stored body is escaped for HTML like every answer of
 * these modules.
 */
export function cachedAnswers(
  cache: ResponseCache,
  { note = () => null, onHit = () => {} }: CachedAnswerOptions = {},
): CachedAnswerHooks {
  const running = new Map<string, Deferred>();
  const leaders = new WeakMap<FastifyRequest, { key: string; answer: Deferred }>();
  const fromCache = new WeakSet<FastifyRequest>();

  const keyOf = (request: FastifyRequest) =>
    cache.enabled && request.method === "GET" && !request.cookies?.[SESSION_COOKIE]
      ? `${request.brand.id} ${request.url}`
      : undefined;

  const finish = (request: FastifyRequest, answer: CachedAnswer | undefined) => {
    const leader = leaders.get(request);
    if (!leader) return;
    leaders.delete(request);
    if (running.get(leader.key) === leader.answer) running.delete(leader.key);
    leader.answer.resolve(answer);
  };

  const sendCached = (request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) => {
    fromCache.add(request);
    onHit(request, answer.note);
    catalogueHeaders(reply);
    return reply.type("application/json; charset=utf-8").send(answer.body);
  };

  return {
    async onRequest(request, reply) {
      const key = keyOf(request);
      if (key === undefined) return;
      const cached = cache.get(key);
      if (cached !== undefined) return void sendCached(request, reply, cached);
      const current = running.get(key);
      if (current) {
        const answer = await current.promise;
        if (answer !== undefined) return void sendCached(request, reply, answer);
        return;
      }
      const answer = deferred();
      running.set(key, answer);
      leaders.set(request, { key, answer });
    },
    async onSend(request, reply, payload) {
      if (fromCache.has(request)) return payload;
      const json = escapedJson(reply, payload);
      if (json === undefined) {
        finish(request, undefined);
        return payload;
      }
      if (leaders.has(request) && reply.statusCode === 200) {
        const answer = { body: Buffer.from(json), note: note(json) };
        cache.set(leaders.get(request)!.key, answer);
        finish(request, answer);
        return answer.body;
      }
      finish(request, undefined);
      return sendable(request, json);
    },
    // Whatever happened (an error, an aborted request), waiting requests go on by themselves.
    async onResponse(request) {
      finish(request, undefined);
    },
  };
}
