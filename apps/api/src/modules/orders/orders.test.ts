import { setTimeout as sleep } from "node:timers/promises";
import { and, eq } from "@deals/db";
import { outboxEmails, users } from "@deals/db/schema/accounts";
import { deals } from "@deals/db/schema/catalogue";
import { baskets, orders, sandboxTransactions, walletEntries } from "@deals/db/schema/commerce";
import { TEST_NOW } from "@deals/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redeemExpressBuyToken } from "../accounts/service.ts";
import {
  BILLING,
  type CommerceTestApp,
  card,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
  type TestProduct,
} from "../checkout/test-support.ts";
import { SANDBOX_SECURITY_CODE_CARD } from "../payments/sandbox.ts";
import type { OrderConfirmation } from "./schemas.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

const VISA = "4111111111111111";
const MASTERCARD = "5555555555554444";
const DECLINED = "4000000000000002";

function pay(token: string, customer: TestCustomer | undefined, body: object, key = idempotencyKey()) {
  return t.call({
    method: "POST",
    url: `/v1/checkout/${token}`,
    ...(customer ? { customer } : {}),
    headers: { "idempotency-key": key },
    body: { address: BILLING, ...body },
  });
}

const byCard = (number = VISA, extra: object = {}) => ({
  payment: { method: "credit_card", instrumentType: "NEW", card: card(number), ...extra },
});

async function basketFor(customer: TestCustomer, products: TestProduct[], quantity = 1) {
  return t.newBasket(products, customer, quantity);
}

async function captures(reference: string) {
  return t.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.reference, reference));
}

