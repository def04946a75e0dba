/**
 * Reads from the database kept briefly in memory, by key, for reads many requests repeat and
 * that may lag the catalogue by a few seconds (a listing's summary, a search's corrected
 * words). Each database keeps its own, so separate databases (tests, engines) never share one.
 * Requests for a key that arrive while it is read wait for that read; a failed read is not
 * kept. The oldest entries go first beyond `maxEntries`.
 */
import type { Db } from "@deals/db";

/**
 * Ten seconds, as the answer cache: for answers the same for every shopper of a brand (its
 * locations by name, its categories, its navigation), so a change to them shows within that.
 */
export const BRIEF_TTL_MS = 10_000;

/**
 * How long a value read now is kept: between three quarters of `ttlMs` and all of it, at
 * random. Values first read together (at start-up, after a quiet spell) would otherwise end
 * together for good, each read again as soon as it ends, and every request of that moment would
 * wait for all of those reads: on PGlite, whose one thread runs them, a search's slowest
 * requests came from such bursts (docs/scaling.md "Connections accepted in turn, and a warm
 * server").
 */
export function keptFor(ttlMs: number, random: () => number = Math.random): number {
  return ttlMs * (1 - random() / 4);
}

interface Entry<T> {
  expiresAt: number;
  value: Promise<T>;
}

export class KeptBriefly<T> {
  readonly #entriesOf = new WeakMap<Db, Map<string, Entry<T>>>();

  constructor(
    private readonly maxEntries: number,
    private readonly random: () => number = Math.random,
  ) {}

  /** The value kept under `key`, or `read()` kept for up to `ttlMs` (0: read every time). */
  get(db: Db, key: string, ttlMs: number, read: () => Promise<T>): Promise<T> {
    if (ttlMs === 0) return read();
    let entries = this.#entriesOf.get(db);
    if (!entries) {
      entries = new Map();
      this.#entriesOf.set(db, entries);
    }
    const now = performance.now();
    const kept = entries.get(key);
    if (kept && kept.expiresAt > now) return kept.value;
    const value = read();
    const entry = { expiresAt: now + keptFor(ttlMs, this.random), value };
    entries.delete(key);
    entries.set(key, entry);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    while (entries.size > this.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    return value;
  }
}
