import { eq, like } from "@deals/db";
import { outboxEmails } from "@deals/db/schema/accounts";
import { sandboxTransactions } from "@deals/db/schema/commerce";
import { vipMemberships, vipPayments } from "@deals/db/schema/vip";
import { BRANDS } from "@deals/domain/brand";
import {
  VIP_FREE_TRIAL_DAYS,
  VIP_MEMBERSHIP_DAYS,
  VIP_RENEWAL_REMINDER_DAYS,
  VIP_SUBSCRIPTION_PRICE_MINOR,
} from "@deals/domain/constants";
import { VIP_MESSAGES } from "@deals/domain/vip-membership";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CommerceTestApp,
  card,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
} from "../checkout/test-support.ts";
import { sandboxProviders } from "../payments/sandbox.ts";
import { VIP_RENEWAL_REMINDER_TEMPLATE } from "./email.ts";
import { vipPaymentReference } from "./payment.ts";
import { remindRenewals, renewMemberships } from "./renewal.ts";
import { vipStatus } from "./service.ts";

const DAY = 86_400_000;
let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

const status = async (customer: TestCustomer) => {
  const response = await t.call({ method: "GET", url: "/v1/vip", customer });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const subscribe = (
  customer: TestCustomer,
  key: string | null = idempotencyKey(),
  number = "4111111111111111",
) =>
  t.call({
    method: "POST",
    url: "/v1/vip/subscribe",
    customer,
    ...(key ? { headers: { "idempotency-key": key } } : {}),
    body: { card: card(number) },
  });
const freeTrial = (customer: TestCustomer) => t.call({ method: "POST", url: "/v1/vip/free-trial", customer });
const cancel = (customer: TestCustomer) => t.call({ method: "POST", url: "/v1/vip/cancel", customer });
const profile = async (customer: TestCustomer) =>
  (await t.call({ method: "GET", url: "/v1/user", customer })).json();

/** What the payment provider charged for the customer's VIP payments. */
async function charges(customerId: number) {
  const payments = await t.db.select().from(vipPayments).where(eq(vipPayments.customerId, customerId));
  const transactions = await t.db
    .select()
    .from(sandboxTransactions)
    .where(like(sandboxTransactions.reference, "vip-%"));
  const references = new Set(payments.map((p) => vipPaymentReference(p.id)));
  return transactions.filter((tx) => references.has(tx.reference) && tx.status === "captured");
}

describe("VIP status", () => {
  it("is ELIGIBLE for a new customer, at 4.99 in the site's currency, and needs a signed-in customer", async () => {
    const customer = await t.createCustomer();
    expect(await status(customer)).toMatchObject({
      state: "ELIGIBLE",
      vipUser: false,
      plan: null,
      freeTrialAvailable: true,
      canSubscribe: true,
      price: { amount: VIP_SUBSCRIPTION_PRICE_MINOR, currency: "GBP" },
      prioritySupport: false,
      rewards: { vipPurchases: 0, savedMinor: 0 },
    });
    const irish = await t.createCustomer({ brandId: "main-ie" });
    expect((await status(irish)).price).toEqual({ amount: 499, currency: "EUR" });
    const anonymous = await t.call({ method: "GET", url: "/v1/vip" });
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, "LOGIN_REQUIRED"]);
  });
});

