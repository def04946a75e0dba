import { and, asc, eq, ne } from "@deals/db";
import { outboxEmails } from "@deals/db/schema/accounts";
import { sandboxRefunds, voucherEvents, voucherRefunds } from "@deals/db/schema/after-purchase";
import { deals, merchants } from "@deals/db/schema/catalogue";
import { vouchers } from "@deals/db/schema/commerce";
import { RECEIVE_RETURN_MESSAGES } from "@deals/domain/voucher";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING,
  type CommerceTestApp,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
} from "../checkout/test-support.ts";
import type { OrderConfirmation } from "../orders/schemas.ts";
import type { Voucher, VoucherList } from "../vouchers/schemas.ts";

let t: CommerceTestApp;
const KEY = "merchant-key-0123456789-own";
const OTHER_KEY = "merchant-key-0123456789-other";
let merchantOf: (dealId: number) => Promise<number>;
let otherMerchant: number;

beforeAll(async () => {
  t = await startCommerceApp();
  merchantOf = async (dealId) => {
    const [deal] = await t.db
      .select({ merchantId: deals.merchantId })
      .from(deals)
      .where(eq(deals.id, dealId));
    return deal!.merchantId;
  };
});
afterAll(() => t.close());

/** A new shop product and its merchant; another merchant noted for its key. */
async function shopProduct() {
  const product = await t.freshProduct({ priceMinor: 3000, adminFeeMinor: 0 }, { dealType: "product" });
  const merchantId = await merchantOf(product.dealId);
  const [other] = await t.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(ne(merchants.id, merchantId))
    .limit(1);
  otherMerchant = other!.id;
  return { product, merchantId };
}

/** A shop item bought by card; its merchant's key configured, with one for another merchant. */
async function shopItem(customer: TestCustomer) {
  const { product, merchantId } = await shopProduct();
  const paid = await t.payByCard(await t.newBasket([product], customer, 1), customer);
  const order: OrderConfirmation = paid.json();
  const list: VoucherList = (await t.call({ method: "GET", url: "/v1/voucher", customer })).json();
  const voucher = list.vouchers.find((v) => v.code === order.vouchers[0]!.code)!;
  return { voucherId: voucher.id, merchantId };
}

/** A shop item a guest bought at the express checkout with Google Pay. */
async function guestShopItem(email: string) {
  const { product, merchantId } = await shopProduct();
  const paid = await t.call({
    method: "POST",
    url: `/v1/checkout/${await t.newBasket([product])}`,
    headers: { "idempotency-key": idempotencyKey() },
    body: {
      address: BILLING,
      expressBuyToken: await t.expressBuyToken(email),
      payment: { method: "google_pay", walletToken: "fake-google-pay-nonce" },
    },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const order: OrderConfirmation = paid.json();
  const [voucher] = await t.db
    .select({ id: vouchers.id, code: vouchers.code })
    .from(vouchers)
    .where(eq(vouchers.code, order.vouchers[0]!.code));
  return { voucherId: voucher!.id, code: voucher!.code, merchantId };
}

/** The keys are read when the app starts: a second app on the same database holds these. */
let app: CommerceTestApp;
async function merchantApp(merchantId: number) {
  process.env.MERCHANT_API_KEYS = `${merchantId}:${KEY},${otherMerchant}:${OTHER_KEY}`;
  try {
    app = await startCommerceApp({ database: t.database });
  } finally {
    delete process.env.MERCHANT_API_KEYS;
  }
}

const merchantCall = (path: string, body?: object, key = KEY) =>
  app.call({
    method: "POST",
    url: `/v1/merchant/voucher/${path}`,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    ...(body ? { body } : {}),
  });

/**
 * The merchant records the £30 item received twice at the same moment: both calls answer, the
 * one that received it refunds (the other answers the voucher as it then stood), and one refund
 * of £30 reaches the payment provider.
 */
async function receivedTwiceRefundedOnce(voucherId: number) {
  const answers = await Promise.all([
    merchantCall(`${voucherId}/return-received`),
    merchantCall(`${voucherId}/return-received`),
  ]);
  expect(
    answers.map((a) => a.statusCode),
    answers.map((a) => a.body).join(),
  ).toEqual([200, 200]);
  expect(answers.map((a) => a.json().status)).toContain("Refunded");
  for (const a of answers) expect(["Returned to the Merchant", "Refunded"]).toContain(a.json().status);
  const refunds = await t.db.select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucherId));
  expect(refunds).toHaveLength(1);
  expect(refunds[0]).toMatchObject({ originalMinor: 3000, walletMinor: 0, status: "completed" });
  const recorded = await t.db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.id, refunds[0]!.providerRefundId!));
  expect(recorded.map((r) => r.amountMinor)).toEqual([3000]);
}

