import { eq, sql } from "@deals/db";
import { dealProducts } from "@deals/db/schema/catalogue";
import { baskets } from "@deals/db/schema/commerce";
import { TEST_NOW } from "@deals/db/testing";
import { CHECKOUT_QUERY_DEFAULTS, VIP_SUBSCRIPTION_PRICE_MINOR } from "@deals/domain/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutData } from "./schemas.ts";
import { type CommerceTestApp, startCommerceApp, type TestCustomer } from "./test-support.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

async function checkout(token: string, query = "", customer?: TestCustomer): Promise<CheckoutData> {
  const response = await t.call({
    method: "GET",
    url: `/v1/checkout/${token}${query}`,
    ...(customer ? { customer } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("GET /v1/checkout/{basketToken}", () => {
  it("fails a load without a token with the spec's message", async () => {
    for (const url of ["/v1/checkout", "/v1/checkout/"]) {
      const response = await t.call({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toEqual({ code: "TOKEN_REQUIRED", message: "No token provided" });
    }
  });

  it("answers 422 for a basket that cannot be used, so the storefront starts a new one", async () => {
    for (const token of ["abcdefghijklmnopqrstuvwxyz012345", "short"]) {
      const response = await t.call({ method: "GET", url: `/v1/checkout/${token}` });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe("BASKET_UNUSABLE");
    }
  });

  it("answers 404 for another customer's basket", async () => {
    const owner = await t.createCustomer();
    const token = await t.newBasket([await t.freshProduct()], owner);
    const intruder = await t.createCustomer();
    const response = await t.call({ method: "GET", url: `/v1/checkout/${token}`, customer: intruder });
    expect(response.statusCode).toBe(404);
  });

  it("loads a basket whose lines have all gone: nothing to buy and nothing to pay", async () => {
    const token = await t.newBasket([await t.freshProduct()]);
    await t.db.update(baskets).set({ lines: [] }).where(eq(baskets.token, token));
    const data = await checkout(token);
    expect(data.deals).toEqual([]);
    expect(data.orderSummary.totalOrderAmount).toBe(0);
  });

  it("prices every part of the order: items, admin fees, postage, packs, wrap, VIP and the total", async () => {
    const voucher = await t.freshProduct({ priceMinor: 2000, adminFeeMinor: 150 });
    const goods = await t.freshProduct(
      { priceMinor: 3000, postagePriceMinor: 399 },
      { deliveryType: "delivery" },
    );
    const token = await t.newBasket([voucher, goods], undefined, 2);
    await t.call({
      method: "PATCH",
      url: `/v1/basket/${token}/product/${voucher.productId}`,
      body: { gifting: { type: "ndd-gpk" } },
    });
    await t.call({
      method: "POST",
      url: "/v1/update-vip-status",
      body: { basketToken: token, vipStatus: true },
    });
    const data = await checkout(token);
    expect(data.orderSummary).toEqual({
      currency: "GBP",
      items: 2 * 2000 + 2 * 3000,
      adminFees: 2 * 150,
      postage: 399,
      giftPacks: 2 * 499,
      giftWrap: 0,
      vipMembership: VIP_SUBSCRIPTION_PRICE_MINOR,
      voucherProtection: 0,
      extension: 0,
      discount: 0,
      wallet: 0,
      totalOrderAmount: 10_000 + 300 + 399 + 998 + VIP_SUBSCRIPTION_PRICE_MINOR,
    });
    expect(data.deals.map((d) => d.dealId)).toEqual([voucher.dealId, goods.dealId]);
    expect(data.giftExtras).toEqual([
      { id: "gift-pack-1", productId: 1, name: "Next-day delivery gift pack", quantity: 2, total: 998 },
    ]);
    expect(data.requirements).toEqual({ login: true, address: "full", passengers: false });
    expect(data.status).toBe("READY");
  });

  it("applies VIP prices once VIP is in the basket or the customer is VIP", async () => {
    const product = await t.freshProduct({ priceMinor: 2000, vipPriceMinor: 1800 });
    const token = await t.newBasket([product]);
    expect((await checkout(token)).orderSummary.items).toBe(2000);
    expect((await checkout(token)).vipUpsell).toMatchObject({
      offered: true,
      checked: false,
      vipPricesApplied: false,
    });
    await t.call({
      method: "POST",
      url: "/v1/update-vip-status",
      body: { basketToken: token, vipStatus: true },
    });
    const withVip = await checkout(token);
    expect(withVip.orderSummary.items).toBe(1800);
    expect(withVip.vipUpsell).toMatchObject({ checked: true, vipPricesApplied: true });

    const member = await t.createCustomer({ vip: true });
    const theirs = await t.newBasket([product], member);
    const data = await checkout(theirs, "", member);
    expect(data.orderSummary.items).toBe(1800);
    expect(data.vipUpsell.offered).toBe(false);
  });

  it("echoes the query parameters with the spec's defaults", async () => {
    const token = await t.newBasket([await t.freshProduct()]);
    expect((await checkout(token)).queryParams).toEqual({ ...CHECKOUT_QUERY_DEFAULTS, promoCode: null });
    const custom = await checkout(token, "?giftPacks=false&vipChecked=true&timestamp=1&timerElapsed=true");
    expect(custom.queryParams).toMatchObject({ giftPacks: false, vipChecked: true });
    const bad = await t.call({ method: "GET", url: `/v1/checkout/${token}?wallet=maybe` });
    expect(bad.statusCode).toBe(400);
  });

  it("carries the gifting config, presets, user info and payment options", async () => {
    const customer = await t.createCustomer();
    const token = await t.newBasket([await t.freshProduct({ priceMinor: 2000 })], customer);
    const data = await checkout(token, "", customer);
    expect(data.giftPackPreset.nddGiftPack).toEqual({
      dealId: 0,
      productId: 1,
      name: "Next-day delivery gift pack",
      price: 499,
    });
    expect(data.giftWrapPreset).toMatchObject({ productId: 3, price: 199 });
    expect(data.giftingDetails.giftWrap).toEqual({ dealId: 0, productId: 3 });
    expect(data.giftingConfig.recipientEmailRequiredFor).toEqual(["e-gift"]);
    expect(data.userInfo).toMatchObject({ authenticated: true, email: customer.email });
    expect(data.userInfo.paymentOptions).toEqual({ creditBalances: [], paymentInstruments: [] });
    const offered = data.paymentMethods.offered.map((o) => `${o.method}:${o.instrumentType}`);
    expect(offered).toEqual(["credit_card:NEW", "paypal:NEW"]);

    const guest = await checkout(await t.newBasket([await t.freshProduct({ priceMinor: 2000 })]));
    expect(guest.userInfo.authenticated).toBe(false);
    expect(guest.paymentMethods.offered.map((o) => o.method).sort()).toEqual(
      ["apple_pay", "clearpay", "google_pay", "klarna"].sort(),
    );
  });

  it("lists the lines that can no longer be bought, with their message", async () => {
    const product = await t.freshProduct({ left: 5 });
    const token = await t.newBasket([product], undefined, 3);
    await t.db
      .update(dealProducts)
      .set({ totalBought: sql`${dealProducts.totalStock} - 1` })
      .where(eq(dealProducts.id, product.productId));
    const data = await checkout(token);
    expect(data.removedItems).toEqual([
      {
        id: String(product.productId),
        dealId: product.dealId,
        productId: product.productId,
        message: "Max quantity reached.",
      },
    ]);
    expect(data.orderSummary.totalOrderAmount).toBe(0);
  });

  it("shows a countdown only for a deal closing soon", async () => {
    const soon = await t.freshProduct({}, { closingDate: new Date(TEST_NOW.getTime() + 3_600_000) });
    expect((await checkout(await t.newBasket([soon]))).countdown).toEqual({
      closesAt: new Date(TEST_NOW.getTime() + 3_600_000).toISOString(),
      hold: false,
    });
    expect(
      (await checkout(await t.newBasket([await t.freshProduct({}, { closingDate: null })]))).countdown,
    ).toBeNull();
  });

  it("refuses payment methods by the cart guards: high fraud risk, low-total subcategories", async () => {
    const risky = await t.freshProduct({ priceMinor: 2000 }, { highFraudRisk: true });
    const guest = await checkout(await t.newBasket([risky]));
    expect(guest.paymentMethods.offered).toEqual([]);
    expect(guest.paymentMethods.refused.find((r) => r.method === "klarna")?.reason).toBe(
      "This payment method is not available for a deal in your basket.",
    );
    const lowOnly = await t.freshProduct({ priceMinor: 6000 }, { subcategoryId: 14 });
    const data = await checkout(await t.newBasket([lowOnly]));
    expect(data.problems).toEqual(["A deal in your basket can only be bought in an order under £50."]);
  });

  it("lists a line's delivery options with their postage, and prices the one chosen", async () => {
    const collect = await t.freshProduct(
      { priceMinor: 2000, postagePriceMinor: 399 },
      { deliveryType: "collection" },
    );
    const voucher = await t.freshProduct({ priceMinor: 1000 });
    const token = await t.newBasket([collect, voucher]);
    const lineOf = (data: CheckoutData, productId: number) =>
      data.deals.flatMap((d) => d.products).find((p) => p.productId === productId)!;

    const collecting = await checkout(token);
    expect(lineOf(collecting, collect.productId)).toMatchObject({
      deliveryOptionType: "collection",
      postage: 0,
      productDeliveryOptions: [
        { deliveryOptionType: "collection", postage: 0 },
        { deliveryOptionType: "delivery", postage: 399 },
      ],
    });
    expect(lineOf(collecting, voucher.productId).productDeliveryOptions).toEqual([]);
    expect(collecting.requirements.address).toBe("postcode");

    const chosen = await t.call({
      method: "PATCH",
      url: `/v1/basket/${token}/product/${collect.productId}`,
      body: { deliveryOptionType: "delivery" },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const delivering = await checkout(token);
    expect(lineOf(delivering, collect.productId)).toMatchObject({
      deliveryOptionType: "delivery",
      postage: 399,
      lineTotal: 2399,
    });
    expect(delivering.orderSummary).toMatchObject({ postage: 399, totalOrderAmount: 3399 });
    expect(delivering.requirements.address).toBe("full");

    const refused = await t.call({
      method: "PATCH",
      url: `/v1/basket/${token}/product/${voucher.productId}`,
      body: { deliveryOptionType: "delivery" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: "DELIVERY_OPTION_INVALID",
      message: "This delivery option is not offered for this product.",
    });
    const without = await checkout(token, "?deliveryOptions=false");
    expect(lineOf(without, collect.productId).productDeliveryOptions).toEqual([]);
  });

  it("marks a VIP-only deal as a problem for a shopper without membership", async () => {
    const exclusive = await t.freshProduct({ vipExclusive: true });
    const data = await checkout(await t.newBasket([exclusive]));
    expect(data.problems).toEqual(["This deal is for VIP members only: join VIP to buy it."]);
    const member = await t.createCustomer({ vip: true });
    expect((await checkout(await t.newBasket([exclusive], member), "", member)).problems).toEqual([]);
  });
});
