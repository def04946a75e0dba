import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ELLIPSIS, truncateTitle } from "./text.ts";

describe("truncateTitle", () => {
  it("keeps a title within the limit as it is", () => {
    expect(truncateTitle("Spa day for two", 20)).toBe("Spa day for two");
    expect(truncateTitle("Spa day for two", 15)).toBe("Spa day for two");
  });

  it("cuts at the last space before the limit and ends with an ellipsis", () => {
    expect(truncateTitle("Spa day for two with afternoon tea", 20)).toBe("Spa day for two with\u2026");
    expect(truncateTitle("Spa day for two with afternoon tea", 18)).toBe("Spa day for two\u2026");
  });

  it("drops separating punctuation before the ellipsis", () => {
    expect(truncateTitle("Spa day, for two - with tea", 9)).toBe("Spa day\u2026");
    expect(truncateTitle("Spa day - for two", 9)).toBe("Spa day\u2026");
  });

  it("cuts a single long word at the limit", () => {
    expect(truncateTitle("Supercalifragilistic", 5)).toBe("Super\u2026");
  });

  it("never throws on junk", () => {
    expect(truncateTitle(undefined, 10)).toBe("");
    expect(truncateTitle(42, 10)).toBe("");
    expect(truncateTitle("  Spa day  ", Number.NaN)).toBe("Spa day");
    expect(truncateTitle("Spa day", 0)).toBe("Spa day");
  });

  it("never exceeds the limit plus the ellipsis, and keeps a prefix of the title", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 1, max: 100 }), (text, limit) => {
        const result = truncateTitle(text, limit);
        const title = text.trim();
        if (title.length <= limit) {
          expect(result).toBe(title);
          return;
        }
        expect(result.endsWith(ELLIPSIS)).toBe(true);
        const head = result.slice(0, -ELLIPSIS.length);
        expect(head.length).toBeLessThanOrEqual(limit);
        expect(title.startsWith(head)).toBe(true);
      }),
    );
  });
});
