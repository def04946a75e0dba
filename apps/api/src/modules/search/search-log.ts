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

export class SearchLog {
  private pending = new Map<string, SearchCount>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
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

  /** Writes what is waiting; flushes run one after another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const counts = [...this.pending.values()];
      this.pending = new Map();
      try {
        await addSearchCounts(this.db, counts);
      } catch (error) {
        this.onError(error);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
