import { and, eq } from "@deals/db";
import { outboxEmails } from "@deals/db/schema/accounts";
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
import { GIFT_EMAIL_TEMPLATE } from "../gifts/issue.ts";
import { linesOf } from "../orders/queries.ts";
import { placeOrder } from "../orders/service.ts";
import { completeOrder } from "../orders/settle.ts";
import type { PaymentProviderPort, PaymentProviders } from "./port.ts";
import { RECONCILE_GRACE_MS, reconcilePayments, settleFromProvider } from "./reconcile.ts";
import { sandboxProviders } from "./sandbox.ts";
import { Crash, braintreeWith as gatewayWith } from "./test-gateway.ts";

let t: CommerceTestApp;
let sandbox: PaymentProviders;
beforeAll(async () => {
  t = await startCommerceApp();
  sandbox = sandboxProviders(t.db, () => t.now());
});
afterAll(() => t.close());

/** The sandbox card gateway with one step replaced, to stop a checkout where a crash would. */
const braintreeWith = (step: Partial<PaymentProviderPort>) => gatewayWith(sandbox, step);

function cardCheckout(
  customer: TestCustomer,
  token: string,
  providers: PaymentProviders,
  key = idempotencyKey(),
) {
  return placeOrder(
    { db: t.db, clock: () => t.now(), providers },
    { brand: BRANDS["main-uk"], customer },
    token,
    {
      useWallet: false,
      address: BILLING,
      payment: {
        method: "credit_card",
        instrumentType: "NEW",
        card: card("4111111111111111"),
        saveInstrument: false,
      },
    },
    key,
  );
}

async function interruptedCheckout(customer: TestCustomer, providers: PaymentProviders) {
  const product = await t.freshProduct({ left: 5 });
  const token = await t.newBasket([product], customer);
  const key = idempotencyKey();
  await expect(cardCheckout(customer, token, providers, key)).rejects.toBeInstanceOf(Crash);
  const [order] = await t.db.select().from(orders).where(eq(orders.customerId, customer.id));
  expect(order!.status).toBe("pending");
  return { order: order!, product, token, key };
}

const later = () => ({
  db: t.db,
  clock: () => new Date(t.now().getTime() + RECONCILE_GRACE_MS + 1),
  providers: sandbox,
});

async function transactionOf(orderId: number) {
  const [row] = await t.db
    .select()
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.reference, `order-${orderId}`));
  return row;
}

/** The card gateway takes the money (a sale), then the process dies before the order is completed. */
const crashAfterCapture = () =>
  braintreeWith({
    authorise: async (request) => {
      await sandbox.BRAINTREE.authorise(request);
      throw new Crash("process died after the capture");
    },
  });

/** The process dies after the order is reserved, before the provider hears of it. */
const crashBeforeAuthorising = () =>
  braintreeWith({
    authorise: async () => {
      throw new Crash("process died before authorising");
    },
  });

