import { describe, expect, it } from "vitest";
import { basketToken, setBasketNotice, takeBasketNotice, withCookies } from "./basket.server.ts";
import { pageCacheHeaders } from "./cache.server.ts";

const request = (cookie?: string) =>
  new Request("http://127.0.0.1/basket", cookie ? { headers: { cookie } } : undefined);

describe("basketToken", () => {
  it("trusts a basket cookie only when it can be a token", () => {
    expect(basketToken(request("basket_token=abcdefghijk"))).toBe("abcdefghijk");
    expect(basketToken(request("basket_token=undefined"))).toBeUndefined();
    expect(basketToken(request("basket_token=short"))).toBeUndefined();
    expect(basketToken(request())).toBeUndefined();
  });
});

describe("basket notice", () => {
  it("is read back once, and the answer spends it", () => {
    const set = setBasketNotice(request(), { kind: "refused", text: "Max quantity reached." });
    const cookie = set.split(";")[0]!;
    const { notice, clear } = takeBasketNotice(request(cookie));
    expect(notice).toEqual({ kind: "refused", text: "Max quantity reached." });
    expect(clear[0]).toMatch(/^basket_notice=; .*Max-Age=0/);
  });

  it("ignores a notice it did not write", () => {
    expect(takeBasketNotice(request("basket_notice=%7Bnope")).notice).toBeNull();
    expect(takeBasketNotice(request('basket_notice={"kind":"evil","text":"x"}')).notice).toBeNull();
    expect(takeBasketNotice(request())).toEqual({ notice: null, clear: [] });
  });
});

describe("withCookies", () => {
  it("sends the cookies a response just set, over the ones the browser sent", () => {
    const next = withCookies(request("sid=old; basket_token=abcdefghijk"), ["sid=new; Path=/; HttpOnly"]);
    expect(next.headers.get("cookie")).toBe("sid=new; basket_token=abcdefghijk");
  });
});

describe("page caching with a basket", () => {
  it("keeps anonymous pages public, and makes a page with a basket cookie private", () => {
    expect(pageCacheHeaders(request())["Cache-Control"]).toMatch(/^public/);
    expect(pageCacheHeaders(request("basket_token=abcdefghijk"))["Cache-Control"]).toBe("private, no-store");
  });
});
