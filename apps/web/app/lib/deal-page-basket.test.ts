import { describe, expect, it } from "vitest";
import { optimisticBasketCount } from "./deal-page-script.ts";

describe("optimisticBasketCount", () => {
  it("adds the quantity asked for to the count shown", () => {
    expect(optimisticBasketCount("2", "3")).toBe(5);
    expect(optimisticBasketCount("0", 1)).toBe(1);
  });

  it("counts an unreadable count as none and an unreadable quantity as one", () => {
    expect(optimisticBasketCount(null, "2")).toBe(2);
    expect(optimisticBasketCount("x", "")).toBe(1);
  });
});
