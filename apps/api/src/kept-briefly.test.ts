import type { Db } from "@deals/db";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeptBriefly, keptFor } from "./kept-briefly.ts";

// Only a database's identity matters here: what is kept for one is never another's.
const db = {} as Db;
const other = {} as Db;

/** A read that counts how often it ran and answers with that count. */
function counter() {
  let reads = 0;
  return { read: async () => ++reads, reads: () => reads };
}

describe("KeptBriefly", () => {
  it("reads a key once while it is kept, and again once it has expired", async () => {
    const kept = new KeptBriefly<number>(10);
    const { read, reads } = counter();
    expect(await Promise.all([kept.get(db, "a", 50, read), kept.get(db, "a", 50, read)])).toEqual([1, 1]);
    expect(reads()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await kept.get(db, "a", 50, read)).toBe(2);
  });

  it("keeps values read together for different times, so they are not all read again at once", async () => {
    const spread = [0, 0.96];
    const kept = new KeptBriefly<number>(10, () => spread.shift() ?? 0);
    const { read } = counter();
    await Promise.all([kept.get(db, "a", 1_000, read), kept.get(db, "b", 1_000, read)]);
    await new Promise((resolve) => setTimeout(resolve, 850));
    expect(await kept.get(db, "a", 1_000, read)).toBe(1);
    expect(await kept.get(db, "b", 1_000, read)).toBe(3);
  });

  it("keeps a value for at least three quarters of its time and at most all of it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 600_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (ttl, r) => {
          const kept = keptFor(ttl, () => r);
          return kept >= ttl * 0.75 && kept <= ttl;
        },
      ),
    );
  });

  it("keeps each database's and each key's own, the oldest going first past its limit", async () => {
    const kept = new KeptBriefly<number>(2);
    const { read, reads } = counter();
    await kept.get(db, "a", 10_000, read);
    await kept.get(other, "a", 10_000, read);
    await kept.get(db, "b", 10_000, read);
    await kept.get(db, "c", 10_000, read);
    expect(reads()).toBe(4);
    expect(await kept.get(db, "c", 10_000, read)).toBe(4);
    expect(await kept.get(db, "a", 10_000, read)).toBe(5);
  });

  it("reads every time with no time to keep, and never keeps a failed read", async () => {
    const kept = new KeptBriefly<number>(10);
    const { read, reads } = counter();
    await kept.get(db, "a", 0, read);
    await kept.get(db, "a", 0, read);
    expect(reads()).toBe(2);
    await expect(kept.get(db, "b", 10_000, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await kept.get(db, "b", 10_000, read)).toBe(3);
  });
});
