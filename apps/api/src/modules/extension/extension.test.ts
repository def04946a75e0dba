import { and, eq, gt, inArray } from "@deals/db";
import { voucherEvents } from "@deals/db/schema/after-purchase";
import { orders, sandboxTransactions, vouchers } from "@deals/db/schema/commerce";
import { EXTENSION_DAYS, EXTENSION_MESSAGES } from "@deals/domain/voucher-extension";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING,
  type CommerceTestApp,
  card,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
} from "../checkout/test-support.ts";
import type { OrderConfirmation } from "../orders/schemas.ts";
import type { VoucherList } from "../vouchers/schemas.ts";
import type { ExtensionOfferView, ExtensionStarted } from "./schemas.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** A paid voucher of the customer, 10 days from expiry (inside the extension window). */
async function boughtVoucher(customer: TestCustomer, priceMinor = 8000) {
  const product = await t.freshProduct({ priceMinor, adminFeeMinor: 0 }, {}, customer.brandId);
  const token = await t.newBasket([product], customer);
  const address = customer.brandId.endsWith("-ie") ? { address: { postCode: "D02 AF30" } } : {};
  const order: OrderConfirmation = (await t.payByCard(token, customer, address)).json();
  const list: VoucherList = (await t.call({ method: "GET", url: "/v1/voucher", customer })).json();
  const voucher = list.vouchers.find((v) => v.code === order.vouchers[0]!.code)!;
  const expiresAt = new Date(t.now().getTime() + 10 * DAY);
  await t.db.update(vouchers).set({ expiresAt }).where(eq(vouchers.id, voucher.id));
  return { voucherId: voucher.id, reference: order.productOrder.reference, expiresAt };
}

const offer = (customer: TestCustomer, query: string) =>
  t.call({ method: "GET", url: `/v1/voucher-extension?${query}`, customer });

const start = (customer: TestCustomer, body: object) =>
  t.call({ method: "POST", url: "/v1/voucher-extension", customer, body });

function pay(customer: TestCustomer, basketToken: string, key = idempotencyKey()) {
  return t.call({
    method: "POST",
    url: `/v1/checkout/${basketToken}`,
    customer,
    headers: { "idempotency-key": key },
    body: { address: BILLING, payment: { method: "credit_card", card: card("4111111111111111") } },
  });
}

async function voucherRow(voucherId: number) {
  const [row] = await t.db.select().from(vouchers).where(eq(vouchers.id, voucherId));
  return row!;
}

