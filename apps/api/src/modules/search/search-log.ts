/**
 * Counts searches for the top searches without a write per search: counts gather in memory
 * and are added to the day's counters every few seconds, when many are waiting, before the
 * top searches are read, and when the app closes. A count lost in a crash only makes the
 * top searches a little less exact; nothing a shopper bought depends on it.
 */
import type { Db } from "@deals/db";
import type { BrandId } from "@deals/domain/brand";
import { addSearchCounts, type SearchCount } from "./queries.ts";

const FLUSH_EVERY_MS = 5000;
const FLUSH_AT_PENDING = 500;
/** Longer queries are not worth listing as top searches. */
const MAX_LOGGED_QUERY_LENGTH = 100;

/** A query as counted: lower case, single spaces, trimmed. */
export function normaliseSearch(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Adds counts to their days' counters. */
export type WriteCounts = (counts: SearchCount[]) => Promise<void>;

export class SearchLog {
  private pending = new Map<string, SearchCount>();
  private flushing: Promise<void> = Promise.resolve();
  /** The flush waiting for the one in progress, which later callers share. */
  private next: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly write: WriteCounts,
    private readonly onError: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** A log writing to `db`. */
  static of(db: Db, onError: (error: unknown) => void): SearchLog {
    return new SearchLog((counts) => addSearchCounts(db, counts), onError);
  }

  record(brandId: BrandId, query: string, resultCount: number, day: string): void {
    const text = normaliseSearch(query);
    if (text === "" || text.length > MAX_LOGGED_QUERY_LENGTH) return;
    const key = `${brandId}\n${day}\n${text}`;
    const entry = this.pending.get(key);
    if (entry) {
      entry.searches += 1;
      entry.resultCount = resultCount;
    } else {
      this.pending.set(key, { brandId, query: text, day, searches: 1, resultCount });
    }
    if (this.pending.size >= FLUSH_AT_PENDING) void this.flush();
  }

  /**
   * Writes what is waiting; settles once everything recorded before the call is written. Callers
   * that arrive while a write is in progress share the one write after it, so shoppers typing
   * together wait for at most two writes, never for one each.
   */
  flush(): Promise<void> {
    if (this.next) return this.next;
    const next = this.flushing.then(async () => {
      this.next = undefined;
      if (this.pending.size === 0) return;
      const counts = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.write(counts);
      } catch (error) {
        this.onError(error);
      }
    });
    this.next = next;
    this.flushing = next;
    return next;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
