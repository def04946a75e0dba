import { TEST_NOW } from "@deals/db/testing";
import { COOKIE_MAX_AGE } from "@deals/domain/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommerceTestApp, startCommerceApp } from "../checkout/test-support.ts";
import type { Basket } from "./schemas.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

const item = (p: { dealId: number; productId: number }, quantity = 1, extra: object = {}) => ({
  dealId: p.dealId,
  productId: p.productId,
  quantity,
  ...extra,
});

async function create(products: object[] = []) {
  const response = await t.call({ method: "POST", url: "/v1/basket", body: { products } });
  expect(response.statusCode, response.body).toBe(201);
  return response;
}

describe("POST /v1/basket", () => {
  it("creates a basket: its 32-character token in the location header and a 7-day secure cookie", async () => {
    const product = await t.freshProduct();
    const response = await create([item(product, 2)]);
    const basket: Basket = response.json();
    expect(basket.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(response.headers.location).toBe(`/v1/basket/${basket.id}`);
    const cookie = response.cookies.find((c) => c.name === "basket_token");
    expect(cookie).toMatchObject({
      value: basket.id,
      maxAge: COOKIE_MAX_AGE.basketToken,
      secure: true,
      path: "/",
    });
    expect(basket).toMatchObject({
      brand: "main-uk",
      customerToken: null,
      quantity: 2,
      eligibleForVip: false,
    });
    expect(basket.products).toEqual([
      expect.objectContaining({
        id: String(product.productId),
        dealId: product.dealId,
        quantity: 2,
        gift: false,
      }),
    ]);
  });

  it("shares the cookie across the brand's whole domain on the production host", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/basket",
      headers: { host: "www.dealmoor.co.uk", brand: "dealmoor", "country-code": "gb" },
      payload: {},
    });
    expect(response.statusCode).toBe(201);
    expect(response.cookies.find((c) => c.name === "basket_token")?.domain).toBe("dealmoor.co.uk");
  });

  it("creates tokens that never repeat", async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) tokens.add((await create()).json().id);
    expect(tokens.size).toBe(20);
  });

  it("links the basket to the signed-in customer", async () => {
    const customer = await t.createCustomer();
    const response = await t.call({ method: "POST", url: "/v1/basket", customer, body: {} });
    expect(response.json()).toMatchObject({ customerToken: customer.customerToken });
  });

  it("refuses negative, zero, fractional and huge quantities", async () => {
    const product = await t.freshProduct({ purchaseCap: 5 });
    for (const quantity of [-1, 0, 1.5, 100_000]) {
      const response = await t.call({
        method: "POST",
        url: "/v1/basket",
        body: { products: [item(product, quantity)] },
      });
      expect(response.statusCode, `quantity ${quantity}`).toBe(400);
      expect(response.json().error.code).toBe("INVALID_PARAMETER");
    }
    const overCap = await t.call({
      method: "POST",
      url: "/v1/basket",
      body: { products: [item(product, 6)] },
    });
    expect(overCap.statusCode).toBe(422);
    expect(overCap.json().error).toEqual({ code: "MAX_QUANTITY_REACHED", message: "Max quantity reached." });
  });

  it("refuses a product of another site, a product of another deal and a closed deal", async () => {
    const irish = await t.freshProduct({}, {}, "main-ie");
    const other = await t.call({ method: "POST", url: "/v1/basket", body: { products: [item(irish)] } });
    expect(other.statusCode).toBe(404);
    const product = await t.freshProduct();
    const mismatched = await t.call({
      method: "POST",
      url: "/v1/basket",
      body: { products: [{ dealId: irish.dealId, productId: product.productId, quantity: 1 }] },
    });
    expect(mismatched.statusCode).toBe(404);
    const closed = await t.freshProduct({}, { closingDate: new Date(TEST_NOW.getTime() - 3 * 86_400_000) });
    const refused = await t.call({ method: "POST", url: "/v1/basket", body: { products: [item(closed)] } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe("This item is no longer available.");
  });
});