describe("GET /v1/voucher-extension", () => {
  it("states the fee (10% of the voucher's price) and the expiry 90 days on", async () => {
    const customer = await t.createCustomer();
    const { voucherId, reference, expiresAt } = await boughtVoucher(customer, 8000);
    const answer = await offer(customer, `productOrderId=${reference}&voucherId=${voucherId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const view: ExtensionOfferView = answer.json();
    expect(view).toMatchObject({
      voucherId,
      productOrderId: reference,
      currency: "GBP",
      fee: 800,
      available: true,
    });
    expect(new Date(view.newExpiresAt).getTime()).toBe(expiresAt.getTime() + EXTENSION_DAYS * DAY);

    const list: VoucherList = (await t.call({ method: "GET", url: "/v1/voucher", customer })).json();
    expect(list.vouchers.find((v) => v.id === voucherId)?.canExtend).toBe(true);
  });

  it("asks for the product order id with the spec's message", async () => {
    const customer = await t.createCustomer();
    const { voucherId } = await boughtVoucher(customer);
    for (const query of [`voucherId=${voucherId}`, `productOrderId=&voucherId=${voucherId}`]) {
      const answer = await offer(customer, query);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toBe(EXTENSION_MESSAGES.productOrderIdRequired);
    }
    const started = await start(customer, { voucherId });
    expect(started.statusCode).toBe(400);
    expect(started.json().error.message).toBe(EXTENSION_MESSAGES.productOrderIdRequired);
  });

  it("answers 404 for another customer's voucher, another order's reference, and 401 signed out", async () => {
    const owner = await t.createCustomer();
    const other = await t.createCustomer();
    const { voucherId, reference } = await boughtVoucher(owner);
    const theirs = await offer(other, `productOrderId=${reference}&voucherId=${voucherId}`);
    expect(theirs.statusCode).toBe(404);
    expect((await start(other, { productOrderId: reference, voucherId })).statusCode).toBe(404);
    expect((await offer(owner, `productOrderId=0000000000000000&voucherId=${voucherId}`)).statusCode).toBe(
      404,
    );
    expect((await offer(owner, `productOrderId=${reference}&voucherId=abc`)).statusCode).toBe(400);
    const signedOut = await t.call({
      method: "GET",
      url: `/v1/voucher-extension?productOrderId=${reference}&voucherId=${voucherId}`,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it("refuses, with the reason, a voucher outside its extension window", async () => {
    const customer = await t.createCustomer();
    const { voucherId, reference } = await boughtVoucher(customer);
    await t.db
      .update(vouchers)
      .set({ expiresAt: new Date(t.now().getTime() + 80 * DAY) })
      .where(eq(vouchers.id, voucherId));
    const view: ExtensionOfferView = (
      await offer(customer, `productOrderId=${reference}&voucherId=${voucherId}`)
    ).json();
    expect(view).toMatchObject({ available: false, reason: EXTENSION_MESSAGES.tooEarly });
    const started = await start(customer, { productOrderId: reference, voucherId });
    expect(started.statusCode).toBe(422);
    expect(started.json().error.message).toBe(EXTENSION_MESSAGES.tooEarly);
  });
});

describe("paying for an extension at checkout", () => {
  it("charges the fee once, moves the expiry and shows Extended in the timeline", async () => {
    const customer = await t.createCustomer();
    const { voucherId, reference, expiresAt } = await boughtVoucher(customer, 8000);
    const started = await start(customer, { productOrderId: reference, voucherId });
    expect(started.statusCode, started.body).toBe(201);
    const { basketToken }: ExtensionStarted = started.json();

    const checkout = await t.call({ method: "GET", url: `/v1/checkout/${basketToken}`, customer });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json().orderSummary).toMatchObject({ extension: 800, totalOrderAmount: 800 });
    expect(checkout.json().addons).toEqual([expect.objectContaining({ addonType: "EXT", total: 800 })]);

    const key = idempotencyKey();
    const paid = await pay(customer, basketToken, key);
    expect(paid.statusCode, paid.body).toBe(201);
    const order: OrderConfirmation = paid.json();
    expect(order.orderSummary).toMatchObject({ extension: 800, totalOrderAmount: 800 });
    expect(order.vouchers).toEqual([]);

    // A retry with the same key is the same order: not charged or extended again.
    const again = await pay(customer, basketToken, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().productOrder.reference).toBe(order.productOrder.reference);

    const row = await voucherRow(voucherId);
    expect(row.expiresAt.getTime()).toBe(expiresAt.getTime() + EXTENSION_DAYS * DAY);
    const events = await t.db.select().from(voucherEvents).where(eq(voucherEvents.voucherId, voucherId));
    expect(events.map((e) => e.status)).toEqual(["Extended"]);
    const list: VoucherList = (await t.call({ method: "GET", url: "/v1/voucher", customer })).json();
    const voucher = list.vouchers.find((v) => v.id === voucherId)!;
    expect(voucher.timeline.map((s) => s.status)).toEqual(["Extended"]);
    expect(voucher.canExtend).toBe(false);

    // Extended once: the landing page now says so, and it cannot be put in a basket again.
    const view: ExtensionOfferView = (
      await offer(customer, `productOrderId=${reference}&voucherId=${voucherId}`)
    ).json();
    expect(view).toMatchObject({ available: false, reason: EXTENSION_MESSAGES.alreadyExtended });
    expect((await start(customer, { productOrderId: reference, voucherId })).statusCode).toBe(422);
  });

  it("gives the voucher back when the card is declined, so it can be extended after all", async () => {
    const customer = await t.createCustomer();
    const { voucherId, reference } = await boughtVoucher(customer);
    const { basketToken }: ExtensionStarted = (
      await start(customer, { productOrderId: reference, voucherId })
    ).json();
    const declined = await t.call({
      method: "POST",
      url: `/v1/checkout/${basketToken}`,
      customer,
      headers: { "idempotency-key": idempotencyKey() },
      body: { address: BILLING, payment: { method: "credit_card", card: card("4000000000000002") } },
    });
    expect(declined.statusCode).toBe(402);
    expect((await voucherRow(voucherId)).extensionOrderId).toBeNull();
    expect((await pay(customer, basketToken)).statusCode).toBe(201);
    expect((await voucherRow(voucherId)).extensionOrderId).not.toBeNull();
  });

  it("extends once and charges once when two tabs pay at the same moment with different keys", async () => {
    const customer = await t.createCustomer();
    const { voucherId, reference, expiresAt } = await boughtVoucher(customer);
    const { basketToken }: ExtensionStarted = (
      await start(customer, { productOrderId: reference, voucherId })
    ).json();
    const answers = await Promise.all([
      pay(customer, basketToken),
      pay(customer, basketToken),
      pay(customer, basketToken),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // The others were refused before any payment: the voucher is already being extended, or
    // the basket no longer holds the extension once the first paid.
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect([400, 409, 422], answer.body).toContain(answer.statusCode);
    }
    const row = await voucherRow(voucherId);
    expect(row.expiresAt.getTime()).toBe(expiresAt.getTime() + EXTENSION_DAYS * DAY);
    const events = await t.db.select().from(voucherEvents).where(eq(voucherEvents.voucherId, voucherId));
    expect(events.filter((e) => e.status === "Extended")).toHaveLength(1);
    // Charged once: one captured sale at the gateway among all the customer's extension orders.
    const extensionOrders = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, customer.id), gt(orders.extensionMinor, 0)));
    const sales = await t.db
      .select()
      .from(sandboxTransactions)
      .where(
        inArray(
          sandboxTransactions.reference,
          extensionOrders.map((o) => `order-${o.id}`),
        ),
      );
    expect(sales.filter((s) => s.status === "captured")).toHaveLength(1);
  });

  it("is sold in euros on an Irish site", async () => {
    const customer = await t.createCustomer({ brandId: "main-ie" });
    const { voucherId, reference } = await boughtVoucher(customer, 2000);
    const view: ExtensionOfferView = (
      await offer(customer, `productOrderId=${reference}&voucherId=${voucherId}`)
    ).json();
    expect(view).toMatchObject({ currency: "EUR", fee: 350 });
    const { basketToken }: ExtensionStarted = (
      await start(customer, { productOrderId: reference, voucherId })
    ).json();
    const checkout = await t.call({ method: "GET", url: `/v1/checkout/${basketToken}`, customer });
    expect(checkout.json().orderSummary).toMatchObject({ currency: "EUR", extension: 350 });
  });
});
