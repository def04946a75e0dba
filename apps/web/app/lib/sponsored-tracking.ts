/**
 * Sponsored search tracking (product.md §4 "Sponsored-search session", services.md §7.8):
 * the session id is created on demand and stored; impressions of sponsored results are
 * queued and sent in batches of IMPRESSIONS_FLUSH_AT, and whatever is left when the page is
 * hidden; a click is sent at once. Browser APIs come in as functions, so the rules run in tests.
 */
import type { AdEvents } from "./api-types.ts";

/** A sponsored result shown to the shopper (product.md §3 "Sponsored entry: id, adId"). */
export interface SponsoredEntry {
  dealId: number;
  adId: string;
}

/** Where the session id is kept between pages of the visit. */
export interface SessionStore {
  read(): string | null;
  write(sessionId: string): void;
}

/**
 * The stored session id, or a new one from `create` which is then stored. A failure gives
 * null (services.md §8 "Session failure: returns false; logged") and is tried again next time.
 */
export function sessionIdOnDemand(
  store: SessionStore,
  create: () => Promise<string>,
  log: (message: string, error: unknown) => void,
): () => Promise<string | null> {
  let pending: Promise<string | null> | null = null;
  return () => {
    const stored = store.read();
    if (stored) return Promise.resolve(stored);
    pending ??= create().then(
      (sessionId) => {
        store.write(sessionId);
        return sessionId;
      },
      (error: unknown) => {
        log("sponsored session failed", error);
        pending = null;
        return null;
      },
    );
    return pending;
  };
}

export interface SponsoredTrackerOptions {
  /** The session id, created on first use. */
  session: () => Promise<string | null>;
  send: (event: AdEvents) => void;
  /** Impressions sent together once this many are queued. */
  flushAt: number;
  warn: (message: string) => void;
}

export interface SponsoredTracker {
  /** A sponsored result was shown: queue its impression. */
  shown(entry: SponsoredEntry): void;
  /** A result was clicked: sends the click if it was a sponsored one shown here. */
  clicked(dealId: number): Promise<void>;
  /** Sends the queued impressions (the page is being hidden, or the list changed). */
  flush(): Promise<void>;
}

export function createSponsoredTracker({
  session,
  send,
  flushAt,
  warn,
}: SponsoredTrackerOptions): SponsoredTracker {
  const shownEntries = new Map<number, SponsoredEntry>();
  let queue: SponsoredEntry[] = [];

  async function sendEvent(entries: SponsoredEntry[], type: AdEvents["type"]) {
    if (entries.length === 0) return;
    const sessionId = await session();
    if (!sessionId) return;
    send({ adIds: entries.map((e) => e.adId), dealIds: entries.map((e) => e.dealId), sessionId, type });
  }

  const flush = () => {
    const batch = queue;
    queue = [];
    return sendEvent(batch, "impression");
  };

  return {
    shown(entry) {
      shownEntries.set(entry.dealId, entry);
      queue.push(entry);
      // Ask for the session now, so it is ready when the page is hidden.
      void session();
      if (queue.length >= flushAt) void flush();
    },
    clicked(dealId) {
      const entry = shownEntries.get(dealId);
      if (!entry) {
        warn("no sponsored deal entry");
        return Promise.resolve();
      }
      return sendEvent([entry], "click");
    },
    flush,
  };
}