describe("paying by card", () => {
  it("places the order: captured once, one voucher per unit, basket emptied, email queued", async () => {
    const customer = await t.createCustomer();
    const product = await t.freshProduct({ priceMinor: 2500, adminFeeMinor: 100, left: 10 });
    const token = await basketFor(customer, [product], 2);
    const response = await pay(token, customer, byCard());
    expect(response.statusCode, response.body).toBe(201);
    const order: OrderConfirmation = response.json();
    expect(order).toMatchObject({
      status: "paid",
      payment: "successful",
      message: "Payment successful",
      currency: "GBP",
      cardType: "Visa",
      paymentMethod: "credit_card",
      walletAmountUsed: 0,
      quantity: 2,
    });
    expect(order.orderSummary.totalOrderAmount).toBe(2 * 2600);
    expect(order.vouchers).toHaveLength(2);
    expect(new Set(order.vouchers.map((v) => v.code)).size).toBe(2);
    for (const voucher of order.vouchers) {
      expect(voucher.code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      expect(voucher.status).toBe("Ready to Redeem");
    }

    const [transaction] = await captures(`order-${order.productOrder.id}`);
    expect(transaction).toMatchObject({ status: "captured", amountMinor: 5200, currency: "GBP" });
    expect((await t.productRow(product.productId)).totalBought).toBe(product.totalBought + 2);
    const basket = await t.call({ method: "GET", url: `/v1/basket/${token}`, customer });
    expect(basket.json().products).toEqual([]);
    const [email] = await t.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, customer.email), eq(outboxEmails.template, "order-confirmation")));
    expect(email!.text).toContain(order.vouchers[0]!.code);

    const confirmation = await t.call({ method: "GET", url: `/v1/order/${order.productOrder.id}`, customer });
    expect(confirmation.json()).toEqual(order);
    const stranger = await t.createCustomer();
    expect(
      (await t.call({ method: "GET", url: `/v1/order/${order.productOrder.id}`, customer: stranger }))
        .statusCode,
    ).toBe(404);

    const vouchers = await t.call({ method: "GET", url: "/v1/voucher?page=0&pageSize=10", customer });
    expect(vouchers.statusCode).toBe(200);
    expect(vouchers.json()).toMatchObject({ count: 2, page: 0, pageSize: 10 });
    expect(
      vouchers
        .json()
        .vouchers.map((v: { code: string }) => v.code)
        .sort(),
    ).toEqual(order.vouchers.map((v) => v.code).sort());
    expect(vouchers.json().vouchers[0]).toMatchObject({
      status: "Ready to Redeem",
      orderReference: order.productOrder.reference,
    });
    const badSize = await t.call({ method: "GET", url: "/v1/voucher?pageSize=15", customer });
    expect(badSize.statusCode).toBe(400);
    expect((await t.call({ method: "GET", url: "/v1/voucher" })).statusCode).toBe(401);
    const secondPage = await t.call({ method: "GET", url: "/v1/voucher?page=1&pageSize=10", customer });
    expect(secondPage.json().vouchers).toEqual([]);
  });

  it("takes MasterCard too", async () => {
    const customer = await t.createCustomer();
    const token = await basketFor(customer, [await t.freshProduct()]);
    const response = await pay(token, customer, byCard(MASTERCARD));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().cardType).toBe("MasterCard");
  });

  it("fails a declined card clearly: nothing captured, stock released, basket intact", async () => {
    const customer = await t.createCustomer();
    const product = await t.freshProduct({ left: 5 });
    const token = await basketFor(customer, [product]);
    const response = await pay(token, customer, byCard(DECLINED));
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toEqual({ code: "PAYMENT_FAILED", message: "Your card was declined." });
    const [order] = await t.db.select().from(orders).where(eq(orders.customerId, customer.id));
    expect(order).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
    const [transaction] = await captures(`order-${order!.id}`);
    expect(transaction!.status).toBe("declined");
    expect((await t.productRow(product.productId)).totalBought).toBe(product.totalBought);
    const basket = await t.call({ method: "GET", url: `/v1/basket/${token}`, customer });
    expect(basket.json().products).toHaveLength(1);
    // The shopper can pay again with another card.
    expect((await pay(token, customer, byCard(VISA))).statusCode).toBe(201);
  });

  it("declines the security-code test card unless its code is right", async () => {
    const customer = await t.createCustomer();
    const token = await basketFor(customer, [await t.freshProduct()]);
    const wrong = await pay(token, customer, {
      payment: {
        method: "credit_card",
        instrumentType: "NEW",
        card: card(SANDBOX_SECURITY_CODE_CARD.number, "12/30", "999"),
      },
    });
    expect(wrong.statusCode).toBe(402);
    expect(wrong.json().error).toEqual({
      code: "PAYMENT_FAILED",
      message: "Your card's security code is incorrect.",
    });
    const right = await pay(token, customer, byCard(SANDBOX_SECURITY_CODE_CARD.number));
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json().cardType).toBe("Visa");
  });

  it("refuses other card brands, expired cards and a missing security code", async () => {
    const customer = await t.createCustomer();
    const token = await basketFor(customer, [await t.freshProduct()]);
    const cases = [
      [
        { number: "378282246310005", expiry: "12/30", securityCode: "1234" },
        "CARD_BRAND_REFUSED",
        "Only Visa and MasterCard are accepted",
      ],
      [
        { number: "36227206271667", expiry: "12/30", securityCode: "123" },
        "CARD_BRAND_REFUSED",
        "Only Visa and MasterCard are accepted",
      ],
      [{ number: VISA, expiry: "05/26", securityCode: "123" }, "CARD_EXPIRED", "Card Expired"],
      [{ number: VISA, expiry: "12/30" }, "CARD_SECURITY_CODE", "Security code is required"],
      [
        { number: "4111111111111112", expiry: "12/30", securityCode: "123" },
        "CARD_NUMBER_INVALID",
        "Card number is invalid",
      ],
    ] as const;
    for (const [given, code, message] of cases) {
      const response = await pay(token, customer, { payment: { method: "credit_card", card: given } });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toEqual({ code, message });
    }
    expect(await t.db.select().from(orders).where(eq(orders.customerId, customer.id))).toEqual([]);
  });
});

