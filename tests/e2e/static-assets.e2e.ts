/**
 * The storefront's built files: content-hashed names under /assets never change, so browsers
 * and CDNs may keep them for good; the page that names them is never cached that way. A page
 * that does not hydrate is written whole and sent with its length.
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

describe("a plain page as sent", () => {
  /** The page's script nonce, new on every answer. */
  const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

  test("arrives whole with its length, and compressed reads the same", async () => {
    const sent = await fetch(siteUrl("/deals/london"), { headers: { "accept-encoding": "identity" } });
    expect(sent.status).toBe(200);
    const bytes = new Uint8Array(await sent.arrayBuffer());
    expect(sent.headers.get("content-length")).toBe(String(bytes.byteLength));
    const html = new TextDecoder().decode(bytes);
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);

    const compressed = await fetch(siteUrl("/deals/london"), { headers: { "accept-encoding": "gzip" } });
    expect(compressed.headers.get("content-encoding")).toBe("gzip");
    expect(withoutNonce(await compressed.text())).toBe(withoutNonce(html));
  });
});
