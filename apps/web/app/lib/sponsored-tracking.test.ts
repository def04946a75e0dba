import { IMPRESSIONS_FLUSH_AT } from "@deals/domain/constants";
import { describe, expect, it, vi } from "vitest";
import type { AdEvents } from "./api-types.ts";
import { createSponsoredTracker, sessionIdOnDemand } from "./sponsored-tracking.ts";

function memoryStore(initial: string | null = null) {
  let value = initial;
  return {
    read: () => value,
    write: (id: string) => {
      value = id;
    },
  };
}

function tracker(sessionId: string | null = "s-1") {
  const sent: AdEvents[] = [];
  const warn = vi.fn();
  const session = vi.fn(async () => sessionId);
  const it = createSponsoredTracker({
    session,
    send: (e) => sent.push(e),
    flushAt: IMPRESSIONS_FLUSH_AT,
    warn,
  });
  return { tracker: it, sent, warn, session };
}

describe("sessionIdOnDemand", () => {
  it("uses the stored session id without creating one", async () => {
    const create = vi.fn(async () => "new");
    await expect(sessionIdOnDemand(memoryStore("kept"), create, vi.fn())()).resolves.toBe("kept");
    expect(create).not.toHaveBeenCalled();
  });

  it("creates the session once on first use and stores it", async () => {
    const store = memoryStore();
    const create = vi.fn(async () => "new");
    const session = sessionIdOnDemand(store, create, vi.fn());
    await expect(Promise.all([session(), session()])).resolves.toEqual(["new", "new"]);
    expect(create).toHaveBeenCalledTimes(1);
    expect(store.read()).toBe("new");
  });

  it("gives null on a failure, logs it, and tries again next time", async () => {
    const log = vi.fn();
    const create = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce("second");
    const session = sessionIdOnDemand(memoryStore(), create, log);
    await expect(session()).resolves.toBeNull();
    expect(log).toHaveBeenCalledWith("sponsored session failed", expect.any(Error));
    await expect(session()).resolves.toBe("second");
  });
});

describe("createSponsoredTracker", () => {
  it("sends nothing until 50 impressions are queued, then sends them together", async () => {
    const { tracker: t, sent } = tracker();
    for (let id = 1; id < IMPRESSIONS_FLUSH_AT; id++) t.shown({ dealId: id, adId: `ad-${id}` });
    await Promise.resolve();
    expect(sent).toEqual([]);
    t.shown({ dealId: IMPRESSIONS_FLUSH_AT, adId: `ad-${IMPRESSIONS_FLUSH_AT}` });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ type: "impression", sessionId: "s-1" });
    expect(sent[0]!.dealIds).toHaveLength(IMPRESSIONS_FLUSH_AT);
    expect(sent[0]!.adIds[0]).toBe("ad-1");
  });

  it("sends what is queued when flushed (the page is hidden), and only once", async () => {
    const { tracker: t, sent } = tracker();
    t.shown({ dealId: 5, adId: "ad-5" });
    t.shown({ dealId: 6, adId: "ad-6" });
    await t.flush();
    await t.flush();
    expect(sent).toEqual([
      { adIds: ["ad-5", "ad-6"], dealIds: [5, 6], sessionId: "s-1", type: "impression" },
    ]);
  });

  it("asks for the session as soon as a sponsored result is shown", () => {
    const { tracker: t, session } = tracker();
    t.shown({ dealId: 5, adId: "ad-5" });
    expect(session).toHaveBeenCalled();
  });

  it("sends a click of a shown sponsored result at once", async () => {
    const { tracker: t, sent } = tracker();
    t.shown({ dealId: 5, adId: "ad-5" });
    await t.clicked(5);
    expect(sent).toEqual([{ adIds: ["ad-5"], dealIds: [5], sessionId: "s-1", type: "click" }]);
  });

  it("logs a click with no stored entry and sends nothing", async () => {
    const { tracker: t, sent, warn } = tracker();
    await t.clicked(99);
    expect(warn).toHaveBeenCalledWith("no sponsored deal entry");
    expect(sent).toEqual([]);
  });

  it("drops events when there is no session", async () => {
    const { tracker: t, sent } = tracker(null);
    t.shown({ dealId: 5, adId: "ad-5" });
    await t.flush();
    expect(sent).toEqual([]);
  });
});
