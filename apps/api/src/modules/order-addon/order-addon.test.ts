import { and, eq, inArray } from "@deals/db";
import { orders, paymentInstruments, sandboxTransactions } from "@deals/db/schema/commerce";
import { ORDER_ADDON_MESSAGES } from "@deals/domain/order-addon";
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
async function ordered(
  customer: TestCustomer,
  keepCard: boolean,
  cardNumber = "4111111111111111",
): Promise<OrderConfirmation> {
  return orderedWith(customer, {
    method: "credit_card",
    card: card(cardNumber),
    saveInstrument: keepCard,
  });
}

async function orderedWith(customer: TestCustomer, payment: object): Promise<OrderConfirmation> {
  const product = await t.freshProduct({ priceMinor: 2500 });
  const token = await t.newBasket([product], customer);
  return (await t.payByCard(token, customer, { payment })).json();
}

async function keptInstruments(customer: TestCustomer) {
  return t.db.select().from(paymentInstruments).where(eq(paymentInstruments.customerId, customer.id));
}

/** The customer's basket lines of a deal, by the basket token an answer gave. */
async function basketLinesOf(customer: TestCustomer, basketToken: string, dealId: number) {
  const basket = await t.call({ method: "GET", url: `/v1/basket/${basketToken}`, customer });
  return (basket.json().products as { dealId: number; quantity: number }[]).filter(
    (p) => p.dealId === dealId,
  );
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

  it("puts the deal in the basket for checkout when no card is kept, once however often it is clicked", async () => {
    const customer = await t.createCustomer();
    const order = await ordered(customer, false);
    const view: OrderAddonOffers = (await offers(customer, order.productOrder.reference)).json();
    expect(view.instrument).toBeNull();
    expect(view.instrumentUnavailable).toBe(ORDER_ADDON_MESSAGES.notKept);
    const deal = view.deals[0]!;
    const body = { order: order.productOrder.reference, dealId: deal.id, productId: deal.productId };
    const key = idempotencyKey();
    // A double click (the same key twice at once), then a retry and a second click of a fresh page.
    const answers = [
      ...(await Promise.all([add(customer, body, key), add(customer, body, key)])),
      await add(customer, body, key),
      await add(customer, body),
    ];
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const tokens = new Set(answers.map((a) => a.json().basketToken));
    expect(answers.map((a) => a.json().status)).toEqual(["checkout", "checkout", "checkout", "checkout"]);
    expect(tokens.size).toBe(1);
    expect(await basketLinesOf(customer, [...tokens][0]!, deal.id)).toEqual([
      expect.objectContaining({ dealId: deal.id, quantity: 1 }),
    ]);
    expect(await capturedSales(customer)).toHaveLength(1);
  });

  it("pays with the card that paid the order, not the customer's default one", async () => {
    const customer = await t.createCustomer();
    await ordered(customer, true, "4111111111111111");
    const order = await ordered(customer, true, "5555555555554444");
    const kept = await keptInstruments(customer);
    const visa = kept.find((i) => i.last4 === "1111")!;
    const mastercard = kept.find((i) => i.last4 === "4444")!;
    expect(visa.isDefault).toBe(true);
    expect(mastercard.isDefault).toBe(false);

    const view: OrderAddonOffers = (await offers(customer, order.productOrder.reference)).json();
    expect(view.instrument).toMatchObject({ id: mastercard.id, last4: "4444" });
    expect(view.instrumentUnavailable).toBeNull();
    const deal = view.deals[0]!;
    const answer = await add(customer, {
      order: order.productOrder.reference,
      dealId: deal.id,
      productId: deal.productId,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const addon: OrderConfirmation = answer.json().confirmation;
    const [row] = await t.db
      .select({ paymentInstrumentId: orders.paymentInstrumentId })
      .from(orders)
      .where(eq(orders.reference, addon.productOrder.reference));
    // The add-on order records the instrument it was charged with: the Mastercard.
    expect(row!.paymentInstrumentId).toBe(mastercard.id);
    expect(await capturedSales(customer)).toHaveLength(3);

    // An order paid with a kept card chosen at checkout (EXISTING) is added to with that card too.
    const byVisa = await orderedWith(customer, {
      method: "credit_card",
      instrumentType: "EXISTING",
      instrumentId: String(visa.id),
    });
    const visaView: OrderAddonOffers = (await offers(customer, byVisa.productOrder.reference)).json();
    expect(visaView.instrument).toMatchObject({ id: visa.id, last4: "1111" });
  });

  it("sends the shopper to checkout, saying why, when the order's card has expired since", async () => {
    const customer = await t.createCustomer();
    const order = await ordered(customer, true);
    const [kept] = await keptInstruments(customer);
    await t.db
      .update(paymentInstruments)
      .set({ expiryMonth: 1, expiryYear: t.now().getUTCFullYear() - 1 })
      .where(eq(paymentInstruments.id, kept!.id));
    const view: OrderAddonOffers = (await offers(customer, order.productOrder.reference)).json();
    expect(view.instrument).toBeNull();
    expect(view.instrumentUnavailable).toBe(ORDER_ADDON_MESSAGES.expired);
    const deal = view.deals[0]!;
    const answer = await add(customer, {
      order: order.productOrder.reference,
      dealId: deal.id,
      productId: deal.productId,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().status).toBe("checkout");
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
