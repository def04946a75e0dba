import { describe, expect, it } from "vitest";
import type { CheckoutProduct } from "./basket-api.ts";
import {
  deliveryOptionViews,
  linePriceView,
  type OrderSummaryAmounts,
  orderSummaryRows,
} from "./order-summary.ts";

const summary: OrderSummaryAmounts = {
  currency: "GBP",
  items: 8200,
  adminFees: 398,
  postage: 299,
  giftPacks: 598,
  giftWrap: 0,
  vipMembership: 499,
  voucherProtection: 0,
  extension: 0,
  discount: 820,
  wallet: 500,
  totalOrderAmount: 8674,
};

describe("orderSummaryRows", () => {
  it("names every charge the order has, what comes off and the total, in order", () => {
    const rows = orderSummaryRows(summary);
    expect(rows.map((r) => [r.label, r.amount])).toEqual([
      ["Items", "£82"],
      ["Admin fees", "£3.98"],
      ["Postage", "£2.99"],
      ["Gift packs", "£5.98"],
      ["VIP membership", "£4.99"],
      ["Discount", "-£8.20"],
      ["Wallet credit", "-£5"],
      ["Total", "£86.74"],
    ]);
    expect(rows.at(-1)?.kind).toBe("total");
  });

  it("drops the rows that are zero, keeping the items and the total", () => {
    const plain = {
      ...summary,
      adminFees: 0,
      postage: 0,
      giftPacks: 0,
      vipMembership: 0,
      discount: 0,
      wallet: 0,
    };
    expect(orderSummaryRows({ ...plain, items: 0, totalOrderAmount: 0 }).map((r) => r.label)).toEqual([
      "Items",
      "Total",
    ]);
  });

  it("names free postage when something is delivered", () => {
    const free = { ...summary, postage: 0 };
    expect(orderSummaryRows(free).map((r) => r.key)).not.toContain("postage");
    expect(orderSummaryRows(free, { delivered: true }).find((r) => r.key === "postage")?.amount).toBe("£0");
  });

  it("names voucher protection only when the order has it", () => {
    expect(orderSummaryRows({ ...summary, voucherProtection: 199 }).map((r) => r.label)).toContain(
      "Voucher protection",
    );
  });

  it("shows an Irish order in euros", () => {
    const rows = orderSummaryRows({ ...summary, currency: "EUR" });
    expect(rows.every((r) => r.amount.includes("€"))).toBe(true);
  });
});

describe("linePriceView", () => {
  const product = {
    unitPrice: 2900,
    adminFee: 199,
    postage: 0,
    discount: 0,
    lineTotal: 6198,
  } as CheckoutProduct;

  it("spells out one unit's price and fee, and the line's total", () => {
    expect(linePriceView(product, "GBP")).toEqual({
      each: "£30.99",
      eachParts: ["£29", "£1.99 admin fee"],
      postage: null,
      discount: null,
      total: "£61.98",
    });
  });

  it("adds postage and a promo discount when the line has them", () => {
    const view = linePriceView({ ...product, postage: 299, discount: 310 }, "EUR");
    expect(view.postage).toBe("€2.99");
    expect(view.discount).toBe("-€3.10");
  });
});

describe("deliveryOptionViews", () => {
  const line = {
    deliveryOptionType: "collection",
    productDeliveryOptions: [
      { deliveryOptionType: "collection", postage: 0 },
      { deliveryOptionType: "delivery", postage: 399 },
    ],
  } as CheckoutProduct;

  it("names each option with the postage it adds, and marks the one chosen", () => {
    expect(deliveryOptionViews(line, "GBP")).toEqual([
      { type: "collection", label: "Click and collect: free", chosen: true },
      { type: "delivery", label: "Delivery: £3.99 postage", chosen: false },
    ]);
    const delivered = deliveryOptionViews({ ...line, deliveryOptionType: "delivery" }, "EUR");
    expect(delivered.map((o) => [o.label, o.chosen])).toEqual([
      ["Click and collect: free", false],
      ["Delivery: €3.99 postage", true],
    ]);
  });

  it("has nothing to offer a line that is not sent anywhere", () => {
    expect(deliveryOptionViews({ ...line, productDeliveryOptions: [] }, "GBP")).toEqual([]);
  });
});
