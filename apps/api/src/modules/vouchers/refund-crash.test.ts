/**
 * A refund to the card stopped where a crash would stop it (docs/reliability.md "Crash during
 * refunds and gift-card redemption"): after the refund was recorded and before the provider
 * heard of it, or after the provider refunded and before the refund was marked done (also as
 * the gateway answering an error after refunding). The shopper's retry with the same
 * key (or the merchant's repeated call) settles it at once, reconciliation settles one nobody
 * repeats after its grace, and either way the money goes back exactly once.
 */
import { and, eq } from "@deals/db";
import { outboxEmails } from "@deals/db/schema/accounts";
import { sandboxRefunds, voucherRefunds } from "@deals/db/schema/after-purchase";
import { deals } from "@deals/db/schema/catalogue";
import { vouchers } from "@deals/db/schema/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CommerceTestApp,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
} from "../checkout/test-support.ts";
import { receiveReturn } from "../merchant-fulfilment/service.ts";
import type { PaymentProviders } from "../payments/port.ts";
import { RECONCILE_GRACE_MS } from "../payments/reconcile.ts";
import { sandboxProviders } from "../payments/sandbox.ts";
import { sandboxFaultPlan } from "../payments/sandbox-faults.ts";
import { braintreeWith, Crash } from "../payments/test-gateway.ts";
import { settlePendingRefunds } from "./pending-refunds.ts";
import { capturedPaymentOf } from "./queries.ts";
import { refundVoucher } from "./refund.ts";
import { REFUND_CONFIRMATION_TEMPLATE } from "./refund-email.ts";

let t: CommerceTestApp;
let sandbox: PaymentProviders;
beforeAll(async () => {
  t = await startCommerceApp();
  sandbox = sandboxProviders(t.db, () => t.now(), null);
});
afterAll(() => t.close());

const toCard = { reason: "I could not get a booking", destination: "original" as const, confirmed: true };

/** The process dies after recording the refund, before the provider hears of it. */
const crashBeforeProvider = () =>
  braintreeWith(sandbox, {
    refundAmount: async () => {
      throw new Crash("process died before asking the provider");
    },
  });

/** The provider refunds, then the process dies before the refund is marked done. */
const crashAfterProvider = () =>
  braintreeWith(sandbox, {
    refundAmount: async (request) => {
      await sandbox.BRAINTREE.refundAmount(request);
      throw new Crash("process died after the provider refunded");
    },
  });

/** The gateway makes the refund, then answers with an error (the shopper is asked to try again). */
const gatewayErrorAfterRefund = () =>
  sandboxProviders(t.db, () => t.now(), sandboxFaultPlan({ SANDBOX_PAYMENT_FAULTS: "fail-after-capture=1" }));

const CRASH_POINTS = [
  ["before the provider call", crashBeforeProvider],
  ["after the provider refunded", crashAfterProvider],
  ["by a gateway error after it refunded", gatewayErrorAfterRefund],
] as const;

/** A customer's paid card order of one item worth 30.00: its voucher. */
async function bought(customer: TestCustomer, dealType: "voucher" | "product" = "voucher") {
  const product = await t.freshProduct({ priceMinor: 3000, adminFeeMinor: 0 }, { dealType });
  await t.payByCard(await t.newBasket([product], customer, 1), customer);
  const [voucher] = await t.db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(eq(vouchers.customerId, customer.id), eq(vouchers.dealId, product.dealId)));
  return { voucherId: voucher!.id, dealId: product.dealId };
}

const deps = (providers: PaymentProviders, later = false) => ({
  db: t.db,
  clock: () => new Date(t.now().getTime() + (later ? RECONCILE_GRACE_MS + 1 : 0)),
  providers,
});

/** A self-serve refund to the card that a crash cut short: recorded, still pending. */
async function interruptedRefund(customer: TestCustomer, providers: PaymentProviders) {
  const { voucherId } = await bought(customer);
  const key = idempotencyKey();
  await expect(refundVoucher(deps(providers), customer.id, voucherId, toCard, key)).rejects.toThrow(
    /process died|answered with an error/,
  );
  expect(await refundOf(voucherId)).toMatchObject({ status: "pending", originalMinor: 3000 });
  return { voucherId, key };
}

async function refundOf(voucherId: number) {
  const [row] = await t.db.select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucherId));
  return row!;
}

/** What the provider refunded under the refund's reference, and the shopper was emailed. */
async function moneyBack(customer: TestCustomer, voucherId: number) {
  const refund = await refundOf(voucherId);
  const atProvider = await t.db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.reference, `refund-${refund.id}`));
  const emails = await t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, customer.email), eq(outboxEmails.template, REFUND_CONFIRMATION_TEMPLATE)));
  const [voucher] = await t.db.select().from(vouchers).where(eq(vouchers.id, voucherId));
  return {
    status: refund.status,
    voucher: voucher!.status,
    provider: atProvider.map((r) => ({ id: r.id, amount: r.amountMinor })),
    recorded: refund.providerRefundId,
    emails: emails.length,
  };
}

function retry(customer: TestCustomer, voucherId: number, key: string) {
  return t.call({
    method: "POST",
    url: `/v1/voucher/${voucherId}/refund`,
    customer,
    headers: { "idempotency-key": key },
    body: toCard,
  });
}

