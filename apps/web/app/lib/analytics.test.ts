import { describe, expect, it } from "vitest";
import { pushAnalytics } from "./analytics.ts";

describe("pushAnalytics", () => {
  it("creates the dataLayer when there is none and appends in order", () => {
    const page: { dataLayer?: unknown[] } = {};
    pushAnalytics(page, [{ event: "promo_code_expired" }]);
    pushAnalytics(page, [{ event: "promo_code_successful", promoCode: "WELCOME10" }]);
    expect(page.dataLayer).toEqual([
      { event: "promo_code_expired" },
      { event: "promo_code_successful", promoCode: "WELCOME10" },
    ]);
  });
});