describe("checkout rules", () => {
  it("needs a login, or an express-buy token for express methods", async () => {
    const token = await t.newBasket([await t.freshProduct()]);
    const anonymous = await pay(token, undefined, byCard());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe("LOGIN_REQUIRED");
  });

  it("lets a guest pay by Apple Pay with an express-buy token", async () => {
    const email = `guest.${Date.now()}@mail.example.co.uk`;
    const issued = await t.call({
      method: "POST",
      url: "/v1/express-buy-token",
      body: { expressBuyTokenRequest: { email } },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const expressBuyToken = issued.json().expressBuyToken as string;
    const token = await t.newBasket([await t.freshProduct()]);
    const cardAsGuest = await pay(token, undefined, { expressBuyToken, ...byCard() });
    expect(cardAsGuest.statusCode).toBe(422);
    expect(cardAsGuest.json().error.message).toBe("Log in to pay by card or PayPal.");
    // That call used the token up; a new one pays.
    const response = await pay(token, undefined, {
      expressBuyToken: await t.expressBuyToken(email),
      payment: { method: "apple_pay", walletToken: "fake-apple-pay-visa-nonce" },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: "paid", cardType: "Apple Pay" });
  });

  it("shows a guest their order by the basket and the key it was placed under, and no one else's", async () => {
    const email = `guest.view.${Date.now()}@mail.example.co.uk`;
    const expressBuyToken = await t.expressBuyToken(email);
    const token = await t.newBasket([await t.freshProduct({ priceMinor: 2200 })]);
    const key = idempotencyKey();
    const placed = await pay(
      token,
      undefined,
      { expressBuyToken, payment: { method: "google_pay", walletToken: "fake-google-pay-nonce" } },
      key,
    );
    expect(placed.statusCode, placed.body).toBe(201);

    const view = (basketToken: string, headers: Record<string, string>, brandId?: "main-ie") =>
      t.call({
        method: "GET",
        url: `/v1/checkout/${basketToken}/order`,
        headers,
        ...(brandId ? { brandId } : {}),
      });
    const shown = await view(token, { "idempotency-key": key });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      productOrder: { id: placed.json().productOrder.id },
      payment: "successful",
      cardType: "Google Pay",
      email,
      orderSummary: { totalOrderAmount: 2200 },
    });
    expect(shown.json().vouchers).toHaveLength(1);

    expect((await view(token, { "idempotency-key": idempotencyKey() })).statusCode).toBe(404);
    expect((await view(token, { "idempotency-key": key }, "main-ie")).statusCode).toBe(404);
    const noKey = await view(token, {});
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");

    // A signed-in customer's order is shown to them only, signed in.
    const customer = await t.createCustomer();
    const theirs = await basketFor(customer, [await t.freshProduct()]);
    const theirKey = idempotencyKey();
    expect((await pay(theirs, customer, byCard(), theirKey)).statusCode).toBe(201);
    expect((await view(theirs, { "idempotency-key": theirKey })).statusCode).toBe(404);
  });

  it("gives a guest's twin request the order placed under the same basket and key, and refuses a token never issued", async () => {
    const email = `guest.twin.${Date.now()}@mail.example.co.uk`;
    const token = await t.newBasket([await t.freshProduct({ priceMinor: 1800 })]);
    const key = idempotencyKey();
    const payment = { method: "google_pay", walletToken: "fake-google-pay-nonce" };
    // The first request has just used the token up and is still placing the order.
    const usedToken = await t.expressBuyToken(email);
    expect(await redeemExpressBuyToken(t.db, usedToken, TEST_NOW)).not.toBeNull();
    const twin = pay(token, undefined, { expressBuyToken: usedToken, payment }, key);
    await sleep(200);
    const placed = await pay(
      token,
      undefined,
      { expressBuyToken: await t.expressBuyToken(email), payment },
      key,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const shown = await twin;
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().productOrder.id).toBe(placed.json().productOrder.id);

    const unknown = await pay(await t.newBasket([await t.freshProduct()]), undefined, {
      expressBuyToken: "never-issued",
      payment,
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe("EXPRESS_TOKEN_INVALID");
  });

  it("lets a shopper who just registered pay by card before activating, without saving the card", async () => {
    const email = `registered.${Date.now()}@mail.example.co.uk`;
    const registered = await t.call({
      method: "POST",
      url: "/v1/register",
      body: {
        email,
        password: "pay-now-1",
        confirmPassword: "pay-now-1",
        firstName: "Noor",
        lastName: "Ali",
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const session = registered.json();
    const sid = registered.cookies.find((cookie) => cookie.name === "sid")!.value;
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const customer: TestCustomer = {
      id: user!.id,
      email,
      firstName: "Noor",
      lastName: "Ali",
      customerToken: session.customerToken,
      vipUser: false,
      brandId: "main-uk",
      activated: false,
      cookies: { sid },
    };
    const basket = await basketFor(customer, [await t.freshProduct({ priceMinor: 1500 })]);
    const data = (await t.call({ method: "GET", url: `/v1/checkout/${basket}`, customer })).json();
    expect(data.userInfo).toMatchObject({ authenticated: true, maySavePaymentMethod: false });
    const paid = await pay(basket, customer, byCard(VISA, { saveInstrument: true }));
    expect(paid.statusCode, paid.body).toBe(201);
    const [after] = await t.db.select().from(users).where(eq(users.email, email));
    expect(after!.status).toBe("pending");
    const next = await basketFor(customer, [await t.freshProduct()]);
    const later = (await t.call({ method: "GET", url: `/v1/checkout/${next}`, customer })).json();
    expect(later.userInfo.paymentOptions.paymentInstruments).toEqual([]);
  });

  it("needs an idempotency key", async () => {
    const customer = await t.createCustomer();
    const token = await basketFor(customer, [await t.freshProduct()]);
    const response = await t.call({
      method: "POST",
      url: `/v1/checkout/${token}`,
      customer,
      body: { address: BILLING, ...byCard() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });

  it("needs a postcode, a full address for delivered goods, and passengers for travel", async () => {
    const customer = await t.createCustomer();
    const token = await basketFor(customer, [await t.freshProduct()]);
    const noPostcode = await t.call({
      method: "POST",
      url: `/v1/checkout/${token}`,
      customer,
      headers: { "idempotency-key": idempotencyKey() },
      body: byCard(),
    });
    expect(noPostcode.json().error.message).toBe("Postal code is required");
    const badPostcode = await pay(token, customer, { ...byCard(), address: { postCode: "NOT A CODE" } });
    expect(badPostcode.json().error.message).toBe("Enter a valid postcode");

    const goods = await t.freshProduct({ postagePriceMinor: 299 }, { deliveryType: "delivery" });
    const delivered = await basketFor(customer, [goods]);
    const postcodeOnly = await pay(delivered, customer, { ...byCard(), address: { postCode: "SW1A 1AA" } });
    expect(postcodeOnly.json().error.message).toBe("Enter your full address: first line, town and postcode.");

    const trip = await t.freshProduct({}, { dealType: "travel" });
    const travel = await basketFor(customer, [trip]);
    const noPassengers = await pay(travel, customer, byCard());
    expect(noPassengers.statusCode).toBe(400);
    expect(noPassengers.json().error.code).toBe("PASSENGERS_INVALID");
    const passenger = (firstNames: string) => ({
      title: "Ms",
      firstNames,
      lastName: "Traveller",
      dateOfBirth: { day: 4, month: 7, year: 1990 },
      contactPhone: "07700 900123",
    });
    const paid = await pay(travel, customer, {
      ...byCard(),
      passengers: [passenger("Ann"), passenger("Bea")],
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it("removes a closed deal at payment and charges nothing for it", async () => {
    const customer = await t.createCustomer();
    const open = await t.freshProduct();
    const closing = await t.freshProduct();
    const token = await basketFor(customer, [open, closing]);
    await t.db
      .update(deals)
      .set({ closingDate: new Date(TEST_NOW.getTime() - 2 * 86_400_000) })
      .where(eq(deals.id, closing.dealId));
    const response = await pay(token, customer, byCard());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: "ITEM_UNAVAILABLE", message: "This item is no longer available." },
      removedItems: [
        {
          id: String(closing.productId),
          dealId: closing.dealId,
          productId: closing.productId,
          message: "This item is no longer available.",
        },
      ],
    });
    expect(await t.db.select().from(orders).where(eq(orders.customerId, customer.id))).toEqual([]);
    const basket = await t.call({ method: "GET", url: `/v1/basket/${token}`, customer });
    expect(basket.json().products.map((p: { dealId: number }) => p.dealId)).toEqual([open.dealId]);
    const paid = await pay(token, customer, byCard());
    expect(paid.statusCode).toBe(201);
    expect(paid.json().lines.map((l: { dealId: number | null }) => l.dealId)).toEqual([open.dealId]);
  });

  it("holds the personal maximum across past orders: the line is removed with Max quantity reached.", async () => {
    const customer = await t.createCustomer();
    const product = await t.freshProduct({ maxPerCustomer: 2 });
    expect((await pay(await basketFor(customer, [product], 2), customer, byCard())).statusCode).toBe(201);
    const token = await basketFor(customer, [await t.freshProduct()]);
    await t.db
      .update(baskets)
      .set({
        lines: [
          {
            id: String(product.productId),
            dealId: product.dealId,
            dealProductId: product.productId,
            quantity: 1,
          },
        ],
      })
      .where(eq(baskets.token, token));
    const response = await pay(token, customer, byCard());
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: "MAX_QUANTITY_REACHED", message: "Max quantity reached." });
  });

  it("refuses the order when the shopper was shown another total", async () => {
    const customer = await t.createCustomer();
    const product = await t.freshProduct({ priceMinor: 1500 });
    const token = await basketFor(customer, [product]);
    const response = await pay(token, customer, { ...byCard(), expectedTotal: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("TOTAL_CHANGED");
    expect((await pay(token, customer, { ...byCard(), expectedTotal: 1500 })).statusCode).toBe(201);
  });

  it("refuses a VIP-only deal to a shopper without membership", async () => {
    const customer = await t.createCustomer();
    const token = await basketFor(customer, [await t.freshProduct({ vipExclusive: true })]);
    const response = await pay(token, customer, byCard());
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe("This deal is for VIP members only: join VIP to buy it.");
  });

  it("grants VIP for a year when the VIP membership is bought", async () => {
    const customer = await t.createCustomer();
    const token = await basketFor(customer, [
      await t.freshProduct({ priceMinor: 2000, vipPriceMinor: 1500 }),
    ]);
    await t.call({
      method: "POST",
      url: "/v1/update-vip-status",
      customer,
      body: { basketToken: token, vipStatus: true },
    });
    const response = await pay(token, customer, byCard());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().orderSummary).toMatchObject({
      items: 1500,
      vipMembership: 499,
      totalOrderAmount: 1999,
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, customer.id));
    expect(user!.vipUser).toBe(true);
    expect(user!.vipMembershipExpiresAt!.getTime()).toBe(TEST_NOW.getTime() + 365 * 86_400_000);
  });
});

describe("idempotency", () => {
  it("returns the same order for a retry, and charges once", async () => {
    const customer = await t.createCustomer();
    const token = await basketFor(customer, [await t.freshProduct()]);
    const key = idempotencyKey();
    const first = await pay(token, customer, byCard(), key);
    const retry = await pay(token, customer, byCard(), key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await captures(`order-${first.json().productOrder.id}`)).toHaveLength(1);
  });

  it("returns the same order to a double click", async () => {
    const customer = await t.createCustomer();
    const product = await t.freshProduct({ left: 10 });
    const token = await basketFor(customer, [product]);
    const key = idempotencyKey();
    const [a, b] = await Promise.all([
      pay(token, customer, byCard(), key),
      pay(token, customer, byCard(), key),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().productOrder.id).toBe(b.json().productOrder.id);
    const placed = await t.db.select().from(orders).where(eq(orders.customerId, customer.id));
    expect(placed).toHaveLength(1);
    expect((await t.productRow(product.productId)).totalBought).toBe(product.totalBought + 1);
  });
});

describe("other payment methods", () => {
  it("pays by PayPal and PayPal Credit, and keeps the account as a stored instrument", async () => {
    const customer = await t.createCustomer();
    const paypal = await pay(await basketFor(customer, [await t.freshProduct()]), customer, {
      payment: { method: "paypal", paypal: { payerEmail: customer.email }, saveInstrument: true },
    });
    expect(paypal.statusCode, paypal.body).toBe(201);
    expect(paypal.json().cardType).toBe("PayPal");
    const credit = await pay(await basketFor(customer, [await t.freshProduct()]), customer, {
      payment: { method: "paypal", paypal: { payerEmail: customer.email, credit: true } },
    });
    expect(credit.json().cardType).toBe("PayPal Credit");
    const declined = await pay(await basketFor(customer, [await t.freshProduct()]), customer, {
      payment: { method: "paypal", paypal: { payerEmail: "decline@example.com" } },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe("PayPal declined the payment.");

    const token = await basketFor(customer, [await t.freshProduct()]);
    const data = (await t.call({ method: "GET", url: `/v1/checkout/${token}`, customer })).json();
    const [stored] = data.userInfo.paymentOptions.paymentInstruments;
    expect(stored).toMatchObject({ type: "paypal", gateway: "BRAINTREE", default: true });
    expect(data.paymentMethods.offered).toContainEqual({
      method: "paypal",
      instrumentType: "EXISTING",
      provider: "BRAINTREE",
      instrumentId: String(stored.id),
    });
    const existing = await pay(token, customer, {
      payment: { method: "paypal", instrumentType: "EXISTING", instrumentId: String(stored.id) },
    });
    expect(existing.statusCode, existing.body).toBe(201);
  });

  it("stores a card when asked and pays with it later (EXISTING)", async () => {
    const customer = await t.createCustomer();
    const first = await pay(
      await basketFor(customer, [await t.freshProduct()]),
      customer,
      byCard(VISA, { saveInstrument: true }),
    );
    expect(first.statusCode).toBe(201);
    const token = await basketFor(customer, [await t.freshProduct()]);
    const data = (await t.call({ method: "GET", url: `/v1/checkout/${token}`, customer })).json();
    expect(data.userInfo.paymentOptions.paymentInstruments).toEqual([
      expect.objectContaining({ type: "card", cardType: "Visa", last4: "1111", default: true }),
    ]);
    const id = String(data.userInfo.paymentOptions.paymentInstruments[0].id);
    const other = await t.createCustomer();
    const notTheirs = await pay(await basketFor(other, [await t.freshProduct()]), other, {
      payment: { method: "credit_card", instrumentType: "EXISTING", instrumentId: id },
    });
    expect(notTheirs.statusCode).toBe(422);
    const paid = await pay(token, customer, {
      payment: { method: "credit_card", instrumentType: "EXISTING", instrumentId: id },
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it("opens a Klarna session for the basket total and pays it", async () => {
    const email = `klarna.${Date.now()}@mail.example.co.uk`;
    const token = await t.newBasket([await t.freshProduct({ priceMinor: 4000 })]);
    const session = await t.call({
      method: "POST",
      url: "/v1/payment/kn/sessions",
      body: { basketToken: token },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({ provider: "KLARNA", amount: 4000, currency: "GBP" });
    const expressBuyToken = await t.expressBuyToken(email);
    const response = await pay(token, undefined, {
      expressBuyToken,
      payment: { method: "klarna", sessionId: session.json().sessionId },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().cardType).toBe("Klarna");
  });

  it("pays by Google Pay and by a Clearpay checkout, and declines a stale session", async () => {
    const expressToken = () => t.expressBuyToken(`express.${Date.now()}.${Math.random()}@mail.example.co.uk`);
    const google = await pay(await t.newBasket([await t.freshProduct()]), undefined, {
      expressBuyToken: await expressToken(),
      payment: { method: "google_pay", walletToken: "fake-google-pay-nonce" },
    });
    expect(google.statusCode, google.body).toBe(201);
    expect(google.json().cardType).toBe("Google Pay");

    const token = await t.newBasket([await t.freshProduct({ priceMinor: 3000 })]);
    const checkout = await t.call({
      method: "POST",
      url: "/v1/payment/cp/checkouts",
      body: { basketToken: token },
    });
    expect(checkout.json()).toMatchObject({ provider: "CLEARPAY", amount: 3000 });
    // The basket changed after the checkout was opened: the session no longer matches.
    const stale = await t.newBasket([await t.freshProduct({ priceMinor: 3500 })]);
    const refused = await pay(stale, undefined, {
      expressBuyToken: await expressToken(),
      payment: { method: "clearpay", sessionId: checkout.json().sessionId },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toBe(
      "The payment session has expired or does not match this order.",
    );
    const paid = await pay(token, undefined, {
      expressBuyToken: await expressToken(),
      payment: { method: "clearpay", sessionId: checkout.json().sessionId },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().cardType).toBe("Clearpay");
  });

  it("keeps pay-later within its guards: totals, blocked subcategories", async () => {
    const blocked = await t.newBasket([await t.freshProduct({ priceMinor: 4000 }, { subcategoryId: 218 })]);
    const klarna = await t.call({
      method: "POST",
      url: "/v1/payment/kn/sessions",
      body: { basketToken: blocked },
    });
    expect(klarna.statusCode).toBe(422);
    expect(klarna.json().error.message).toBe(
      "This payment method is not available for a deal in your basket.",
    );
    const tooBig = await t.newBasket([await t.freshProduct({ priceMinor: 150_000 })]);
    const clearpay = await t.call({
      method: "POST",
      url: "/v1/payment/cp/checkouts",
      body: { basketToken: tooBig },
    });
    expect(clearpay.statusCode).toBe(422);
    expect(clearpay.json().error.message).toBe("Pay later is available for orders between £1 and £1,000.");
  });
});

describe("wallet credit and promo codes", () => {
  it("pays a wallet-only order and records the debit in the ledger", async () => {
    const customer = await t.createCustomer();
    await t.creditWallet(customer, "refundable", 5000);
    const token = await basketFor(customer, [await t.freshProduct({ priceMinor: 3000 })]);
    const response = await pay(token, customer, { useWallet: true });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ walletAmountUsed: 3000, cardType: null, paymentMethod: null });
    expect(response.json().orderSummary).toMatchObject({ wallet: 3000, totalOrderAmount: 0 });
    const wallet = await t.call({ method: "GET", url: "/v1/user/wallet", customer });
    expect(wallet.json()).toEqual([
      { currency: "GBP", marketingBalance: 0, refundableBalance: 2000, balance: 2000 },
    ]);
    const ledger = await t.db.select().from(walletEntries).where(eq(walletEntries.customerId, customer.id));
    expect(ledger.map((e) => e.amountMinor)).toEqual([5000, -3000]);
  });

  it("caps marketing credit at 10 % and 5 per item, and gives credit back when the payment fails", async () => {
    const customer = await t.createCustomer();
    await t.creditWallet(customer, "marketing", 10_000);
    await t.creditWallet(customer, "refundable", 10_000, "EUR");
    const [cheap, dear] = [
      await t.freshProduct({ priceMinor: 2000 }),
      await t.freshProduct({ priceMinor: 9000 }),
    ];
    const token = await basketFor(customer, [cheap, dear]);
    const preview = await t.call({
      method: "POST",
      url: "/v1/user/wallet/apply-credit",
      customer,
      body: { basketToken: token },
    });
    expect(preview.json()).toEqual({
      currency: "GBP",
      marketing: 200 + 500,
      refundable: 0,
      credit: 700,
      payable: 10_300,
    });
    const declined = await pay(token, customer, { ...byCard(DECLINED), useWallet: true });
    expect(declined.statusCode).toBe(402);
    const wallet = (await t.call({ method: "GET", url: "/v1/user/wallet", customer })).json();
    expect(wallet).toContainEqual({
      currency: "GBP",
      marketingBalance: 10_000,
      refundableBalance: 0,
      balance: 10_000,
    });
    const paid = await pay(token, customer, { ...byCard(), useWallet: true });
    expect(paid.json()).toMatchObject({ walletAmountUsed: 700, orderSummary: { totalOrderAmount: 10_300 } });
  });

  it("applies promo codes for signed-in shoppers, with the analytics event", async () => {
    await t.addPromo({ code: "SAVE10", discountKind: "percentage", percent: 10 });
    await t.addPromo({ code: "FIVER", discountKind: "fixed", amountMinor: 500, currency: "GBP" });
    await t.addPromo({
      code: "OLD",
      discountKind: "percentage",
      percent: 10,
      expiresAt: new Date(TEST_NOW.getTime() - 1),
    });
    await t.addPromo({ code: "OTHERCAT", discountKind: "percentage", percent: 10, categoryIds: [999_999] });
    await t.addPromo({ code: "EUROS", discountKind: "fixed", amountMinor: 500, currency: "EUR" });
    const customer = await t.createCustomer();
    const product = await t.freshProduct({ priceMinor: 4000 });
    const token = await basketFor(customer, [product]);
    const apply = (promoCode: string, who: TestCustomer | null = customer) =>
      t.applyPromo(who, token, promoCode);

    expect((await apply("SAVE10", null)).statusCode).toBe(401);
    const cases = [
      ["OLD", "expired", "promo_code_expired"],
      ["NOPE", "invalid", "promo_code_invalid"],
      ["OTHERCAT", "not_applicable", "promo_code_na_deal"],
      ["EUROS", "not_applicable", "promo_code_na_deal"],
    ] as const;
    for (const [code, outcome, event] of cases) {
      const response = await apply(code);
      expect(response.statusCode, code).toBe(422);
      expect(response.json().promoCode).toMatchObject({ applicable: false, outcome, analyticsEvent: event });
    }
    const fixed = await apply("fiver");
    expect(fixed.json()).toMatchObject({
      code: "FIVER",
      applicable: true,
      discount: 500,
      analyticsEvent: "promo_code_successful",
    });
    const percent = await apply(" save10 ");
    expect(percent.json()).toMatchObject({ applicable: true, discount: 400 });
    const data = (await t.call({ method: "GET", url: `/v1/checkout/${token}`, customer })).json();
    expect(data.promoCode).toMatchObject({ code: "SAVE10", applicable: true, message: "Promo code applied" });
    expect(data.orderSummary).toMatchObject({ discount: 400, totalOrderAmount: 3600 });
    const paid = await pay(token, customer, byCard());
    expect(paid.json().orderSummary).toMatchObject({ discount: 400, totalOrderAmount: 3600 });
  });

  it("refuses a promo code used past its limit", async () => {
    await t.addPromo({ code: "ONCE", discountKind: "percentage", percent: 20, maxUses: 1 });
    await t.addPromo({ code: "MINE", discountKind: "percentage", percent: 20, maxUsesPerCustomer: 1 });
    const [first, second] = [await t.createCustomer(), await t.createCustomer()];
    for (const code of ["ONCE", "MINE"]) {
      const token = await basketFor(first, [await t.freshProduct()]);
      expect((await t.applyPromo(first, token, code)).statusCode).toBe(200);
      expect((await pay(token, first, byCard())).statusCode).toBe(201);
    }
    const token = await basketFor(second, [await t.freshProduct()]);
    const once = await t.applyPromo(second, token, "ONCE");
    expect(once.json().promoCode).toMatchObject({
      message: "This promo code has expired",
      analyticsEvent: "promo_code_expired",
    });
    const again = await basketFor(first, [await t.freshProduct()]);
    const mine = await t.applyPromo(first, again, "MINE");
    expect(mine.json().promoCode).toMatchObject({
      message: "You have already used this promo code",
      analyticsEvent: "promo_code_already_used",
    });
  });
});
