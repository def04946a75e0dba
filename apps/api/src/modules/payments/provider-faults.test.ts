/**
 * The payment gateway fails (docs/reliability.md "The payment provider fails"): it times out
 * or answers with an error after taking the money, or cannot be reached. The shopper gets
 * services.md §8's "try again later" (503), nothing is lost, and their retry with the same
 * idempotency key, or reconciliation after its grace, settles the order: money taken is one
 * paid order, money not taken is no order and the stock back on sale.
 */
import { eq } from "@deals/db";
import { orders, sandboxTransactions, vouchers } from "@deals/db/schema/commerce";
import { BRANDS } from "@deals/domain/brand";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING,
  type CommerceTestApp,
  card,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
} from "../checkout/test-support.ts";
import { paymentReference } from "../orders/queries.ts";
import { placeOrder } from "../orders/service.ts";
import { ProviderUnavailableError } from "./port.ts";
import { RECONCILE_GRACE_MS, reconcilePayments } from "./reconcile.ts";
import { sandboxProviders } from "./sandbox.ts";
import { SANDBOX_FAULT_CARDS, sandboxFaultPlan } from "./sandbox-faults.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

const TRY_AGAIN = {
  error: { code: "SERVICE_UNAVAILABLE", message: "An error occurred. Please try again later." },
};

const healthy = () => sandboxProviders(t.db, () => t.now(), null);

const payWith = (customer: TestCustomer, token: string, key: string, number: string) =>
  t.call({
    method: "POST",
    url: `/v1/checkout/${token}`,
    customer,
    headers: { "idempotency-key": key },
    body: { address: BILLING, payment: { method: "credit_card", card: card(number) } },
  });

async function orderOf(customer: TestCustomer) {
  const rows = await t.db.select().from(orders).where(eq(orders.customerId, customer.id));
  expect(rows).toHaveLength(1);
  const order = rows[0]!;
  const charges = await t.db
    .select()
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.reference, paymentReference(order.id)));
  const issued = await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id));
  return { order, charges, issued };
}

