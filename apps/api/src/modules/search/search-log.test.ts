import { describe, expect, it } from "vitest";
import type { SearchCount } from "./queries.ts";
import { SearchLog } from "./search-log.ts";

/** A log whose writes wait until `release()`, recording what each wrote. */
function heldLog() {
  const writes: SearchCount[][] = [];
  let release = () => {};
  const log = new SearchLog(
    (counts) =>
      new Promise((resolve) => {
        writes.push(counts.map((count) => ({ ...count })));
        release = resolve;
      }),
    (error) => {
      throw error;
    },
  );
  return { log, writes, release: () => release() };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("SearchLog", () => {
  it("adds repeated searches up under their words, lower case and single spaced", async () => {
    const { log, writes, release } = heldLog();
    log.record("main-uk", "Spa  Day", 12, "2026-12-02");
    log.record("main-uk", "spa day ", 10, "2026-12-02");
    log.record("main-ie", "spa day", 4, "2026-12-02");
    const flushed = log.flush();
    await settled();
    release();
    await flushed;
    expect(writes).toEqual([
      [
        { brandId: "main-uk", query: "spa day", day: "2026-12-02", searches: 2, resultCount: 10 },
        { brandId: "main-ie", query: "spa day", day: "2026-12-02", searches: 1, resultCount: 4 },
      ],
    ]);
    await log.close();
  });

  it("has callers arriving during a write share the one write after it", async () => {
    const { log, writes, release } = heldLog();
    log.record("main-uk", "massage", 5, "2026-12-02");
    const first = log.flush();
    await settled();
    expect(writes).toHaveLength(1);

    log.record("main-uk", "brunch", 3, "2026-12-02");
    const waiting = Array.from({ length: 20 }, () => log.flush());
    let done = 0;
    for (const flush of waiting) void flush.then(() => done++);
    release();
    await first;
    await settled();
    // The second write holds the search made during the first; no caller is done before it is.
    expect(writes.map((counts) => counts.map((count) => count.query))).toEqual([["massage"], ["brunch"]]);
    expect(done).toBe(0);
    // A search made during the second write waits for the next flush: none of the 20 does.
    log.record("main-uk", "steak", 2, "2026-12-02");
    release();
    await Promise.all(waiting);
    expect(writes).toHaveLength(2);
    const closed = log.close();
    await settled();
    release();
    await closed;
    expect(writes.at(-1)?.map((count) => count.query)).toEqual(["steak"]);
  });

  it("writes nothing when nothing is waiting", async () => {
    const { log, writes } = heldLog();
    await Promise.all([log.flush(), log.flush()]);
    await log.close();
    expect(writes).toEqual([]);
  });
});
