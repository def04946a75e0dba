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

interface Entry<T> {
  expiresAt: number;
  value: Promise<T>;
}

export class KeptBriefly<T> {
  readonly #entriesOf = new WeakMap<Db, Map<string, Entry<T>>>();

  constructor(private readonly maxEntries: number) {}

  /** The value kept under `key`, or `read()` kept for `ttlMs` (0: read every time). */
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
    const entry = { expiresAt: now + ttlMs, value };
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
