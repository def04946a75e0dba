import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "./intl-format.ts";

describe("Intl formatters made once", () => {
  it("are the same formatter for the same locale and options, and format as Intl does", () => {
    expect(numberFormat("en-GB")).toBe(numberFormat("en-GB"));
    expect(numberFormat("en-GB").format(12345.6)).toBe("12,345.6");
    expect(numberFormat("en-GB", { maximumFractionDigits: 0 }).format(12345.6)).toBe("12,346");
    const long = { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" } as const;
    expect(dateTimeFormat("en-IE", long)).toBe(dateTimeFormat("en-IE", { ...long }));
    expect(dateTimeFormat("en-IE", long).format(new Date("2026-06-15T12:00:00Z"))).toBe("15 June 2026");
  });

  it("keep locales and options apart", () => {
    expect(numberFormat("de-DE").format(1234.5)).toBe("1.234,5");
    expect(dateTimeFormat("en-GB", { month: "short", timeZone: "UTC" }).format(new Date("2026-06-15"))).toBe(
      "Jun",
    );
  });
});
