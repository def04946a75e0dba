/** GET /v1/buy-again: what the customer bought that is still on sale, newest purchase first. */
import { eq } from "@deals/db";
import { deals } from "@deals/db/schema/catalogue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CommerceTestApp,
  startCommerceApp,
  type TestCustomer,
  type TestProduct,
} from "../checkout/test-support.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

async function buy(customer: TestCustomer, product: TestProduct) {
  await t.payByCard(await t.newBasket([product], customer), customer);
}

const buyAgain = (customer?: TestCustomer, query = "") =>
  t.call({ method: "GET", url: `/v1/buy-again${query}`, ...(customer ? { customer } : {}) });

describe("GET /v1/buy-again", () => {
  it("lists the deals bought that are still on sale, the latest bought first, to their buyer only", async () => {
    const customer = await t.createCustomer();
    const [first, second, closed] = [await t.freshProduct(), await t.freshProduct(), await t.freshProduct()];
    await buy(customer, first);
    t.advance(60_000);
    await buy(customer, second);
    await buy(customer, closed);
    await t.db.update(deals).set({ soldOut: true }).where(eq(deals.id, closed.dealId));
    t.advance(60_000);
    await buy(customer, first);

    const answer = await buyAgain(customer);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(
      answer.json().deals.map((d: { id: number; boughtProductId: number }) => [d.id, d.boughtProductId]),
    ).toEqual([
      [first.dealId, first.productId],
      [second.dealId, second.productId],
    ]);
    expect((await buyAgain(customer, "?pageSize=1")).json().deals).toHaveLength(1);

    // A stay is booked by date: it goes back by the deal page's calendar, not straight to the basket.
    await t.db.update(deals).set({ productDisplay: "calendar" }).where(eq(deals.id, second.dealId));
    expect(
      (await buyAgain(customer))
        .json()
        .deals.map((d: { id: number; bookByDate: boolean }) => [d.id, d.bookByDate]),
    ).toEqual([
      [first.dealId, false],
      [second.dealId, true],
    ]);

    expect((await buyAgain(await t.createCustomer())).json().deals).toEqual([]);
    expect((await buyAgain()).statusCode).toBe(401);
    expect((await buyAgain(customer, "?pageSize=0")).statusCode).toBe(400);
  });
});
