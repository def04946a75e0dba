import { describe, expect, it } from "vitest";
import { isPerformanceCheck } from "./performance.ts";

describe("isPerformanceCheck", () => {
  it("is set by performanceCheck=true", () => {
    expect(isPerformanceCheck("performanceCheck=true")).toBe(true);
    expect(isPerformanceCheck(new URLSearchParams("a=1&performanceCheck=TRUE"))).toBe(true);
    expect(isPerformanceCheck({ performanceCheck: "true" })).toBe(true);
  });

  it("is not set by anything else", () => {
    for (const q of [
      "performanceCheck=1",
      "performanceCheck=false",
      "performanceCheck=",
      "performancecheck=true",
      "",
      undefined,
      7,
    ]) {
      expect(isPerformanceCheck(q)).toBe(false);
    }
  });
});