describe("subscribing", () => {
  it("charges 4.99 once for a year that renews, makes the customer VIP and sets the 1-day cookie", async () => {
    const customer = await t.createCustomer();
    const key = idempotencyKey();
    const paid = await subscribe(customer, key);
    expect(paid.statusCode, paid.body).toBe(201);
    const endsAt = new Date(t.now().getTime() + VIP_MEMBERSHIP_DAYS * DAY).toISOString();
    expect(paid.json()).toMatchObject({
      state: "ACTIVE",
      vipUser: true,
      plan: "paid",
      optInType: "VIP-SUB-PAID-FLOW",
      endsAt,
      renews: true,
      renewalDate: endsAt,
      canSubscribe: false,
      prioritySupport: true,
    });
    const cookie = paid.cookies.find((c) => c.name === "vip_membership");
    expect(cookie).toMatchObject({ value: "VIP", maxAge: 24 * 60 * 60 });
    expect(await profile(customer)).toMatchObject({ vipUser: true, vipMembershipCookie: "VIP" });

    // The same key again answers the same payment; a new key is refused: already a member.
    const again = await subscribe(customer, key);
    expect([again.statusCode, again.json().renewalDate]).toEqual([200, endsAt]);
    const second = await subscribe(customer);
    expect([second.statusCode, second.json().error.message]).toEqual([409, VIP_MESSAGES.alreadyMember]);
    const charged = await charges(customer.id);
    expect(charged.map((c) => [c.amountMinor, c.currency])).toEqual([[499, "GBP"]]);
  });

  it("charges euros on an Irish site", async () => {
    const customer = await t.createCustomer({ brandId: "sister-ie" });
    expect((await subscribe(customer)).statusCode).toBe(201);
    expect((await charges(customer.id)).map((c) => [c.amountMinor, c.currency])).toEqual([[499, "EUR"]]);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const customer = await t.createCustomer();
    const noKey = await subscribe(customer, null);
    expect([noKey.statusCode, noKey.json().error.code]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED"]);
    const amex = await subscribe(customer, idempotencyKey(), "378282246310005");
    expect([amex.statusCode, amex.json().error.code]).toEqual([400, "CARD_BRAND_REFUSED"]);
    const noCard = await t.call({
      method: "POST",
      url: "/v1/vip/subscribe",
      customer,
      headers: { "idempotency-key": idempotencyKey() },
      body: {},
    });
    expect([noCard.statusCode, noCard.json().error.code]).toEqual([400, "PAYMENT_REQUIRED"]);
    const notMine = await t.call({
      method: "POST",
      url: "/v1/vip/subscribe",
      customer,
      headers: { "idempotency-key": idempotencyKey() },
      body: { instrumentId: 999_999 },
    });
    expect(notMine.statusCode).toBe(422);
    const junk = await t.call({
      method: "POST",
      url: "/v1/vip/subscribe",
      customer,
      headers: { "idempotency-key": idempotencyKey() },
      body: { card: "x" },
    });
    expect(junk.statusCode).toBe(400);
    expect((await status(customer)).state).toBe("ELIGIBLE");
    const guest = await t.call({
      method: "POST",
      url: "/v1/vip/subscribe",
      body: { card: card("4111111111111111") },
    });
    expect(guest.statusCode).toBe(401);
  });

  it("tells a declined card and leaves the customer free to try again", async () => {
    const customer = await t.createCustomer();
    const declined = await subscribe(customer, idempotencyKey(), "4000000000000002");
    expect([declined.statusCode, declined.json().error.message]).toEqual([402, "Your card was declined."]);
    expect((await status(customer)).vipUser).toBe(false);
    expect((await subscribe(customer)).statusCode).toBe(201);
  });

  it("makes one membership and one charge from concurrent requests, same key or not", async () => {
    const customer = await t.createCustomer();
    const key = idempotencyKey();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => subscribe(customer, key)),
      ...Array.from({ length: 4 }, () => subscribe(customer)),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(
      codes.every((c) => [200, 201, 409].includes(c)),
      codes.join(),
    ).toBe(true);
    expect(await charges(customer.id)).toHaveLength(1);
    const memberships = await t.db
      .select()
      .from(vipMemberships)
      .where(eq(vipMemberships.customerId, customer.id));
    expect(memberships).toHaveLength(1);
    expect((await status(customer)).vipUser).toBe(true);
  });
});

describe("the free trial", () => {
  it("starts once, costs nothing, never renews; cancelling ends it and it cannot be had again", async () => {
    const customer = await t.createCustomer();
    const started = await freeTrial(customer);
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({
      state: "ACTIVE",
      vipUser: true,
      plan: "trial",
      optInType: "VIP-SUB-FREE-TRIAL",
      endsAt: new Date(t.now().getTime() + VIP_FREE_TRIAL_DAYS * DAY).toISOString(),
      renews: false,
      renewalDate: null,
      freeTrialAvailable: false,
    });
    expect(await charges(customer.id)).toHaveLength(0);
    const twice = await freeTrial(customer);
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, VIP_MESSAGES.trialUsed]);

    const cancelled = await cancel(customer);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ vipUser: false, state: "RENEW", freeTrialAvailable: false });
    expect(cancelled.cookies.find((c) => c.name === "vip_membership")?.value).toBe("Non - VIP");
    expect((await profile(customer)).vipUser).toBe(false);
    const again = await freeTrial(customer);
    expect([again.statusCode, again.json().error.message]).toEqual([409, VIP_MESSAGES.trialUsed]);
  });
});

