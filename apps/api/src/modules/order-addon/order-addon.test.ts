import { and, eq, inArray } from "@deals/db";
import { orders, sandboxTransactions } from "@deals/db/schema/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CommerceTestApp,
  card,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
} from "../checkout/test-support.ts";
import type { OrderConfirmation } from "../orders/schemas.ts";
import type { OrderAddonOffers } from "./schemas.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

/** A paid order of the customer; with the card kept for next time when asked. */
async function ordered(customer: TestCustomer, keepCard: boolean): Promise<OrderConfirmation> {
  const product = await t.freshProduct({ priceMinor: 2500 });
  const token = await t.newBasket([product], customer);
  const paid = await t.payByCard(token, customer, {
    payment: { method: "credit_card", card: card("4111111111111111"), saveInstrument: keepCard },
  });
  return paid.json();
}

const offers = (customer: TestCustomer, reference: string) =>
  t.call({ method: "GET", url: `/v1/order-addon?order=${reference}`, customer });

const add = (customer: TestCustomer, body: object, key = idempotencyKey()) =>
  t.call({ method: "POST", url: "/v1/order-addon", customer, headers: { "idempotency-key": key }, body });

async function capturedSales(customer: TestCustomer) {
  const mine = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customer.id));
  return t.db
    .select()
    .from(sandboxTransactions)
    .where(
      and(
        inArray(
          sandboxTransactions.reference,
          mine.map((o) => `order-${o.id}`),
        ),
        eq(sandboxTransactions.status, "captured"),
      ),
    );
}

describe("GET /v1/order-addon", () => {
  it("offers deals not in the order, each with a product, and the stored card that pays", async () => {
    const customer = await t.createCustomer();
    const order = await ordered(customer, true);
    const answer = await offers(customer, order.productOrder.reference);
    expect(answer.statusCode, answer.body).toBe(200);
    const view: OrderAddonOffers = answer.json();
    expect(view.order.reference).toBe(order.productOrder.reference);
    expect(view.instrument).toMatchObject({ type: "card", cardType: "Visa", last4: "1111" });
    expect(view.deals.length).toBeGreaterThan(0);
    expect(view.deals.length).toBeLessThanOrEqual(4);
    const bought = new Set(order.lines.map((l) => l.dealId));
    for (const deal of view.deals) {
      expect(bought.has(deal.id)).toBe(false);
      expect(deal).toMatchObject({ dealType: "voucher", currency: "GBP" });
      expect(deal.productId).toBeGreaterThan(0);
    }
  });

  it("answers 404 for another customer's order or an unknown one, 401 signed out, 400 without one", async () => {
    const owner = await t.createCustomer();
    const other = await t.createCustomer();
    const order = await ordered(owner, false);
    expect((await offers(other, order.productOrder.reference)).statusCode).toBe(404);
    expect((await offers(owner, "0000000000000000")).statusCode).toBe(404);
    expect((await t.call({ method: "GET", url: "/v1/order-addon?order=1" })).statusCode).toBe(401);
    expect((await t.call({ method: "GET", url: "/v1/order-addon", customer: owner })).statusCode).toBe(400);
    const [deal] = ((await offers(owner, order.productOrder.reference)).json() as OrderAddonOffers).deals;
    const theirs = await add(other, {
      order: order.productOrder.reference,
      dealId: deal!.id,
      productId: deal!.productId,
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe("POST /v1/order-addon", () => {
  it("pays for the deal with the stored card in one click, once whatever the repeats", async () => {
    const customer = await t.createCustomer();
    const order = await ordered(customer, true);
    const view: OrderAddonOffers = (await offers(customer, order.productOrder.reference)).json();
    const deal = view.deals[0]!;
    const body = { order: order.productOrder.reference, dealId: deal.id, productId: deal.productId };

    expect((await t.call({ method: "POST", url: "/v1/order-addon", customer, body })).statusCode).toBe(400);
    const key = idempotencyKey();
    const answers = await Promise.all([add(customer, body, key), add(customer, body, key)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const [first, second] = answers.map((a) => a.json());
    expect(first.status).toBe("paid");
    expect(first.confirmation.productOrder.reference).toBe(second.confirmation.productOrder.reference);
    expect(first.confirmation.productOrder.reference).not.toBe(order.productOrder.reference);
    expect(first.confirmation.lines.map((l: { dealId: number }) => l.dealId)).toEqual([deal.id]);
    expect(first.confirmation.vouchers).toHaveLength(1);
    const again = await add(customer, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().confirmation.productOrder.reference).toBe(first.confirmation.productOrder.reference);
    // The first order and the add-on: charged twice in all, the add-on once.
    expect(await capturedSales(customer)).toHaveLength(2);
  });

  it("puts the deal in the basket for checkout when no card is kept", async () => {
    const customer = await t.createCustomer();
    const order = await ordered(customer, false);
    const view: OrderAddonOffers = (await offers(customer, order.productOrder.reference)).json();
    expect(view.instrument).toBeNull();
    const deal = view.deals[0]!;
    const answer = await add(customer, {
      order: order.productOrder.reference,
      dealId: deal.id,
      productId: deal.productId,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const result = answer.json();
    expect(result.status).toBe("checkout");
    const basket = await t.call({ method: "GET", url: `/v1/basket/${result.basketToken}`, customer });
    expect(basket.json().products.map((p: { dealId: number }) => p.dealId)).toEqual([deal.id]);
    expect(await capturedSales(customer)).toHaveLength(1);
  });

  it("offers and charges in euros on an Irish site", async () => {
    const customer = await t.createCustomer({ brandId: "main-ie" });
    const product = await t.freshProduct({ priceMinor: 2500 }, {}, "main-ie");
    const token = await t.newBasket([product], customer);
    const paid: OrderConfirmation = (
      await t.payByCard(token, customer, {
        address: { postCode: "D02 AF30" },
        payment: { method: "credit_card", card: card("4111111111111111"), saveInstrument: true },
      })
    ).json();
    const view: OrderAddonOffers = (await offers(customer, paid.productOrder.reference)).json();
    const deal = view.deals[0]!;
    expect(deal.currency).toBe("EUR");
    const answer = await add(customer, {
      order: paid.productOrder.reference,
      dealId: deal.id,
      productId: deal.productId,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().confirmation.currency).toBe("EUR");
  });
});
