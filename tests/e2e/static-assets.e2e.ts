/**
 * The storefront's built files: content-hashed names under /assets never change, so browsers
 * and CDNs may keep them for good; the page that names them is never cached that way.
 */
import { describe, expect, test } from "vitest";
import { siteUrl } from "./support/site.ts";

describe("built storefront files", () => {
  test("a script the homepage loads is served with immutable caching", async () => {
    const page = await fetch(siteUrl("/"));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control") ?? "").not.toContain("immutable");
    const asset = /(\/assets\/[\w.-]+\.(?:js|css))/.exec(await page.text())?.[1];
    expect(asset, "the homepage names a built asset").toBeDefined();

    const response = await fetch(siteUrl(asset!));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });
});