function expectRefundedOnce(back: Awaited<ReturnType<typeof moneyBack>>) {
  expect(back).toMatchObject({ status: "completed", voucher: "Refunded", emails: 1 });
  expect(back.provider).toEqual([{ id: back.recorded, amount: 3000 }]);
}

describe.each(CRASH_POINTS)("a self-serve card refund interrupted %s", (_, crash) => {
  it("is settled at once by the shopper's retry with the same key", async () => {
    const customer = await t.createCustomer();
    const { voucherId, key } = await interruptedRefund(customer, crash());
    const retried = await retry(customer, voucherId, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().voucher.status).toBe("Refunded");
    expect(retried.json().refund).toMatchObject({ originalAmount: 3000, walletAmount: 0 });
    expectRefundedOnce(await moneyBack(customer, voucherId));
    // Nothing is left for reconciliation.
    expect((await settlePendingRefunds(deps(sandbox, true))).completed).toBe(0);
  });

  it("is settled by reconciliation after its grace when nobody retries", async () => {
    const customer = await t.createCustomer();
    const { voucherId, key } = await interruptedRefund(customer, crash());
    // Within the grace the refund may still be running: nothing is touched.
    expect(await settlePendingRefunds(deps(sandbox))).toMatchObject({ completed: 0, unsettled: 0 });
    expect((await refundOf(voucherId)).status).toBe("pending");
    expect(await settlePendingRefunds(deps(sandbox, true))).toMatchObject({ completed: 1, unsettled: 0 });
    expectRefundedOnce(await moneyBack(customer, voucherId));
    expect((await settlePendingRefunds(deps(sandbox, true))).completed).toBe(0);
    // A retry after that answers the refund, and refunds nothing more.
    const late = await retry(customer, voucherId, key);
    expect(late.statusCode, late.body).toBe(200);
    expectRefundedOnce(await moneyBack(customer, voucherId));
  });

  it("gives the money back once when retries and reconciliation run at the same moment", async () => {
    const customer = await t.createCustomer();
    const { voucherId, key } = await interruptedRefund(customer, crash());
    const [answers] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => retry(customer, voucherId, key))),
      settlePendingRefunds(deps(sandbox, true)),
      settlePendingRefunds(deps(sandbox, true)),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().refund.originalAmount).toBe(3000);
    }
    expectRefundedOnce(await moneyBack(customer, voucherId));
  });
});

describe("the sandbox gateway's refund", () => {
  it("answers concurrent calls of one reference with one refund, never refusing the repeat", async () => {
    const customer = await t.createCustomer();
    const { voucherId } = await interruptedRefund(customer, crashBeforeProvider());
    const refund = await refundOf(voucherId);
    const payment = await capturedPaymentOf(t.db, refund.orderId);
    const request = {
      transactionId: payment!.transactionId!,
      reference: `refund-${refund.id}`,
      amountMinor: 3000,
      currency: "GBP" as const,
    };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => sandbox.BRAINTREE.refundAmount(request)),
    );
    expect(new Set(answers.map((a) => a.refundId)).size).toBe(1);
    // Another reference for money already given back is refused: never more than was paid.
    await expect(
      sandbox.BRAINTREE.refundAmount({ ...request, reference: `${request.reference}-again` }),
    ).rejects.toThrow(/refused/);
    expect((await settlePendingRefunds(deps(sandbox, true))).completed).toBe(1);
    expectRefundedOnce(await moneyBack(customer, voucherId));
  });
});

describe.each(CRASH_POINTS)("a merchant's received return interrupted %s", (_, crash) => {
  async function inTransit(customer: TestCustomer) {
    const { voucherId, dealId } = await bought(customer, "product");
    const [deal] = await t.db
      .select({ merchantId: deals.merchantId })
      .from(deals)
      .where(eq(deals.id, dealId));
    const asked = await t.call({
      method: "POST",
      url: "/v1/create-return-order",
      customer,
      body: { voucherId, reason: "I no longer need it" },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const sent = await t.call({ method: "POST", url: `/v1/voucher/${voucherId}/return-sent`, customer });
    expect(sent.statusCode, sent.body).toBe(200);
    await expect(receiveReturn(deps(crash()), deal!.merchantId, { id: voucherId })).rejects.toThrow(
      /process died|answered with an error/,
    );
    expect(await refundOf(voucherId)).toMatchObject({ status: "pending", originalMinor: 3000 });
    return { voucherId, merchantId: deal!.merchantId };
  }

  it("is settled by the merchant's repeated call", async () => {
    const customer = await t.createCustomer();
    const { voucherId, merchantId } = await inTransit(customer);
    const answers = await Promise.all([
      receiveReturn(deps(sandbox), merchantId, { id: voucherId }),
      receiveReturn(deps(sandbox), merchantId, { id: voucherId }),
    ]);
    expect(answers.map((a) => a.status)).toContain("Refunded");
    expectRefundedOnce(await moneyBack(customer, voucherId));
    expect((await settlePendingRefunds(deps(sandbox, true))).completed).toBe(0);
  });

  it("is settled by reconciliation when nobody repeats it", async () => {
    const customer = await t.createCustomer();
    const { voucherId } = await inTransit(customer);
    expect((await settlePendingRefunds(deps(sandbox, true))).completed).toBe(1);
    expectRefundedOnce(await moneyBack(customer, voucherId));
  });
});
