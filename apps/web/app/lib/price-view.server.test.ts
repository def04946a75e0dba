import { describe, expect, it } from "vitest";
import { type PriceAmounts, priceView } from "./price-view.server.ts";

const amounts = (overrides: Partial<PriceAmounts> = {}): PriceAmounts => ({
  currency: "GBP",
  price: 2900,
  adminFee: 199,
  postage: 0,
  originalPrice: 5000,
  discountPercentage: 42,
  perPerson: false,
  mode: "SHOW_DISCOUNT",
  ...overrides,
});

describe("priceView", () => {
  it("shows the full price with the admin fee it includes", () => {
    const view = priceView(amounts(), "en-GB");
    expect(view).toMatchObject({ full: "£30.99", base: "£29", fees: ["£1.99 admin fee"], was: "£50" });
    expect(view.discount).toEqual({ percent: 42, indicative: false });
  });

  it("adds postage to the full price and names it", () => {
    const view = priceView(amounts({ adminFee: 0, postage: 399 }), "en-GB");
    expect(view.full).toBe("£32.99");
    expect(view.fees).toEqual(["£3.99 postage"]);
  });

  it("formats euros for the Irish sites", () => {
    expect(priceView(amounts({ currency: "EUR" }), "en-IE").full).toBe("€30.99");
  });

  it("shows no was price or discount when the display mode says the price alone", () => {
    const view = priceView(amounts({ mode: "SHOW_PRICE" }), "en-GB");
    expect(view.was).toBeNull();
    expect(view.discount).toBeNull();
  });

  it("shows the original price with its percentage in original-price mode, unless it rounds to 0 %", () => {
    const view = priceView(amounts({ mode: "SHOW_ORIGINAL_PRICE" }), "en-GB");
    expect(view.was).toBe("£50");
    expect(view.discount).toEqual({ percent: amounts().discountPercentage, indicative: false });
    const none = priceView(amounts({ mode: "SHOW_ORIGINAL_PRICE", discountPercentage: 0 }), "en-GB");
    expect(none.was).toBe("£50");
    expect(none.discount).toBeNull();
  });

  it("marks an indicative discount and a hidden price", () => {
    expect(priceView(amounts({ mode: "SHOW_DISCOUNT_INDICATIVE" }), "en-GB").discount?.indicative).toBe(true);
    expect(priceView(amounts({ mode: "PRICE_IS_HIDDEN" }), "en-GB").hidden).toBe(true);
  });

  it("gives the VIP full price, fees included, only when it is below the price", () => {
    expect(priceView(amounts({ vipPrice: 2500 }), "en-GB").vip).toBe("£26.99");
    expect(priceView(amounts({ vipPrice: 2900 }), "en-GB").vip).toBeNull();
    expect(priceView(amounts({ vipPrice: null }), "en-GB").vip).toBeNull();
  });

  it("shows the lowest price of the last 30 days beside a was price, and only there", () => {
    expect(priceView(amounts({ lowestPriceLast30Days: 2700 }), "en-GB").lowest).toBe("£27");
    expect(
      priceView(amounts({ lowestPriceLast30Days: 2700, mode: "SHOW_PRICE" }), "en-GB").lowest,
    ).toBeNull();
  });
});