describe("joining from registration and from checkout", () => {
  it("the free-trial registration starts the one free trial", async () => {
    const email = `trial.${idempotencyKey()}@mail.example.co.uk`;
    const password = "Correct-horse-9";
    const registered = await t.call({
      method: "POST",
      url: "/v1/register/vip-free-trial",
      body: { email, password, confirmPassword: password, firstName: "Ada", lastName: "Byrne" },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const cookies = Object.fromEntries(registered.cookies.map((c) => [c.name, c.value]));
    expect(cookies.vip_membership).toBe("VIP");
    const session = await t.call({
      method: "GET",
      url: "/v1/vip",
      headers: { cookie: `sid=${cookies.sid}` },
    });
    expect(session.json()).toMatchObject({
      state: "ACTIVE",
      plan: "trial",
      optInType: "VIP-SUB-FREE-TRIAL",
      freeTrialAvailable: false,
    });
  });

  it("VIP ticked at checkout buys a paid year, shown in the status, that does not renew by itself", async () => {
    const customer = await t.createCustomer();
    const token = await t.newBasket([await t.freshProduct({ priceMinor: 2_000 })], customer);
    await t.call({
      method: "POST",
      url: "/v1/update-vip-status",
      customer,
      body: { basketToken: token, vipStatus: true },
    });
    await t.payByCard(token, customer);
    expect(await status(customer)).toMatchObject({
      vipUser: true,
      plan: "paid",
      renews: false,
      endsAt: new Date(t.now().getTime() + VIP_MEMBERSHIP_DAYS * DAY).toISOString(),
    });
  });
});

describe("what VIP gives, enforced at payment", () => {
  const checkout = async (customer: TestCustomer, token: string) =>
    (await t.call({ method: "GET", url: `/v1/checkout/${token}`, customer })).json();

  it("members pay VIP prices where the deal allows a VIP discount, and see what they saved", async () => {
    const member = await t.createCustomer();
    await subscribe(member);
    const allowed = await t.freshProduct({ priceMinor: 2_000, vipPriceMinor: 1_750 });
    const notAllowed = await t.freshProduct(
      { priceMinor: 3_000, vipPriceMinor: 2_600 },
      { vipDiscountAllowed: false },
    );
    const token = await t.newBasket([allowed, notAllowed], member);
    expect((await checkout(member, token)).orderSummary.totalOrderAmount).toBe(1_750 + 3_000);
    await t.payByCard(token, member);
    expect((await status(member)).rewards).toEqual({ vipPurchases: 1, savedMinor: 250 });

    const shopper = await t.createCustomer();
    const theirs = await t.newBasket(
      [await t.freshProduct({ priceMinor: 2_000, vipPriceMinor: 1_750 })],
      shopper,
    );
    expect((await checkout(shopper, theirs)).orderSummary.totalOrderAmount).toBe(2_000);
  });

  it("refuses a VIP-only product to a non-member at payment with a clear message, and sells it to a member", async () => {
    const shopper = await t.createCustomer();
    const exclusive = await t.freshProduct({ priceMinor: 1_000, vipExclusive: true });
    const token = await t.newBasket([exclusive], shopper);
    const refused = await t.call({
      method: "POST",
      url: `/v1/checkout/${token}`,
      customer: shopper,
      headers: { "idempotency-key": idempotencyKey() },
      body: { payment: { method: "credit_card", card: card("4111111111111111") } },
    });
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      422,
      "This deal is for VIP members only: join VIP to buy it.",
    ]);
    expect((await freeTrial(shopper)).statusCode).toBe(201);
    expect((await t.payByCard(token, shopper)).statusCode).toBe(201);
  });
});

describe("cancelling a paid year", () => {
  it("stops the renewal in one click; the membership runs to its end", async () => {
    const customer = await t.createCustomer();
    await subscribe(customer);
    const cancelled = await cancel(customer);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      vipUser: true,
      renews: false,
      renewalDate: null,
      state: "ACTIVE",
    });
    expect(cancelled.json().cancelledAt).not.toBeNull();
    const twice = await cancel(customer);
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, VIP_MESSAGES.alreadyCancelled]);
    const never = await cancel(await t.createCustomer());
    expect([never.statusCode, never.json().error.message]).toEqual([409, VIP_MESSAGES.notMember]);
  });
});