describe("reconcilePayments", () => {
  it("completes an order whose payment was captured just before a crash", async () => {
    const customer = await t.createCustomer();
    const { order } = await interruptedCheckout(customer, crashAfterCapture());
    expect((await transactionOf(order.id))!.status).toBe("captured");

    // Within the grace period a checkout may still be running: nothing is touched.
    expect(await reconcilePayments({ db: t.db, clock: () => t.now(), providers: sandbox })).toEqual({
      completed: 0,
      failed: 0,
      voided: 0,
      refunded: 0,
    });
    const report = await reconcilePayments(later());
    expect(report.completed).toBe(1);
    const [settled] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(settled!.status).toBe("paid");
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).toHaveLength(1);
    // A second run finds nothing more to do.
    expect((await reconcilePayments(later())).completed).toBe(0);
  });

  it("sends an e-gift's email once when the payment was captured just before a crash", async () => {
    const customer = await t.createCustomer();
    const recipient = `friend.${idempotencyKey()}@mail.example.co.uk`;
    // Gifting is offered on products with an admin fee (as the e-gift helper's).
    const product = await t.freshProduct({ priceMinor: 3000, adminFeeMinor: 99, left: 5 });
    const token = await t.newBasket([product], customer);
    const gifted = await t.call({
      method: "PATCH",
      url: `/v1/basket/${token}/product/${product.productId}`,
      customer,
      body: { gifting: { type: "e-gift", recipientEmail: recipient, message: "Enjoy!" } },
    });
    expect(gifted.statusCode, gifted.body).toBe(200);
    await expect(cardCheckout(customer, token, crashAfterCapture())).rejects.toBeInstanceOf(Crash);
    const giftEmails = () =>
      t.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.to, recipient), eq(outboxEmails.template, GIFT_EMAIL_TEMPLATE)));
    expect(await giftEmails()).toHaveLength(0);

    expect((await reconcilePayments(later())).completed).toBeGreaterThanOrEqual(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.customerId, customer.id));
    expect(order!.status).toBe("paid");
    const emails = await giftEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toMatch(/mygift\?code=[\w-]+/);
    await reconcilePayments(later());
    expect(await giftEmails()).toHaveLength(1);
  });

  it("a checkout that completes an order a reconciliation run already settled writes nothing more", async () => {
    const customer = await t.createCustomer();
    const { order } = await interruptedCheckout(customer, crashAfterCapture());
    expect((await reconcilePayments(later())).completed).toBe(1);
    const emails = () => t.db.select().from(outboxEmails).where(eq(outboxEmails.userId, customer.id));
    const emailsBefore = (await emails()).length;
    const [issued] = await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id));

    // The checkout's own completion arrives late, with the pending order it placed.
    const late = await completeOrder(
      t.db,
      { order, lines: await linesOf(t.db, order.id) },
      { transactionId: "late", cardType: "Visa" },
      t.now(),
    );
    expect(late.order.status).toBe("paid");
    expect(late.vouchers.map((v) => v.code)).toEqual([issued!.code]);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).toHaveLength(1);
    expect(await emails()).toHaveLength(emailsBefore);
  });

  it("captures and completes an order authorised before a crash", async () => {
    const customer = await t.createCustomer();
    const { order } = await interruptedCheckout(
      customer,
      // A gateway that only authorises: the capture is a second call, and the crash comes first.
      braintreeWith({
        authorise: (request) => sandbox.BRAINTREE.authorise({ ...request, capture: false }),
        capture: async () => {
          throw new Crash("process died before the capture");
        },
      }),
    );
    expect((await transactionOf(order.id))!.status).toBe("authorised");
    await reconcilePayments(later());
    expect((await transactionOf(order.id))!.status).toBe("captured");
    const [settled] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(settled!.status).toBe("paid");
  });

  it("fails an order that never reached the provider, giving its stock back", async () => {
    const customer = await t.createCustomer();
    const { order, product } = await interruptedCheckout(customer, crashBeforeAuthorising());
    expect((await t.productRow(product.productId)).totalBought).toBe(product.totalBought + 1);
    const report = await reconcilePayments(later());
    expect(report.failed).toBe(1);
    const [settled] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(settled).toMatchObject({ status: "failed", failureMessage: "The payment was not completed." });
    expect((await t.productRow(product.productId)).totalBought).toBe(product.totalBought);
  });

  it("refunds money captured for an order that failed", async () => {
    const customer = await t.createCustomer();
    const product = await t.freshProduct();
    const token = await t.newBasket([product], customer);
    // The gateway took the money but answered with an error: the checkout failed the order.
    const providers = braintreeWith({
      authorise: async (request) => {
        await sandbox.BRAINTREE.authorise(request);
        return { status: "declined", message: "Gateway timeout." };
      },
    });
    await cardCheckout(customer, token, providers);
    const [order] = await t.db.select().from(orders).where(eq(orders.customerId, customer.id));
    expect(order!.status).toBe("failed");
    expect((await transactionOf(order!.id))!.status).toBe("captured");
    const report = await reconcilePayments(later());
    expect(report.refunded).toBeGreaterThanOrEqual(1);
    expect((await transactionOf(order!.id))!.status).toBe("refunded");
  });

  it("a gateway that only authorises is asked to capture, and the order is paid", async () => {
    const customer = await t.createCustomer();
    const product = await t.freshProduct();
    const token = await t.newBasket([product], customer);
    const providers = braintreeWith({
      authorise: (request) => sandbox.BRAINTREE.authorise({ ...request, capture: false }),
    });
    const placed = await cardCheckout(customer, token, providers);
    expect(placed.created && placed.settled.order.status).toBe("paid");
    const [order] = await t.db.select().from(orders).where(eq(orders.customerId, customer.id));
    expect((await transactionOf(order!.id))!.status).toBe("captured");
  });
});

