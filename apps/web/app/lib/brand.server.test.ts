import { describe, expect, it } from "vitest";
import { brandFor, brandOverrideCookie } from "./brand.server.ts";

const url = (text: string) => new URL(text);

describe("brandFor", () => {
  it("picks the brand by host name, port ignored", () => {
    expect(brandFor(url("http://main-ie.localhost:3107/"), "main-ie.localhost:3107", false).id).toBe(
      "main-ie",
    );
    expect(brandFor(url("https://www.fernlight.co.uk/"), "www.fernlight.co.uk", true).id).toBe("sister-uk");
  });

  it("gives the default brand for an unknown host", () => {
    expect(brandFor(url("http://127.0.0.1:3107/"), "127.0.0.1:3107", false).id).toBe("main-uk");
  });

  it("takes ?brand= outside production only", () => {
    const withOverride = url("http://127.0.0.1:3107/?brand=sister-ie");
    expect(brandFor(withOverride, null, false).id).toBe("sister-ie");
    expect(brandFor(withOverride, null, true).id).toBe("main-uk");
  });

  it("ignores an override that names no brand", () => {
    expect(brandFor(url("http://main-ie.localhost/?brand=acme"), "main-ie.localhost", false).id).toBe(
      "main-ie",
    );
  });

  it("keeps the brand chosen earlier in the visit outside production, and lets ?brand= change it", () => {
    const plain = url("http://127.0.0.1:3107/deal/x");
    expect(brandFor(plain, "127.0.0.1:3107", false, "sister-uk").id).toBe("sister-uk");
    expect(brandFor(url("http://127.0.0.1:3107/?brand=main-ie"), null, false, "sister-uk").id).toBe(
      "main-ie",
    );
    expect(brandFor(plain, "127.0.0.1:3107", true, "sister-uk").id).toBe("main-uk");
    expect(brandFor(plain, "127.0.0.1:3107", false, "acme").id).toBe("main-uk");
  });
});

describe("brandOverrideCookie", () => {
  const request = (text: string) => new Request(text);

  it("remembers a brand named by ?brand= for the visit, outside production only", () => {
    expect(brandOverrideCookie(request("http://127.0.0.1:3107/?brand=sister-ie"), false)).toBe(
      "brand_override=sister-ie; Path=/; SameSite=Lax",
    );
    expect(brandOverrideCookie(request("http://127.0.0.1:3107/?brand=sister-ie"), true)).toBeUndefined();
    expect(brandOverrideCookie(request("http://127.0.0.1:3107/?brand=acme"), false)).toBeUndefined();
    expect(brandOverrideCookie(request("http://127.0.0.1:3107/"), false)).toBeUndefined();
  });
});
