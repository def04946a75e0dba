import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { asShown } from "../../../../tests/support/html-shown.ts";
import { escapeHtml } from "./html-text.ts";

describe("escapeHtml", () => {
  it("escapes markup as React does", () => {
    expect(escapeHtml(`<a href="x">Fish & chips, O'Brien's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Fish &amp; chips, O&#x27;Brien&#x27;s&lt;/a&gt;",
    );
  });

  it("leaves Latin-1 text as it is, £ and accents included", () => {
    const text = "Crème brûlée for £9.99 — no, for £8";
    expect(escapeHtml("Crème brûlée for £9.99")).toBe("Crème brûlée for £9.99");
    expect(escapeHtml(text)).toBe("Crème brûlée for £9.99 &#8212; no, for £8");
  });

  it("writes wider characters as references, one per character outside the BMP too", () => {
    expect(escapeHtml("€47.98 – ★ 😀")).toBe("&#8364;47.98 &#8211; &#9733; &#128512;");
  });

  it("shows what React's markup shows, for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        const react = renderToStaticMarkup(createElement("p", { title: text }, text));
        expect(asShown(`<p title="${escapeHtml(text)}">${escapeHtml(text)}</p>`)).toBe(react);
      }),
    );
  });

  it("keeps text written with it to one byte a character", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(escapeHtml(text)).toMatch(/^[\0-\xff]*$/);
      }),
    );
  });
});
