/**
 * API answers the storefront's pages ask for in-process that are the same for every shopper of
 * a brand: the shell's location list, a location, a location's menu, a partner site's type, and
 * a location's homepage rows and tiles. Every page asks for the shell's before its own, so at the origin
 * (no answer cache) they were read from the database again for each page; here they are kept a
 * few seconds per brand in this process, as a listing's summary is (docs/scaling.md). Pages
 * arriving together share one call; only a 200 answer is kept.
 */

import type { OutgoingHttpHeaders } from "node:http";
import { keptFor } from "./kept-briefly.ts";

/** Paths (query string included) whose answer depends on the brand headers and nothing else. */
const SHARED_PATHS = [
  /^\/v1\/locations$/,
  /^\/v1\/location\/[^/?]+$/,
  /^\/v1\/navigations\?location=[^&]+$/,
  /^\/v1\/site\/[^/?]+$/,
  /^\/v1\/homepage\/[^/?]+$/,
  /^\/v1\/tiles\?/,
];

/** How long an answer is kept at most: a change to a location or its menu shows within this. */
export const SHARED_ANSWER_TTL_MS = 5_000;
/** Bounds memory whatever paths pages ask for (a location or site per path). */
const MAX_ENTRIES = 1_000;

export interface SharedAnswer {
  status: number;
  /** As the API wrote them (read by few loaders, so made into a `Headers` only when read). */
  headers: Readonly<OutgoingHttpHeaders>;
  /** The body as text: what a loader reads (light-my-request gives every answer as text). */
  text: string;
  /** The body as the bytes sent, made only when asked for. */
  bytes: () => Uint8Array;
}

interface Entry {
  answer: Promise<SharedAnswer>;
  expiresAt: number;
}

export class SharedAnswers {
  private readonly entries = new Map<string, Entry>();
  private readonly parsed = new WeakMap<SharedAnswer, unknown>();

  constructor(
    private readonly ttlMs = SHARED_ANSWER_TTL_MS,
    private readonly now: () => number = () => performance.now(),
    private readonly random: () => number = Math.random,
  ) {}

  /**
   * The key of a shared request, or undefined when its answer may differ per shopper: not a
   * GET, a cookie sent (a session, a basket), or a path not listed.
   */
  keyOf(method: string, url: string, headers: Record<string, string>): string | undefined {
    if (method !== "GET" || this.ttlMs <= 0) return undefined;
    if (Object.keys(headers).some((name) => name.toLowerCase() === "cookie")) return undefined;
    if (!SHARED_PATHS.some((path) => path.test(url))) return undefined;
    const header = (wanted: string) =>
      Object.entries(headers).find(([name]) => name.toLowerCase() === wanted)?.[1] ?? "";
    return `${header("brand")} ${header("country-code")} ${header("version")} ${url}`;
  }

  /** The kept answer for `key`, else `load`'s, kept when it is a 200. */
  answer(key: string, load: () => Promise<SharedAnswer>): Promise<SharedAnswer> {
    const now = this.now();
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > now) return kept.answer;
    if (kept) this.entries.delete(key);
    const answer = load();
    const entry = { answer, expiresAt: now + keptFor(this.ttlMs, this.random) };
    if (this.entries.size >= MAX_ENTRIES) this.removeOldest();
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    answer.then((settled) => settled.status === 200 || forget(), forget);
    return answer;
  }

  /**
   * A kept answer's JSON body, parsed once for every page that reads it: the homepage's rows
   * are 70 KB, a fifth of that page's API reading. Frozen, since every reader gets the same
   * object.
   */
  json(answer: SharedAnswer): unknown {
    if (this.parsed.has(answer)) return this.parsed.get(answer);
    const value = deepFrozen(JSON.parse(answer.text));
    this.parsed.set(answer, value);
    return value;
  }

  private removeOldest(): void {
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }
}

function deepFrozen<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFrozen(item);
    Object.freeze(value);
  }
  return value;
}
