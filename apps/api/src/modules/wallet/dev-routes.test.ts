import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommerceTestApp, startCommerceApp } from "../checkout/test-support.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

describe("POST /dev/wallet-credit (outside production)", () => {
  it("credits the customer's wallet in the brand's currency", async () => {
    const customer = await t.createCustomer();
    const credit = (body: object) => t.call({ method: "POST", url: "/dev/wallet-credit", body });
    const first = await credit({ brand: "main-uk", email: customer.email, amount: 500 });
    expect(first.statusCode, first.body).toBe(200);
    await credit({ brand: "main-uk", email: customer.email, amount: 250, kind: "marketing" });
    const wallet = await t.call({ method: "GET", url: "/v1/user/wallet", customer });
    expect(wallet.json()).toEqual([
      { currency: "GBP", marketingBalance: 250, refundableBalance: 500, balance: 750 },
    ]);

    expect((await credit({ brand: "main-ie", email: customer.email, amount: 500 })).statusCode).toBe(404);
    expect((await credit({ brand: "main-uk", email: customer.email, amount: -5 })).statusCode).toBe(400);
  });
});
