import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utf8Bytes } from "./utf8.server.ts";

describe("a page's bytes", () => {
  it("are the text's UTF-8, whatever its characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        expect(utf8Bytes(text).equals(Buffer.from(text, "utf8"))).toBe(true);
      }),
    );
  });

  it("stay as written when a longer page is written after them", () => {
    const first = utf8Bytes("<p>Spa day – £49</p>");
    utf8Bytes(`<p>${"€".repeat(5_000)}</p>`);
    expect(first.toString("utf8")).toBe("<p>Spa day – £49</p>");
    expect(utf8Bytes("").length).toBe(0);
  });
});