describe("GET /v1/basket", () => {
  it("answers a basket by token, and 404 for an unknown one", async () => {
    const token = (await create()).json().id;
    const found = await t.call({ method: "GET", url: `/v1/basket/${token}?giftPacks=true&t=123` });
    expect(found.statusCode).toBe(200);
    expect(found.json().id).toBe(token);
    const unknown = await t.call({ method: "GET", url: "/v1/basket/abcdefghijklmnopqrstuvwxyz012345" });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses a token of 10 characters or fewer, and the literal undefined", async () => {
    for (const token of ["short", "undefined", "0123456789"]) {
      const response = await t.call({ method: "GET", url: `/v1/basket/${token}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: "BASKET_TOKEN_INVALID", message: "No Basket Token" });
    }
  });

  it("lists the signed-in customer's baskets by customerToken, and nobody else's", async () => {
    const customer = await t.createCustomer();
    const token = (await t.call({ method: "POST", url: "/v1/basket", customer, body: {} })).json().id;
    const mine = await t.call({
      method: "GET",
      url: `/v1/basket?customerToken=${customer.customerToken}&giftPacks=true`,
      customer,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((b: Basket) => b.id)).toContain(token);
    const other = await t.createCustomer();
    const theirs = await t.call({
      method: "GET",
      url: `/v1/basket?customerToken=${customer.customerToken}`,
      customer: other,
    });
    expect(theirs.json()).toEqual([]);
    const anonymous = await t.call({
      method: "GET",
      url: `/v1/basket?customerToken=${customer.customerToken}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("hides a customer's basket from everyone else with a 404", async () => {
    const owner = await t.createCustomer();
    const token = (await t.call({ method: "POST", url: "/v1/basket", customer: owner, body: {} })).json().id;
    const intruder = await t.createCustomer();
    expect((await t.call({ method: "GET", url: `/v1/basket/${token}`, customer: intruder })).statusCode).toBe(
      404,
    );
    expect((await t.call({ method: "GET", url: `/v1/basket/${token}` })).statusCode).toBe(404);
    const product = await t.freshProduct();
    const add = await t.call({
      method: "POST",
      url: `/v1/basket/${token}/product`,
      customer: intruder,
      body: item(product),
    });
    expect(add.statusCode).toBe(404);
    expect((await t.call({ method: "GET", url: `/v1/basket/${token}`, customer: owner })).statusCode).toBe(
      200,
    );
  });

  it("hides a basket from another brand's site", async () => {
    const token = (await create()).json().id;
    expect(
      (await t.call({ method: "GET", url: `/v1/basket/${token}`, brandId: "sister-uk" })).statusCode,
    ).toBe(404);
  });
});

describe("PUT and PATCH /v1/basket/{token}", () => {
  it("replaces the products", async () => {
    const [a, b] = [await t.freshProduct(), await t.freshProduct()];
    const token = (await create([item(a)])).json().id;
    const response = await t.call({
      method: "PUT",
      url: `/v1/basket/${token}`,
      body: {
        id: token,
        brand: "main-uk",
        customerToken: null,
        eligibleForVip: true,
        products: [item(b, 3)],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ eligibleForVip: true, quantity: 3 });
    expect(response.json().products.map((p: { dealProductId: number }) => p.dealProductId)).toEqual([
      b.productId,
    ]);
  });

  it("answers a malformed replacement with the spec's message", async () => {
    const token = (await create()).json().id;
    const bodies = [
      { id: token },
      { id: "another-token-entirely", products: [] },
      { id: token, products: "none" },
    ];
    for (const body of bodies) {
      const response = await t.call({ method: "PUT", url: `/v1/basket/${token}`, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: "BASKET_MALFORMED",
        message: "basketToken or data are malformed",
      });
    }
    const shortToken = await t.call({
      method: "PUT",
      url: "/v1/basket/short",
      body: { id: "short", products: [] },
    });
    expect(shortToken.json().error.message).toBe("basketToken or data are malformed");
  });

  it("links a basket to the signed-in customer, who alone sees it afterwards", async () => {
    const token = (await create()).json().id;
    expect(
      (await t.call({ method: "PATCH", url: `/v1/basket/${token}`, body: { id: token } })).statusCode,
    ).toBe(401);
    const customer = await t.createCustomer();
    const linked = await t.call({
      method: "PATCH",
      url: `/v1/basket/${token}`,
      customer,
      body: { id: token },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().customerToken).toBe(customer.customerToken);
    expect((await t.call({ method: "GET", url: `/v1/basket/${token}` })).statusCode).toBe(404);
  });
});

describe("one basket per customer (services.md §7.3)", () => {
  const lines = (basket: Basket) =>
    Object.fromEntries(basket.products.map((p) => [p.dealProductId, p.quantity] as const));

  it("puts a signed-in customer's later adds into the basket they already have", async () => {
    const customer = await t.createCustomer();
    const [first, second] = [await t.freshProduct(), await t.freshProduct()];
    const one = await t.call({
      method: "POST",
      url: "/v1/basket",
      customer,
      body: { products: [item(first)] },
    });
    const again = await t.call({
      method: "POST",
      url: "/v1/basket",
      customer,
      body: { products: [item(second)] },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).toBe(one.json().id);
    expect(lines(again.json())).toEqual({ [first.productId]: 1, [second.productId]: 1 });
  });

  it("merges a guest basket into the customer's on sign-in: capped by the rules, nothing else lost", async () => {
    const customer = await t.createCustomer();
    const capped = await t.freshProduct({ purchaseCap: 3 });
    const [theirsOnly, guestOnly] = [await t.freshProduct(), await t.freshProduct()];
    const theirs = (
      await t.call({
        method: "POST",
        url: "/v1/basket",
        customer,
        body: { products: [item(capped, 2), item(theirsOnly)] },
      })
    ).json().id;
    const guest = (await create([item(capped, 2), item(guestOnly, 2)])).json().id;

    const merged = await t.call({
      method: "PATCH",
      url: `/v1/basket/${guest}`,
      customer,
      body: { id: guest },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().id).toBe(theirs);
    expect(lines(merged.json())).toEqual({
      [capped.productId]: 3,
      [theirsOnly.productId]: 1,
      [guestOnly.productId]: 2,
    });
    expect(merged.json().toasts).toEqual(["Max quantity reached."]);
    expect(merged.cookies.find((c) => c.name === "basket_token")?.value).toBe(theirs);
    // The guest basket is left empty; the customer has the one basket, found by customerToken.
    expect((await t.call({ method: "GET", url: `/v1/basket/${guest}` })).json().products).toEqual([]);
    const found = await t.call({
      method: "GET",
      url: `/v1/basket?customerToken=${customer.customerToken}`,
      customer,
    });
    expect(found.json()[0].id).toBe(theirs);
  });

  it("keeps one basket when two guest baskets of one customer are linked at the same moment", async () => {
    const customer = await t.createCustomer();
    const [a, b] = [await t.freshProduct(), await t.freshProduct()];
    const tokens = [(await create([item(a)])).json().id, (await create([item(b)])).json().id];
    const answers = await Promise.all(
      tokens.map((token) =>
        t.call({ method: "PATCH", url: `/v1/basket/${token}`, customer, body: { id: token } }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const baskets: Basket[] = (
      await t.call({ method: "GET", url: `/v1/basket?customerToken=${customer.customerToken}`, customer })
    ).json();
    const filled = baskets.filter((basket) => basket.products.length > 0);
    expect(filled).toHaveLength(1);
    expect(lines(filled[0]!)).toEqual({ [a.productId]: 1, [b.productId]: 1 });
    expect(new Set(answers.map((r) => r.json().id))).toEqual(new Set([filled[0]!.id]));
  });
});

describe("basket lines", () => {
  it("adds a product, merging a repeat into its line, and caps the total", async () => {
    const product = await t.freshProduct({ purchaseCap: 3 });
    const token = (await create([item(product)])).json().id;
    const added = await t.call({
      method: "POST",
      url: `/v1/basket/${token}/product`,
      body: item(product, 2),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().products).toEqual([expect.objectContaining({ quantity: 3 })]);
    const tooMany = await t.call({ method: "POST", url: `/v1/basket/${token}/product`, body: item(product) });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.message).toBe("Max quantity reached.");
  });

  it("changes a quantity within the product's caps", async () => {
    const product = await t.freshProduct({ purchaseCap: 4, left: 3 });
    const token = (await create([item(product)])).json().id;
    const url = `/v1/basket/${token}/product/${product.productId}`;
    const changed = await t.call({ method: "PATCH", url, body: { quantity: 3 } });
    expect(changed.json().quantity).toBe(3);
    const overStock = await t.call({ method: "PATCH", url, body: { quantity: 4 } });
    expect(overStock.statusCode).toBe(422);
    expect(overStock.json().error.message).toBe("Max quantity reached.");
    for (const quantity of [0, -2]) {
      expect((await t.call({ method: "PATCH", url, body: { quantity } })).statusCode).toBe(400);
    }
    const missing = await t.call({
      method: "PATCH",
      url: `/v1/basket/${token}/product/999999`,
      body: { quantity: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("gifts only a product with an admin fee", async () => {
    const free = await t.freshProduct({ adminFeeMinor: 0 });
    const token = (await create([item(free)])).json().id;
    const response = await t.call({
      method: "PATCH",
      url: `/v1/basket/${token}/product/${free.productId}`,
      body: { gift: true },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe("This product cannot be sent as a gift.");
  });

  it("switches gift types with the gifting rules: packs, wrap and their toasts", async () => {
    const product = await t.freshProduct({ adminFeeMinor: 99 });
    const token = (await create([item(product, 2)])).json().id;
    const url = `/v1/basket/${token}/product/${product.productId}`;
    const patch = (body: object) => t.call({ method: "PATCH", url, body });

    const packed = await patch({ gifting: { type: "std-gpk", message: "Happy birthday!" } });
    expect(packed.statusCode, packed.body).toBe(200);
    const withPack: Basket = packed.json();
    expect(withPack.toasts).toEqual(["Gift Pack Added"]);
    expect(withPack.products).toHaveLength(2);
    const pack = withPack.products.find((p) => p.giftPack)!;
    expect(pack).toMatchObject({ id: "gift-pack-2", quantity: 2 });
    const line = withPack.products.find((p) => !p.giftPack)!;
    expect(line).toMatchObject({
      gift: true,
      giftMessage: "Happy birthday!",
      giftMessageCharactersRemaining: 235,
    });
    expect(line.gifting).toEqual({
      gift: true,
      giftPackProductId: 2,
      giftProductId: product.productId,
      type: "std-gpk",
    });

    // Without giftPacks=true the pack lines are left out.
    const plain = await t.call({ method: "GET", url: `/v1/basket/${token}` });
    expect(plain.json().products).toHaveLength(1);

    // The pack follows the item's quantity.
    const more = await patch({ quantity: 3 });
    expect(more.json().products.find((p: { giftPack: boolean }) => p.giftPack).quantity).toBe(3);

    const wrapped = await patch({ giftWrap: true });
    expect(wrapped.json().toasts).toEqual(["Gift Wrap Added"]);
    expect(
      wrapped
        .json()
        .products.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([String(product.productId), "gift-wrap-3"].sort());

    const none = await patch({ gift: false });
    expect(none.json().products).toHaveLength(1);
    expect(none.json().products[0]).toMatchObject({
      gift: false,
      giftMessage: null,
      gifting: { type: "none" },
    });
  });

  it("needs a recipient email for an e-gift and limits the gift message", async () => {
    const product = await t.freshProduct({ adminFeeMinor: 99 });
    const token = (await create([item(product)])).json().id;
    const url = `/v1/basket/${token}/product/${product.productId}`;
    const noEmail = await t.call({ method: "PATCH", url, body: { gifting: { type: "e-gift" } } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error.message).toBe("Recipient email is required for an e-voucher");
    const tooLong = await t.call({
      method: "PATCH",
      url,
      body: { gifting: { type: "gift", message: "x".repeat(251) } },
    });
    expect(tooLong.json().error.message).toBe("Your gift message is too long");
    const ok = await t.call({
      method: "PATCH",
      url,
      body: { gifting: { type: "e-gift", recipientEmail: "friend@example.com" } },
    });
    expect(ok.json().products[0]).toMatchObject({
      recipientEmail: "friend@example.com",
      gifting: { type: "e-gift" },
    });
  });

  it("pays a deposit only where the product has one", async () => {
    const withDeposit = await t.freshProduct({ depositPriceMinor: 1000 });
    const without = await t.freshProduct();
    const token = (await create([item(withDeposit), item(without)])).json().id;
    const yes = await t.call({
      method: "PATCH",
      url: `/v1/basket/${token}/product/${withDeposit.productId}`,
      body: { payDeposit: true },
    });
    expect(yes.json().products[0].payDeposit).toBe(true);
    const no = await t.call({
      method: "PATCH",
      url: `/v1/basket/${token}/product/${without.productId}`,
      body: { payDeposit: true },
    });
    expect(no.statusCode).toBe(422);
    expect(no.json().error.code).toBe("DEPOSIT_UNAVAILABLE");
  });

  it("removes a line, reduces its gift pack, and fires cart_remove_item", async () => {
    const [a, b] = [await t.freshProduct({ adminFeeMinor: 50 }), await t.freshProduct({ adminFeeMinor: 50 })];
    const token = (
      await create([
        item(a, 1, { gifting: { type: "ndd-gpk" } }),
        item(b, 2, { gifting: { type: "ndd-gpk" } }),
      ])
    ).json().id;
    const before = await t.call({ method: "GET", url: `/v1/basket/${token}?giftPacks=true` });
    expect(before.json().products.find((p: { giftPack: boolean }) => p.giftPack).quantity).toBe(3);
    const removed = await t.call({ method: "DELETE", url: `/v1/basket/${token}/product/${b.productId}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().events).toEqual([
      { name: "cart_remove_item", dealId: b.dealId, productId: b.productId, quantity: 2 },
    ]);
    expect(removed.json().products.find((p: { giftPack: boolean }) => p.giftPack).quantity).toBe(1);
    const last = await t.call({ method: "DELETE", url: `/v1/basket/${token}/product/${a.productId}` });
    expect(last.json().products).toEqual([]);
  });

  it("answers a malformed removal with the spec's message", async () => {
    const response = await t.call({ method: "DELETE", url: "/v1/basket/short/product/12" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: "BASKET_PRODUCT_MALFORMED",
      message: "basketToken or productId are malformed",
    });
  });

  it("ignores prices the client sends", async () => {
    const product = await t.freshProduct({ priceMinor: 2500 });
    const token = (await create([item(product, 1, { price: 1, unitPrice: 1, totalPrice: 1 })])).json().id;
    const checkout = await t.call({ method: "GET", url: `/v1/checkout/${token}` });
    expect(checkout.json().orderSummary.items).toBe(2500);
  });
});

describe("VIP and addons", () => {
  it("needs a value to update the VIP status", async () => {
    const token = (await create()).json().id;
    const response = await t.call({
      method: "POST",
      url: "/v1/update-vip-status",
      body: { basketToken: token },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: "VIP_CHECK_UNDEFINED", message: "Vip check undefined" });
  });

  it("puts the one-year VIP in the basket on opt-in and takes it out again", async () => {
    const token = (await create()).json().id;
    const opted = await t.call({
      method: "POST",
      url: "/v1/update-vip-status",
      body: { basketToken: token, vipStatus: true },
    });
    expect(opted.json().addons).toEqual([{ addonType: "VVE", productId: 1, quantity: 1 }]);
    const out = await t.call({
      method: "POST",
      url: "/v1/update-vip-status",
      body: { basketToken: token, vipStatus: false },
    });
    expect(out.json().addons).toEqual([]);
  });

  it("adds VVE and DVP addons, refusing VIP to a member", async () => {
    const token = (await create()).json().id;
    const dvp = await t.call({
      method: "POST",
      url: `/v1/basket/${token}/addon`,
      body: { addonType: "DVP", quantity: 1 },
    });
    expect(dvp.json().addons).toEqual([{ addonType: "DVP", productId: 2, quantity: 1 }]);
    const unknown = await t.call({
      method: "POST",
      url: `/v1/basket/${token}/addon`,
      body: { addonType: "XYZ" },
    });
    expect(unknown.statusCode).toBe(400);
    const vip = await t.createCustomer({ vip: true });
    const theirs = (await t.call({ method: "POST", url: "/v1/basket", customer: vip, body: {} })).json().id;
    const refused = await t.call({
      method: "POST",
      url: `/v1/basket/${theirs}/addon`,
      customer: vip,
      body: { addonType: "VVE" },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe("ALREADY_VIP");
  });
});