describe("a retry with the same idempotency key", () => {
  const statusOf = async (orderId: number) =>
    (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;

  it("completes at once an order whose payment was captured just before a crash", async () => {
    const customer = await t.createCustomer();
    const { order, token, key } = await interruptedCheckout(customer, crashAfterCapture());
    const retry = await cardCheckout(customer, token, sandbox, key);
    expect(retry).toEqual({ created: false, orderId: order.id });
    expect(await statusOf(order.id)).toBe("paid");
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).toHaveLength(1);
    expect((await transactionOf(order.id))!.status).toBe("captured");
  });

  it("captures and completes an order authorised before a crash", async () => {
    const customer = await t.createCustomer();
    const { order, token, key } = await interruptedCheckout(
      customer,
      braintreeWith({
        authorise: (request) => sandbox.BRAINTREE.authorise({ ...request, capture: false }),
        capture: async () => {
          throw new Crash("process died before the capture");
        },
      }),
    );
    await cardCheckout(customer, token, sandbox, key);
    expect(await statusOf(order.id)).toBe("paid");
    expect((await transactionOf(order.id))!.status).toBe("captured");
  });

  it("pays, once, an order that never reached the provider", async () => {
    const customer = await t.createCustomer();
    const { order, token, key, product } = await interruptedCheckout(customer, crashBeforeAuthorising());
    expect(await transactionOf(order.id)).toBeUndefined();
    // A double click: two retries at once, one charge.
    await Promise.all([
      cardCheckout(customer, token, sandbox, key),
      cardCheckout(customer, token, sandbox, key),
    ]);
    expect(await statusOf(order.id)).toBe("paid");
    const charged = await t.db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, `order-${order.id}`));
    expect(charged.map((c) => c.status)).toEqual(["captured"]);
    expect((await t.productRow(product.productId)).totalBought).toBe(product.totalBought + 1);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id))).toHaveLength(1);
  });

  it("fails an order the provider declined before a crash, giving its stock back", async () => {
    const customer = await t.createCustomer();
    const { order, token, key, product } = await interruptedCheckout(
      customer,
      braintreeWith({
        authorise: async (request) => {
          await sandbox.BRAINTREE.authorise({
            ...request,
            source: { ...request.source, number: "4000000000000002" } as never,
          });
          throw new Crash("process died after the decline");
        },
      }),
    );
    await cardCheckout(customer, token, sandbox, key);
    expect(await statusOf(order.id)).toBe("failed");
    expect((await t.productRow(product.productId)).totalBought).toBe(product.totalBought);
  });

  it("refunds at once money captured for an order reconciliation failed meanwhile", async () => {
    const customer = await t.createCustomer();
    const product = await t.freshProduct();
    const token = await t.newBasket([product], customer);
    // The gateway answers only after the grace: reconciliation has failed the order by then.
    const providers = braintreeWith({
      authorise: async (request) => {
        await reconcilePayments(later());
        return sandbox.BRAINTREE.authorise(request);
      },
    });
    const placed = await cardCheckout(customer, token, providers);
    expect(placed.created && placed.settled.order.status).toBe("failed");
    const [order] = await t.db.select().from(orders).where(eq(orders.customerId, customer.id));
    expect((await transactionOf(order!.id))!.status).toBe("refunded");
  });

  it("with no payment details, leaves an order the provider has not seen pending until the grace is over", async () => {
    const customer = await t.createCustomer();
    const { order } = await interruptedCheckout(customer, crashBeforeAuthorising());
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(
      await settleFromProvider({ db: t.db, providers: sandbox }, row!, t.now(), { failUnknown: false }),
    ).toBe("pending");
    expect(await statusOf(order.id)).toBe("pending");
    expect(
      await settleFromProvider({ db: t.db, providers: sandbox }, row!, t.now(), { failUnknown: true }),
    ).toBe("failed");
    expect(await statusOf(order.id)).toBe("failed");
  });
});
