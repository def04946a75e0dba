import { describe, expect, it } from "vitest";
import { DEAL_PAGE_SCRIPT, optimisticBasketCount } from "./deal-page-script.ts";

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

describe("the deal page script", () => {
  it("sends the add-to-basket form itself, with the generic message for failures", () => {
    expect(DEAL_PAGE_SCRIPT).toContain("/basket/add");
    expect(DEAL_PAGE_SCRIPT).toContain(
      "Oops! Something went wrong. Please try again or click Add to Basket.",
    );
  });
});
