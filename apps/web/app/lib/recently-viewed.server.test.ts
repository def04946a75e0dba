import { describe, expect, it } from "vitest";
import { recentViewedDealIds } from "./recently-viewed.server.ts";

const withCookie = (cookie: string) => new Request("http://main-uk.localhost/", { headers: { cookie } });

describe("recentViewedDealIds", () => {
  it("reads up to five ids from the deal page's cookie, newest first, each once", () => {
    const value = encodeURIComponent("100007,100003,100007,100009,100001,100002,100004");
    expect(recentViewedDealIds(withCookie(`location=leeds; recent_viewed_deal=${value}`))).toEqual([
      100_007, 100_003, 100_009, 100_001, 100_002,
    ]);
  });

  it("drops junk and sends nothing without the cookie", () => {
    expect(recentViewedDealIds(withCookie("recent_viewed_deal=abc%2C-4%2C100005%2C1e3"))).toEqual([100_005]);
    expect(recentViewedDealIds(new Request("http://main-uk.localhost/"))).toEqual([]);
  });
});