async function shopperView(customer: TestCustomer, voucherId: number): Promise<Voucher> {
  const list: VoucherList = (await t.call({ method: "GET", url: "/v1/voucher", customer })).json();
  return list.vouchers.find((v) => v.id === voucherId)!;
}

describe("merchant fulfilment", () => {
  it("dispatches and delivers its own shop item, each step in the shopper's timeline", async () => {
    const customer = await t.createCustomer();
    const { voucherId, merchantId } = await shopItem(customer);
    await merchantApp(merchantId);
    try {
      expect(
        (await merchantCall(`${voucherId}/dispatch`, { courier: "Royal Mail", trackingNumber: "RM1" }, ""))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await merchantCall(
            `${voucherId}/dispatch`,
            { courier: "Royal Mail", trackingNumber: "RM1" },
            "wrong-key-0123456789",
          )
        ).statusCode,
      ).toBe(401);
      const foreign = await merchantCall(
        `${voucherId}/dispatch`,
        { courier: "Royal Mail", trackingNumber: "RM1" },
        OTHER_KEY,
      );
      expect(foreign.statusCode).toBe(404);
      const early = await merchantCall(`${voucherId}/delivered`);
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe("Only a dispatched item can be marked delivered");
      const noCourier = await merchantCall(`${voucherId}/dispatch`, { courier: " ", trackingNumber: "RM1" });
      expect(noCourier.statusCode).toBe(400);

      const sent = await merchantCall(`${voucherId}/dispatch`, {
        courier: "Royal Mail",
        trackingNumber: "RM123456789GB",
        deliveryEstimate: "2026-12-01T12:00:00Z",
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().fulfilment).toMatchObject({ status: "Dispatched", courier: "Royal Mail" });
      let seen = await shopperView(customer, voucherId);
      // The merchant did not allow it: the shopper sees the courier, not the tracking number.
      expect(seen.fulfilment).toMatchObject({
        status: "Dispatched",
        courier: "Royal Mail",
        trackingNumber: null,
      });
      expect(JSON.stringify(seen.timeline)).not.toContain("RM123456789GB");
      expect(
        (await merchantCall(`${voucherId}/dispatch`, { courier: "DPD", trackingNumber: "X" })).statusCode,
      ).toBe(409);

      const delivered = await merchantCall(`${voucherId}/delivered`);
      expect(delivered.statusCode, delivered.body).toBe(200);
      seen = await shopperView(customer, voucherId);
      expect(seen.fulfilment?.status).toBe("Delivered");
      expect(seen.timeline.map((s) => s.status)).toEqual(["Dispatched", "Delivered"]);
      expect(seen.timeline[0]!.note).toBe("Sent with Royal Mail, expected by 2026-12-01");
      // A shopper with an account asks for the return online before the merchant receives it.
      const unannounced = await merchantCall(`${voucherId}/return-received`);
      expect(unannounced.statusCode).toBe(409);
      expect(unannounced.json().error.message).toBe(RECEIVE_RETURN_MESSAGES.notInTransit);
    } finally {
      await app.app.close();
    }
  });

  it("shows the tracking number when the merchant allows it", async () => {
    const customer = await t.createCustomer();
    const { voucherId, merchantId } = await shopItem(customer);
    await merchantApp(merchantId);
    try {
      const sent = await merchantCall(`${voucherId}/dispatch`, {
        courier: "DPD",
        trackingNumber: "DPD42",
        showTrackingToCustomer: true,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const seen = await shopperView(customer, voucherId);
      expect(seen.fulfilment?.trackingNumber).toBe("DPD42");
      expect(seen.timeline[0]!.note).toBe("Sent with DPD, tracking number DPD42");
    } finally {
      await app.app.close();
    }
  });

  it("receives a return once: Returned to the Merchant, then Refunded, one refund for two calls at once", async () => {
    const customer = await t.createCustomer();
    const { voucherId, merchantId } = await shopItem(customer);
    await merchantApp(merchantId);
    try {
      const notYet = await merchantCall(`${voucherId}/return-received`);
      expect(notYet.statusCode).toBe(409);
      expect(notYet.json().error.message).toBe(
        "Only a return the shopper has posted back (Return in Transit) can be received",
      );
      const asked = await t.call({
        method: "POST",
        url: "/v1/create-return-order",
        customer,
        body: { voucherId, reason: "I no longer need it" },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect((await merchantCall(`${voucherId}/return-received`)).statusCode).toBe(409);
      await t.call({ method: "POST", url: `/v1/voucher/${voucherId}/return-sent`, customer });
      expect((await merchantCall(`${voucherId}/return-received`, undefined, OTHER_KEY)).statusCode).toBe(404);

      await receivedTwiceRefundedOnce(voucherId);

      const seen = await shopperView(customer, voucherId);
      expect(seen.status).toBe("Refunded");
      expect(seen.timeline.map((s) => s.status)).toEqual([
        "Return Requested",
        "Return in Transit",
        "Returned to the Merchant",
        "Refunded",
      ]);
      expect(seen.timeline[3]!.note).toBe("£30 to your original payment method");
      // A repeat changes nothing.
      expect((await merchantCall(`${voucherId}/return-received`)).json().status).toBe("Refunded");
      expect(
        await t.db.select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucherId)),
      ).toHaveLength(1);
    } finally {
      await app.app.close();
    }
  });

  it("refunds a guest's item received back, which they could not ask to return online, once, to the payment they used", async () => {
    const email = `guest.return.${idempotencyKey()}@mail.example.co.uk`;
    const { voucherId, code, merchantId } = await guestShopItem(email);
    await merchantApp(merchantId);
    try {
      const unsent = await merchantCall(`${voucherId}/return-received`);
      expect(unsent.statusCode).toBe(409);
      expect(unsent.json().error.message).toBe(RECEIVE_RETURN_MESSAGES.notSent);
      expect(
        (await merchantCall("not-a-voucher/dispatch", { courier: "An Post", trackingNumber: "AP1" }))
          .statusCode,
      ).toBe(400);
      // The merchant may name the voucher by the code on it, as the guest has it.
      const sent = await merchantCall(`${code.toLowerCase()}/dispatch`, {
        courier: "An Post",
        trackingNumber: "AP1",
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ id: voucherId, code });
      expect((await merchantCall(`${voucherId}/delivered`)).statusCode).toBe(200);
      expect((await merchantCall(`${voucherId}/return-received`, undefined, OTHER_KEY)).statusCode).toBe(404);

      await receivedTwiceRefundedOnce(voucherId);
      const timeline = await t.db
        .select({ status: voucherEvents.status, note: voucherEvents.note })
        .from(voucherEvents)
        .where(eq(voucherEvents.voucherId, voucherId))
        .orderBy(asc(voucherEvents.id));
      expect(timeline).toEqual([
        { status: "Dispatched", note: "Sent with An Post" },
        { status: "Delivered", note: null },
        { status: "Returned to the Merchant", note: null },
        { status: "Refunded", note: "£30 to your original payment method" },
      ]);
      const told = await t.db
        .select({ subject: outboxEmails.subject })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.to, email), eq(outboxEmails.template, "refund-confirmation")));
      expect(told).toHaveLength(1);

      const again = await merchantCall(`${voucherId}/return-received`);
      expect(again.statusCode).toBe(200);
      expect(again.json().status).toBe("Refunded");
      expect(
        await t.db.select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucherId)),
      ).toHaveLength(1);
    } finally {
      await app.app.close();
    }
  });
});