describe("the payment gateway fails", () => {
  it("times out after taking the money: try again later, and the retry answers the paid order, charged once", async () => {
    const customer = await t.createCustomer();
    const product = await t.freshProduct({ left: 5 });
    const token = await t.newBasket([product], customer);
    const key = idempotencyKey();

    const first = await payWith(customer, token, key, SANDBOX_FAULT_CARDS.timeout);
    expect(first.statusCode).toBe(503);
    expect(first.json()).toEqual(TRY_AGAIN);
    expect(first.headers["retry-after"]).toBe("1");
    const during = await orderOf(customer);
    expect(during.order.status).toBe("pending");
    expect(during.charges.map((c) => c.status)).toEqual(["captured"]);

    const retry = await payWith(customer, token, key, SANDBOX_FAULT_CARDS.timeout);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ status: "paid", productOrder: { id: during.order.id } });
    expect(retry.json().vouchers).toHaveLength(1);
    const after = await orderOf(customer);
    expect(after.charges.map((c) => c.status)).toEqual(["captured"]);
    expect(after.issued).toHaveLength(1);
    expect((await t.productRow(product.productId)).totalBought).toBe(product.totalBought + 1);
  });

  it("fails after taking the money and nobody retries: reconciliation after its grace completes the order", async () => {
    const customer = await t.createCustomer();
    const product = await t.freshProduct({ left: 5 });
    const token = await t.newBasket([product], customer);

    const first = await payWith(customer, token, idempotencyKey(), SANDBOX_FAULT_CARDS.failAfterCapture);
    expect(first.statusCode).toBe(503);
    expect(first.json()).toEqual(TRY_AGAIN);
    const { order } = await orderOf(customer);
    expect(order.status).toBe("pending");

    t.advance(RECONCILE_GRACE_MS + 1_000);
    const report = await reconcilePayments({ db: t.db, clock: () => t.now(), providers: healthy() });
    expect(report).toMatchObject({ completed: 1, failed: 0, refunded: 0 });
    const shown = await t.call({ method: "GET", url: `/v1/order/${order.id}`, customer });
    expect(shown.json()).toMatchObject({ status: "paid", payment: "successful" });
    expect(shown.json().vouchers).toHaveLength(1);
    const after = await orderOf(customer);
    expect(after.charges.map((c) => c.status)).toEqual(["captured"]);
    expect((await t.productRow(product.productId)).totalBought).toBe(product.totalBought + 1);
  });

  it("cannot be reached: nothing is taken; reconciliation fails the order and puts the stock back, and a late retry is not charged", async () => {
    const customer = await t.createCustomer();
    const product = await t.freshProduct({ left: 1 });
    const token = await t.newBasket([product], customer);
    const key = idempotencyKey();
    const body = {
      useWallet: false,
      address: BILLING,
      payment: {
        method: "credit_card" as const,
        instrumentType: "NEW" as const,
        card: card("4111111111111111"),
        saveInstrument: false,
      },
    };
    const checkout = (providers: ReturnType<typeof healthy>) =>
      placeOrder(
        { db: t.db, clock: () => t.now(), providers },
        { brand: BRANDS["main-uk"], customer },
        token,
        body,
        key,
      );
    const unreachable = sandboxProviders(
      t.db,
      () => t.now(),
      sandboxFaultPlan({ SANDBOX_PAYMENT_FAULTS: "unreachable=1" }),
    );

    await expect(checkout(unreachable)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect((await orderOf(customer)).order.status).toBe("pending");
    expect((await orderOf(customer)).charges).toEqual([]);
    expect((await t.productRow(product.productId)).totalBought).toBe(product.totalBought + 1);

    t.advance(RECONCILE_GRACE_MS + 1_000);
    const report = await reconcilePayments({ db: t.db, clock: () => t.now(), providers: healthy() });
    expect(report).toMatchObject({ completed: 0, failed: 1 });
    expect((await t.productRow(product.productId)).totalBought).toBe(product.totalBought);

    await checkout(healthy());
    const after = await orderOf(customer);
    expect(after.order.status).toBe("failed");
    expect(after.charges).toEqual([]);
    expect(after.issued).toEqual([]);
  });

  it("is told to fail only outside production", () => {
    expect(
      sandboxFaultPlan({ NODE_ENV: "production", SANDBOX_PAYMENT_FAULTS: "timeout=1,unreachable=1" }),
    ).toBeNull();
    const plan = sandboxFaultPlan({ SANDBOX_PAYMENT_FAULTS: "unreachable=0.5,timeout=0.5" })!;
    const request = {
      reference: "order-1",
      amountMinor: 100,
      currency: "GBP" as const,
      method: "credit_card" as const,
      source: {
        kind: "card" as const,
        number: "4111111111111111",
        expiry: "12/30",
        securityCode: "123",
        vault: false,
      },
    };
    const faults = new Set(Array.from({ length: 200 }, () => plan.faultFor(request)));
    expect(faults).toEqual(new Set(["unreachable", "timeout"]));
    expect(sandboxFaultPlan({})!.faultFor(request)).toBeUndefined();
  });

  it("pays a fault card as any other card in production", async () => {
    const providers = sandboxProviders(t.db, () => t.now(), sandboxFaultPlan({ NODE_ENV: "production" }));
    const result = await providers.BRAINTREE.authorise({
      reference: `order-fault-card-${idempotencyKey()}`,
      amountMinor: 100,
      currency: "GBP",
      method: "credit_card",
      source: {
        kind: "card",
        number: SANDBOX_FAULT_CARDS.timeout,
        expiry: "12/30",
        securityCode: "123",
        vault: false,
      },
      capture: true,
    });
    expect(result).toMatchObject({ status: "authorised", captured: true });
  });
});
