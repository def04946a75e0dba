import { describe, expect, it } from "vitest";
import { queryFlag, toSearchParams } from "./query-params.ts";

describe("toSearchParams", () => {
  it("reads URLSearchParams, query strings and records alike", () => {
    expect(toSearchParams("?a=1&b=2").toString()).toBe("a=1&b=2");
    expect(toSearchParams({ a: "1", b: ["2", "3"], c: true, d: 4 }).toString()).toBe(
      "a=1&b=2&b=3&c=true&d=4",
    );
    const params = new URLSearchParams("x=y");
    expect(toSearchParams(params)).toBe(params);
  });

  it("drops values that are not text and never throws on junk", () => {
    expect(toSearchParams({ a: {}, b: null, c: Symbol("s"), d: Number.NaN, e: [() => 1] }).toString()).toBe(
      "",
    );
    for (const junk of [undefined, null, 42, [], ["a"], () => 1])
      expect(toSearchParams(junk).toString()).toBe("");
  });
});

describe("queryFlag", () => {
  it("is set by true or 1 only", () => {
    expect(queryFlag("dealPreview=true", "dealPreview")).toBe(true);
    expect(queryFlag({ dealPreview: "TRUE" }, "dealPreview")).toBe(true);
    expect(queryFlag("dealPreview=1", "dealPreview")).toBe(true);
    for (const q of ["dealPreview=false", "dealPreview=", "dealPreview=yes", "", "other=true"]) {
      expect(queryFlag(q, "dealPreview")).toBe(false);
    }
  });
});
