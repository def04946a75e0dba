import { describe, expect, it } from "vitest";
import {
  cacheHeadersFrom,
  LISTING_CACHE_CONTROL,
  PRIVATE_CACHE_CONTROL,
  pageCacheHeaders,
} from "./cache.server.ts";

const request = (cookie?: string) =>
  new Request("https://www.dealmoor.co.uk/deals/london", cookie ? { headers: { cookie } } : {});

describe("pageCacheHeaders", () => {
  it("lets shared caches keep an anonymous page briefly and serve it stale while refreshing", () => {
    const headers = pageCacheHeaders(request());
    expect(headers["Cache-Control"]).toBe(LISTING_CACHE_CONTROL);
    expect(headers["Cache-Control"]).toMatch(/s-maxage=\d+/);
    expect(headers["Cache-Control"]).toMatch(/stale-while-revalidate=\d+/);
    expect(headers.Vary).toBe("Cookie");
  });

  it("keeps a signed-in shopper's page private", () => {
    expect(pageCacheHeaders(request("sid=abc"))["Cache-Control"]).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("keeps a page private when a cookie it reads is there", () => {
    expect(pageCacheHeaders(request("location=x"), ["location"])["Cache-Control"]).toBe(
      PRIVATE_CACHE_CONTROL,
    );
    expect(pageCacheHeaders(request("location=x"))["Cache-Control"]).toBe(LISTING_CACHE_CONTROL);
  });
});

describe("cacheHeadersFrom", () => {
  it("passes on the caching and cookies the loader chose, nothing else", () => {
    const loaderHeaders = new Headers({
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "Set-Cookie": "a=b",
      "X-Other": "1",
    });
    const headers = cacheHeadersFrom({ loaderHeaders });
    expect(headers.get("Cache-Control")).toBe(PRIVATE_CACHE_CONTROL);
    expect(headers.get("Set-Cookie")).toBe("a=b");
    expect(headers.get("X-Other")).toBeNull();
  });
});
