import { describe, expect, it } from "vitest";
import { DELIVERY_OPTION_NAMES, deliveryOptionsFor, postageFor } from "./delivery.ts";

describe("deliveryOptionsFor", () => {
  it("offers posted goods delivery only, and click and collect first with delivery as the choice", () => {
    expect(deliveryOptionsFor("delivery")).toEqual(["delivery"]);
    expect(deliveryOptionsFor("collection")).toEqual(["collection", "delivery"]);
    expect(deliveryOptionsFor("none")).toEqual([]);
  });

  it("names every option for the shopper", () => {
    expect(deliveryOptionsFor("collection").map((o) => DELIVERY_OPTION_NAMES[o])).toEqual([
      "Click and collect",
      "Delivery",
    ]);
  });
});

describe("postageFor", () => {
  it("charges the product's postage for delivery only", () => {
    expect(postageFor("delivery", 399)).toBe(399);
    expect(postageFor("collection", 399)).toBe(0);
    expect(postageFor(null, 399)).toBe(0);
  });
});
