import { and, eq, inArray } from "@deals/db";
import { outboxEmails } from "@deals/db/schema/accounts";
import { sandboxRefunds, voucherRefunds } from "@deals/db/schema/after-purchase";
import { payments, vouchers, walletEntries } from "@deals/db/schema/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText, readQrFromPdf } from "../../../../../tests/support/pdf-qr.ts";
import {
  type CommerceTestApp,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
} from "../checkout/test-support.ts";
import type { OrderConfirmation } from "../orders/schemas.ts";
import { REFUND_CONFIRMATION_TEMPLATE } from "./refund-email.ts";
import { EXPIRY_REMINDER_TEMPLATE, sendExpiryReminders } from "./reminders.ts";
import type { PrintableVoucher, RefundResult, Voucher, VoucherList } from "./schemas.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** A customer's paid order of `quantity` vouchers, by card, with voucher protection if asked. */
async function buy(
  customer: TestCustomer,
  options: {
    quantity?: number;
    protect?: boolean;
    priceMinor?: number;
    walletMinor?: number;
    dealType?: "voucher" | "product";
  } = {},
) {
  const product = await t.freshProduct(
    { priceMinor: options.priceMinor ?? 3000, adminFeeMinor: 0 },
    { dealType: options.dealType ?? "voucher" },
  );
  const token = await t.newBasket([product], customer, options.quantity ?? 1);
  if (options.protect) {
    const added = await t.call({
      method: "POST",
      url: `/v1/basket/${token}/addon`,
      customer,
      body: { addonType: "DVP", quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  if (options.walletMinor) await t.creditWallet(customer, "refundable", options.walletMinor);
  const paid = await t.payByCard(token, customer, { useWallet: Boolean(options.walletMinor) });
  const order: OrderConfirmation = paid.json();
  const list = await myVouchers(customer);
  const ids = list.vouchers.filter((v) => order.vouchers.some((o) => o.code === v.code)).map((v) => v.id);
  return { order, product, voucherIds: ids.sort((a, b) => a - b) };
}

async function myVouchers(customer: TestCustomer, query = ""): Promise<VoucherList> {
  const response = await t.call({ method: "GET", url: `/v1/voucher${query}`, customer });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function refund(customer: TestCustomer, voucherId: number, body: object, key = idempotencyKey()) {
  return t.call({
    method: "POST",
    url: `/v1/voucher/${voucherId}/refund`,
    customer,
    headers: { "idempotency-key": key },
    body,
  });
}

const toWallet = { reason: "I no longer need it", destination: "wallet", confirmed: true };
const toCard = { reason: "I could not get a booking", destination: "original", confirmed: true };

async function walletBalance(customer: TestCustomer) {
  const response = await t.call({ method: "GET", url: "/v1/user/wallet", customer });
  return response.json() as { currency: string; refundableBalance: number }[];
}

async function transactionsOf(orderIds: number[]) {
  const rows = await t.db.select().from(payments).where(inArray(payments.orderId, orderIds));
  return rows.map((r) => r.transactionId!);
}

describe("my vouchers", () => {
  it("names each voucher by its deal and merchant, with an order reference that is not the order's id", async () => {
    const customer = await t.createCustomer();
    const { order } = await buy(customer, { quantity: 2, protect: true });
    expect(order.productOrder.reference).toMatch(/^[0-9A-F]{16}$/);
    const list = await myVouchers(customer);
    expect(list).toMatchObject({ count: 2, page: 0, pageSize: 10, status: null });
    for (const voucher of list.vouchers) {
      expect(voucher.orderReference).toBe(order.productOrder.reference);
      expect(voucher.orderReference).not.toBe(String(order.productOrder.id));
      expect(voucher.merchantName.length).toBeGreaterThan(0);
      expect(voucher.dealHeadline.length).toBeGreaterThan(0);
      expect(voucher).toMatchObject({
        status: "Ready to Redeem",
        protected: true,
        banner: "Available",
        fulfilment: null,
        canMarkUsed: true,
        refund: { available: true, reason: null },
        timeline: [],
      });
    }
  });

  it("filters by status, newest first, and refuses a status that does not exist", async () => {
    const customer = await t.createCustomer();
    const first = await buy(customer);
    t.advance(60_000);
    const second = await buy(customer);
    const all = await myVouchers(customer);
    expect(all.vouchers.map((v) => v.id)).toEqual([second.voucherIds[0], first.voucherIds[0]]);
    const used = await t.call({
      method: "POST",
      url: `/v1/voucher/${first.voucherIds[0]}/redeem`,
      customer,
      body: { confirmed: true },
    });
    expect(used.statusCode, used.body).toBe(200);
    const redeemed = await myVouchers(customer, "?status=Redeemed");
    expect(redeemed.vouchers.map((v) => v.id)).toEqual(first.voucherIds);
    expect(redeemed.count).toBe(1);
    const bad = await t.call({ method: "GET", url: "/v1/voucher?status=Lost", customer });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("status must be one of the voucher statuses");
  });

  it("answers 404 for another customer's voucher, its PDF, refund and redemption", async () => {
    const owner = await t.createCustomer();
    const stranger = await t.createCustomer();
    const { voucherIds } = await buy(owner);
    const id = voucherIds[0]!;
    for (const call of [
      { method: "GET" as const, url: `/v1/voucher/${id}` },
      { method: "GET" as const, url: `/v1/voucher/${id}/pdf` },
      { method: "POST" as const, url: `/v1/voucher/${id}/redeem`, body: { confirmed: true } },
    ]) {
      const response = await t.call({ ...call, customer: stranger });
      expect(response.statusCode, call.url).toBe(404);
      expect(response.json().error.message).toBe("There is no such voucher in your account.");
    }
    expect((await refund(stranger, id, toWallet)).statusCode).toBe(404);
    expect((await t.call({ method: "GET", url: `/v1/voucher/${id}` })).statusCode).toBe(401);
    expect((await t.call({ method: "GET", url: "/v1/voucher/abc", customer: owner })).statusCode).toBe(400);
    expect((await myVouchers(owner)).vouchers[0]!.status).toBe("Ready to Redeem");
  });
});

describe("print and PDF", () => {
  it("prints the code, merchant, addresses, how to redeem, expiry and fine print; the PDF's QR code reads back the code", async () => {
    const customer = await t.createCustomer();
    const { voucherIds } = await buy(customer);
    const printed = await t.call({ method: "GET", url: `/v1/voucher/${voucherIds[0]}`, customer });
    expect(printed.statusCode).toBe(200);
    const voucher: PrintableVoucher = printed.json();
    expect(voucher.redemptionInstructions.length).toBeGreaterThan(0);
    expect(voucher.finePrint.length).toBeGreaterThan(0);

    const pdf = await t.call({ method: "GET", url: `/v1/voucher/${voucherIds[0]}/pdf`, customer });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(await readQrFromPdf(pdf.rawPayload)).toBe(voucher.code);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain(voucher.code);
    expect(text).toContain(voucher.merchantName);
    expect(text).toContain(voucher.orderReference);
    expect(text).toContain("Expires:");
    expect(text).toContain(voucher.finePrint[0]!.slice(0, 20));
    for (const address of voucher.addresses) expect(text).toContain(address.postCode);
  });
});

describe("I've used this voucher", () => {
  it("needs the shopper's confirmation, then marks it Redeemed once, with its date in the timeline", async () => {
    const customer = await t.createCustomer();
    const { voucherIds } = await buy(customer, { protect: true });
    const url = `/v1/voucher/${voucherIds[0]}/redeem`;
    const unconfirmed = await t.call({ method: "POST", url, customer, body: {} });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.message).toBe(
      "Please confirm you have used this voucher with the merchant",
    );
    const used = await t.call({ method: "POST", url, customer, body: { confirmed: true } });
    expect(used.statusCode).toBe(200);
    const voucher: Voucher = used.json();
    expect(voucher).toMatchObject({ status: "Redeemed", banner: "Redeemed", canMarkUsed: false });
    expect(voucher.refund).toEqual({
      available: false,
      reason: "Refunds are unavailable once a voucher has been redeemed",
    });
    expect(voucher.timeline).toEqual([{ status: "Redeemed", note: null, at: t.now().toISOString() }]);
    const again = await t.call({ method: "POST", url, customer, body: { confirmed: true } });
    expect(again.json().timeline).toHaveLength(1);
  });
});

describe("self-serve refund", () => {
  it("refunds a protected voucher to the wallet at once: its share of the order, once", async () => {
    const customer = await t.createCustomer();
    const { voucherIds } = await buy(customer, { quantity: 3, protect: true, priceMinor: 1001 });
    const key = idempotencyKey();
    const response = await refund(customer, voucherIds[0]!, toWallet, key);
    expect(response.statusCode, response.body).toBe(201);
    const result: RefundResult = response.json();
    expect(result.refund).toEqual({
      destination: "wallet",
      currency: "GBP",
      walletAmount: 1001,
      originalAmount: 0,
      reason: "I no longer need it",
    });
    expect(result.voucher).toMatchObject({
      status: "Refunded",
      banner: "Refunded",
      refund: { available: false },
    });
    expect(result.voucher.timeline).toEqual([
      { status: "Refunded", note: "£10.01 to your wallet", at: t.now().toISOString() },
    ]);
    expect(await walletBalance(customer)).toMatchObject([{ currency: "GBP", refundableBalance: 1001 }]);

    const repeat = await refund(customer, voucherIds[0]!, toWallet, key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(result);
    const otherKey = await refund(customer, voucherIds[0]!, toWallet);
    expect(otherKey.statusCode).toBe(422);
    expect(otherKey.json().error.message).toBe("This voucher has already been refunded");
    const entries = await t.db.select().from(walletEntries).where(eq(walletEntries.customerId, customer.id));
    expect(entries.filter((e) => e.amountMinor > 0).map((e) => e.amountMinor)).toEqual([1001]);
  });

  it("refunds to the card through the payment provider, and what wallet credit paid to the wallet", async () => {
    const customer = await t.createCustomer();
    const { order, voucherIds } = await buy(customer, {
      quantity: 2,
      protect: true,
      priceMinor: 2000,
      walletMinor: 500,
    });
    // Paid: 4,000 of vouchers + protection, 500 of it with wallet credit.
    expect(order.walletAmountUsed).toBe(500);
    const first = await refund(customer, voucherIds[0]!, toCard);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().refund).toMatchObject({ originalAmount: 2000, walletAmount: 0 });
    expect(first.json().voucher.timeline.map((s: { status: string }) => s.status)).toEqual([
      "Request Processed",
      "Refunded",
    ]);
    // The card paid 3,699 (4,000 + 199 protection - 500 credit): 1,699 is left for it.
    expect(order.orderSummary.totalOrderAmount).toBe(3699);
    const second = await refund(customer, voucherIds[1]!, toCard);
    expect(second.json().refund).toMatchObject({ originalAmount: 1699, walletAmount: 301 });
    const refunds = await t.db
      .select()
      .from(voucherRefunds)
      .where(inArray(voucherRefunds.voucherId, voucherIds));
    const recorded = await t.db
      .select()
      .from(sandboxRefunds)
      .where(
        inArray(
          sandboxRefunds.id,
          refunds.map((r) => r.providerRefundId!),
        ),
      );
    expect(recorded.map((r) => r.amountMinor).sort()).toEqual([1699, 2000]);
    expect(await walletBalance(customer)).toMatchObject([{ currency: "GBP", refundableBalance: 301 }]);
  });

  it("gives the money back exactly once when many requests race (double clicks, retries, tabs)", async () => {
    const customer = await t.createCustomer();
    const { voucherIds } = await buy(customer, { quantity: 2, protect: true, priceMinor: 2500 });
    const keys = [idempotencyKey(), idempotencyKey(), idempotencyKey()];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        refund(customer, voucherIds[i % 2]!, i % 4 < 2 ? toWallet : toCard, `${keys[i % 3]}-${i % 2}`),
      ),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created).toHaveLength(2);
    for (const answer of answers) expect([200, 201, 422]).toContain(answer.statusCode);
    const rows = await t.db
      .select()
      .from(voucherRefunds)
      .where(inArray(voucherRefunds.voucherId, voucherIds));
    expect(rows).toHaveLength(2);
    const back = rows.reduce((sum, r) => sum + r.walletMinor + r.originalMinor, 0);
    expect(back).toBe(5000);
    const credited = await t.db.select().from(walletEntries).where(eq(walletEntries.customerId, customer.id));
    expect(credited.reduce((sum, e) => sum + e.amountMinor, 0)).toBe(
      rows.reduce((sum, r) => sum + r.walletMinor, 0),
    );
    const recorded = await t.db
      .select()
      .from(sandboxRefunds)
      .where(inArray(sandboxRefunds.transactionId, await transactionsOf(rows.map((r) => r.orderId))));
    expect(recorded.reduce((sum, r) => sum + r.amountMinor, 0)).toBe(
      rows.reduce((sum, r) => sum + r.originalMinor, 0),
    );
    // One confirmation email per refund, through the outbox, whatever the races.
    const emails = await t.db
      .select()
      .from(outboxEmails)
      .where(
        and(eq(outboxEmails.to, customer.email), eq(outboxEmails.template, REFUND_CONFIRMATION_TEMPLATE)),
      );
    expect(emails).toHaveLength(2);
    for (const email of emails) expect(email.text).toMatch(/is refunded\.\n\nRefunded: £\d/);
  });

  it("says why a refund is refused: reason, confirmation, key, within 7 days of expiry", async () => {
    const customer = await t.createCustomer();
    const { voucherIds } = await buy(customer, { protect: true });
    const id = voucherIds[0]!;
    const noReason = await refund(customer, id, { destination: "wallet", confirmed: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe("A refund reason must be selected");
    const noConfirm = await refund(customer, id, { ...toWallet, confirmed: false });
    expect(noConfirm.json().error.message).toBe(
      "Please confirm the code has not been redeemed with the merchant",
    );
    const noKey = await t.call({ method: "POST", url: `/v1/voucher/${id}/refund`, customer, body: toWallet });
    expect(noKey.statusCode).toBe(400);

    // A voucher bought long ago, now 6 days from its expiry.
    await t.db
      .update(vouchers)
      .set({ expiresAt: new Date(t.now().getTime() + 6 * DAY) })
      .where(eq(vouchers.id, id));
    const late = await refund(customer, id, toWallet);
    expect(late.statusCode).toBe(422);
    expect(late.json().error.message).toBe("Refunds are unavailable within 7 days of the voucher's expiry");
    expect(await walletBalance(customer)).toEqual([]);
    expect((await myVouchers(customer)).vouchers[0]).toMatchObject({
      status: "Ready to Redeem",
      refund: { available: false, reason: "Refunds are unavailable within 7 days of the voucher's expiry" },
    });
  });
});

describe("returns of shop items", () => {
  it("asks for a return with a reason, then posts it back: Return Requested, Return in Transit", async () => {
    const customer = await t.createCustomer();
    const shop = await buy(customer, { dealType: "product" });
    const [item] = (await myVouchers(customer)).vouchers.filter((v) => v.id === shop.voucherIds[0]);
    expect(item).toMatchObject({ canReturn: true, fulfilment: { status: "Processing Order" } });
    const ask = (body: object, who = customer) =>
      t.call({ method: "POST", url: "/v1/create-return-order", customer: who, body });
    const noReason = await ask({ voucherId: item!.id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe("A refund reason must be selected");
    expect(
      (await ask({ voucherId: item!.id, reason: "I no longer need it" }, await t.createCustomer()))
        .statusCode,
    ).toBe(404);
    const asked = await ask({ voucherId: item!.id, reason: "I no longer need it" });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: "Return Requested", canReturn: false });
    const again = await ask({ voucherId: item!.id, reason: "I no longer need it" });
    expect(again.statusCode).toBe(422);
    const sent = await t.call({ method: "POST", url: `/v1/voucher/${item!.id}/return-sent`, customer });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().timeline.map((s: { status: string }) => s.status)).toEqual([
      "Return Requested",
      "Return in Transit",
    ]);

    const local = await buy(customer);
    const refused = await ask({ voucherId: local.voucherIds[0], reason: "I no longer need it" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe("Only items bought from the shop can be returned");
  });
});

describe("expiry reminders", () => {
  async function reminders(customer: TestCustomer) {
    const rows = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, customer.email));
    return rows.filter((r) => r.template === EXPIRY_REMINDER_TEMPLATE).map((r) => r.subject);
  }

  it("emails 14 and then 3 days before expiry, once each, however many runs and processes", async () => {
    const customer = await t.createCustomer();
    const { voucherIds } = await buy(customer);
    const used = await buy(customer);
    await t.call({
      method: "POST",
      url: `/v1/voucher/${used.voucherIds[0]}/redeem`,
      customer,
      body: { confirmed: true },
    });
    const [voucher] = (await myVouchers(customer)).vouchers.filter((v) => v.id === voucherIds[0]);
    const expiresAt = new Date(voucher!.expiresAt).getTime();
    const at = (daysBefore: number) => new Date(expiresAt - daysBefore * DAY);

    await sendExpiryReminders(t.db, at(15));
    expect(await reminders(customer)).toEqual([]);
    // Two processes (or a run after a restart) at the same moment: one email.
    await Promise.all([sendExpiryReminders(t.db, at(13.9)), sendExpiryReminders(t.db, at(13.9))]);
    await sendExpiryReminders(t.db, at(10));
    const subject = (days: number) => `Your voucher for ${voucher!.dealHeadline} expires in ${days} days`;
    expect(await reminders(customer)).toEqual([subject(14)]);
    await sendExpiryReminders(t.db, at(2));
    await sendExpiryReminders(t.db, at(1));
    expect((await reminders(customer)).sort()).toEqual([subject(14), subject(3)].sort());
    await sendExpiryReminders(t.db, at(-1));
    expect(await reminders(customer)).toHaveLength(2);
  });

  it("sends only the reminder a voucher is due when the job finds it late", async () => {
    const customer = await t.createCustomer();
    const { voucherIds } = await buy(customer);
    const [voucher] = (await myVouchers(customer)).vouchers.filter((v) => v.id === voucherIds[0]);
    await sendExpiryReminders(t.db, new Date(new Date(voucher!.expiresAt).getTime() - 2 * DAY));
    const subjects = await reminders(customer);
    expect(subjects).toHaveLength(1);
    expect(subjects[0]).toContain("expires in 3 days");
  });
});

describe("deposit orders", () => {
  it("show the balance still due to the merchant on the confirmation and the voucher", async () => {
    const customer = await t.createCustomer();
    const product = await t.freshProduct({ priceMinor: 10_000, depositPriceMinor: 2_500, adminFeeMinor: 0 });
    const created = await t.call({
      method: "POST",
      url: "/v1/basket",
      customer,
      body: {
        products: [{ dealId: product.dealId, productId: product.productId, quantity: 1, payDeposit: true }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order: OrderConfirmation = (await t.payByCard(created.json().id, customer)).json();
    expect(order.orderSummary.totalOrderAmount).toBe(2_500);
    expect(order.lines[0]).toMatchObject({ total: 2_500, balanceToMerchant: 7_500 });
    const voucher = (await myVouchers(customer)).vouchers.find((v) => v.code === order.vouchers[0]!.code)!;
    expect(voucher.deposit).toEqual({ balanceDue: 7_500 });
    const other = (await myVouchers(customer)).vouchers.filter((v) => v.code !== voucher.code);
    for (const v of other) expect(v.deposit).toBeNull();
  });
});
