import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeJsonForHtml, ResponseCache } from "./http-cache.ts";

describe("ResponseCache", () => {
  it("keeps answers for the TTL only", () => {
    let now = 0;
    const cache = new ResponseCache({ ttlMs: 5000, maxEntries: 10, now: () => now });
    cache.set("a", { body: Buffer.from("A"), note: 1 });
    now = 4999;
    expect(cache.get("a")).toMatchObject({ body: Buffer.from("A"), note: 1 });
    now = 5000;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("holds at most maxEntries, dropping the least recently used", () => {
    const cache = new ResponseCache({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
    cache.set("a", { body: Buffer.from("A"), note: null });
    cache.set("b", { body: Buffer.from("B"), note: null });
    cache.get("a");
    cache.set("c", { body: Buffer.from("C"), note: null });
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.body.toString()).toBe("A");
    expect(cache.get("c")?.body.toString()).toBe("C");
  });

  it("stores nothing with a TTL of 0", () => {
    const cache = new ResponseCache({ ttlMs: 0, maxEntries: 2 });
    cache.set("a", { body: Buffer.from("A"), note: null });
    expect(cache.enabled).toBe(false);
    expect(cache.get("a")).toBeUndefined();
  });
});

describe("escapeJsonForHtml", () => {
  it("writes markup characters as escapes, the same JSON value", () => {
    const value = { q: "<script>alert('x')</script> & \u2028" };
    const escaped = escapeJsonForHtml(JSON.stringify(value));
    expect(escaped).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(escaped)).toEqual(value);
  });

  it("keeps any value the same and leaves no markup character raw", () => {
    const text = fc.string({
      unit: fc.constantFrom("a", "é", "<", ">", "&", "\u2028", "\u2029", '"', "\\", "/"),
    });
    fc.assert(
      fc.property(fc.dictionary(text, fc.oneof(text, fc.integer(), fc.array(text))), (value) => {
        const escaped = escapeJsonForHtml(JSON.stringify(value));
        expect(escaped).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(escaped)).toEqual(value);
      }),
    );
  });
});
