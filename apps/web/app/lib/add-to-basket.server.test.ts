import { describe, expect, it } from "vitest";
import { readAddToBasketForm, wantsJson } from "./add-to-basket.server.ts";
import { ADD_TO_BASKET_FAILED_MESSAGE } from "./add-to-basket.ts";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

describe("readAddToBasketForm", () => {
  it("reads the deal page's fields", () => {
    expect(readAddToBasketForm(form({ dealId: "100723", productId: "501808", quantity: "2" }))).toEqual({
      dealId: 100723,
      productId: 501808,
      quantity: 2,
    });
  });

  it("asks to choose a product when none is chosen or the quantity is not one or more", () => {
    expect(readAddToBasketForm(form({ dealId: "1", quantity: "1" }))).toEqual({
      problem: "Choose at least one product",
    });
    expect(readAddToBasketForm(form({ dealId: "1", productId: "2", quantity: "0" }))).toEqual({
      problem: "Choose at least one product",
    });
  });

  it("refuses a form that is not the deal page's", () => {
    expect(readAddToBasketForm(form({ productId: "2", quantity: "1" }))).toEqual({
      problem: ADD_TO_BASKET_FAILED_MESSAGE,
    });
    expect(readAddToBasketForm(form({ dealId: "1e3", productId: "2", quantity: "1" }))).toEqual({
      problem: ADD_TO_BASKET_FAILED_MESSAGE,
    });
  });
});

describe("wantsJson", () => {
  it("tells a script's fetch from a form post", () => {
    const request = (accept: string) => new Request("http://x/basket/add", { headers: { accept } });
    expect(wantsJson(request("application/json"))).toBe(true);
    expect(wantsJson(request("text/html,application/xhtml+xml"))).toBe(false);
  });
});
