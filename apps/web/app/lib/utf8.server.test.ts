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

  it("write a lone surrogate as the replacement character, as Buffer.from does", () => {
    expect(utf8Bytes("a\ud800b").toString("hex")).toBe("61efbfbd62");
    expect(utf8Bytes("").length).toBe(0);
  });
});