describe("renewal", () => {
  const providers = () => sandboxProviders(t.db, t.now);
  // A year on, the test sessions have ended: the membership is read as the API reads it.
  const statusNow = (customer: TestCustomer) => vipStatus(t.db, BRANDS["main-uk"], customer.id, t.now());

  it("emails one reminder before the year ends, renews at its end, charges once across runs", async () => {
    const customer = await t.createCustomer();
    await subscribe(customer);
    const cancelledOne = await t.createCustomer();
    await subscribe(cancelledOne);
    await cancel(cancelledOne);
    const reminders = async (id: number) =>
      (await t.db.select().from(outboxEmails).where(eq(outboxEmails.userId, id))).filter(
        (e) => e.template === VIP_RENEWAL_REMINDER_TEMPLATE,
      );

    t.advance((VIP_MEMBERSHIP_DAYS - VIP_RENEWAL_REMINDER_DAYS - 1) * DAY);
    await remindRenewals(t.db, t.now());
    expect(await reminders(customer.id)).toHaveLength(0);
    t.advance(2 * DAY);
    await Promise.all([remindRenewals(t.db, t.now()), remindRenewals(t.db, t.now())]);
    await remindRenewals(t.db, t.now());
    const sent = await reminders(customer.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("£4.99");
    expect(sent[0]!.text).toContain("/myaccount/vip-rewards");
    expect(await reminders(cancelledOne.id)).toHaveLength(0);

    const endsAt = new Date((await statusNow(customer)).endsAt!);
    t.advance(VIP_RENEWAL_REMINDER_DAYS * DAY);
    // Two processes at once, then a third run after them: one renewal, one charge.
    await Promise.all([
      renewMemberships({ db: t.db, providers: providers() }, t.now()),
      renewMemberships({ db: t.db, providers: providers() }, t.now()),
    ]);
    await renewMemberships({ db: t.db, providers: providers() }, t.now());
    expect(await charges(customer.id)).toHaveLength(2);
    const renewed = await statusNow(customer);
    expect(renewed).toMatchObject({ vipUser: true, renews: true });
    expect(new Date(renewed.endsAt!).getTime()).toBe(endsAt.getTime() + VIP_MEMBERSHIP_DAYS * DAY);

    // The cancelled year was not renewed: it ended.
    expect(await charges(cancelledOne.id)).toHaveLength(1);
    expect(await statusNow(cancelledOne)).toMatchObject({
      vipUser: false,
      state: "RENEW",
      canSubscribe: true,
    });
  });

  it("settles a renewal a crash left pending without charging it again", async () => {
    const customer = await t.createCustomer();
    await subscribe(customer);
    const [membership] = await t.db
      .select()
      .from(vipMemberships)
      .where(eq(vipMemberships.customerId, customer.id));
    // The process charged the renewal, then died before recording it.
    t.advance(VIP_MEMBERSHIP_DAYS * DAY + DAY);
    const [pending] = await t.db
      .insert(vipPayments)
      .values({
        customerId: customer.id,
        brandId: "main-uk",
        kind: "renewal",
        periodStartsAt: membership!.endsAt,
        periodEndsAt: new Date(membership!.endsAt.getTime() + VIP_MEMBERSHIP_DAYS * DAY),
        amountMinor: 499,
        currency: "GBP",
        status: "pending",
        createdAt: t.now(),
        updatedAt: t.now(),
      })
      .returning();
    await providers().BRAINTREE.authorise({
      reference: vipPaymentReference(pending!.id),
      amountMinor: 499,
      currency: "GBP",
      method: "credit_card",
      source: { kind: "vaulted", token: membership!.renewalToken! },
      capture: true,
    });
    await renewMemberships({ db: t.db, providers: providers() }, t.now());
    expect(await charges(customer.id)).toHaveLength(2);
    expect((await statusNow(customer)).vipUser).toBe(true);
  });
});

describe("privacy", () => {
  it("shows each customer only their own membership", async () => {
    const member = await t.createCustomer();
    await subscribe(member);
    const other = await t.createCustomer();
    expect((await status(other)).vipUser).toBe(false);
    const otherCancel = await cancel(other);
    expect(otherCancel.statusCode).toBe(409);
    expect((await status(member)).renews).toBe(true);
  });
});
