/**
 * What the logs hold for a sign-up, a sign-in and card checkouts: every line names its request
 * (the storefront's x-request-id, also kept on the order and its payment), and no line holds a
 * password, a card number, a security code, a session token or the SMTP password.
 */
import { Writable } from "node:stream";
import { eq } from "@deals/db";
import { orders, payments } from "@deals/db/schema/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING,
  type CommerceTestApp,
  card,
  idempotencyKey,
  startCommerceApp,
} from "../checkout/test-support.ts";

const SMTP_PASSWORD = "smtp-Secret-94318";
const PASSWORD = "Sign-Up-Pass-58213";
const WRONG_PASSWORD = "Wrong-Pass-77120";
const VISA = "4111111111111111";
const DECLINED = "4000000000000002";
const SECURITY_CODE = "737";

const lines: string[] = [];
let t: CommerceTestApp;
const smtpUrl = process.env.SMTP_URL;

beforeAll(async () => {
  // Configured as in production, so anything that logs its settings would show it.
  process.env.SMTP_URL = `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:1`;
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await startCommerceApp({ logger: { level: "trace", stream } });
});
afterAll(async () => {
  if (smtpUrl === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = smtpUrl;
  await t.close();
});

/** The values of the cookies an answer sets. */
function cookieValues(response: { headers: Record<string, unknown> }): string[] {
  const header = response.headers["set-cookie"];
  const cookies = Array.isArray(header) ? header : header ? [String(header)] : [];
  return cookies.map((cookie) => decodeURIComponent(cookie.split(";")[0]!.split("=").slice(1).join("=")));
}

const cookieHeader = (response: { headers: Record<string, unknown> }) => {
  const header = response.headers["set-cookie"];
  const cookies = Array.isArray(header) ? header : [String(header)];
  return cookies.map((cookie) => cookie.split(";")[0]).join("; ");
};

describe("request logs", () => {
  it("follow each request by its id and hold no secret or card data", async () => {
    const email = `logs.${Date.now()}@mail.example.co.uk`;
    const registered = await t.call({
      method: "POST",
      url: "/v1/register",
      body: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: "Lou", lastName: "Gris" },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const refused = await t.call({
      method: "POST",
      url: "/v1/login",
      body: { username: email, password: WRONG_PASSWORD },
    });
    expect(refused.statusCode).toBe(401);
    const signedIn = await t.call({
      method: "POST",
      url: "/v1/login",
      body: { username: email, password: PASSWORD, rememberMe: false },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const tokens = [
      ...cookieValues(registered),
      ...cookieValues(signedIn),
      registered.json().customerToken,
      signedIn.json().customerToken,
    ].filter((v) => v.length >= 16);
    expect(tokens.length).toBeGreaterThan(0);
    const cookie = cookieHeader(signedIn);

    const product = await t.freshProduct();
    const basket = await t.call({
      method: "POST",
      url: "/v1/basket",
      headers: { cookie },
      body: { products: [{ dealId: product.dealId, productId: product.productId, quantity: 1 }] },
    });
    expect(basket.statusCode, basket.body).toBe(201);
    const pay = (number: string, requestId: string) =>
      t.call({
        method: "POST",
        url: `/v1/checkout/${basket.json().id}`,
        headers: { cookie, "idempotency-key": idempotencyKey(), "x-request-id": requestId },
        body: {
          address: BILLING,
          payment: { method: "credit_card", card: card(number, "12/30", SECURITY_CODE) },
        },
      });
    const declined = await pay(DECLINED, "page-declined-1");
    expect(declined.statusCode).toBe(402);
    const invalid = await pay("4111111111111112", "page-invalid-1");
    expect(invalid.statusCode).toBe(400);
    const paid = await pay(VISA, "page-paid-1");
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.headers["x-request-id"]).toBe("page-paid-1");

    // The order and its payment name the request that placed them.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, paid.json().productOrder.id));
    expect(order?.requestId).toBe("page-paid-1");
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(payment?.requestId).toBe("page-paid-1");

    // Every line of the request carries its id.
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const ofPaid = records.filter((record) => record.reqId === "page-paid-1");
    expect(ofPaid.map((record) => record.msg)).toEqual(
      expect.arrayContaining(["incoming request", "request completed"]),
    );

    const text = lines.join("\n");
    const secrets = [SMTP_PASSWORD, PASSWORD, WRONG_PASSWORD, VISA, DECLINED, "4111111111111112", ...tokens];
    for (const secret of secrets) expect(text, "a secret in the logs").not.toContain(secret);
    expect(text).not.toContain(`"${SECURITY_CODE}"`);
    expect(text).not.toMatch(/securityCode|cardNumber/i);
  });

  it("write the storefront's error reports as structured lines (the remote log record)", async () => {
    const report = await t.call({
      method: "POST",
      url: "/v1/log",
      headers: { "x-request-id": "page-failed-1" },
      body: { server: true, name: "TypeError", message: "x is undefined", description: "GET /basket" },
    });
    expect(report.statusCode).toBe(204);
    const [line] = lines
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .filter((record) => record.reqId === "page-failed-1" && record.remoteLog);
    expect(line).toMatchObject({
      level: 50,
      msg: "storefront page failed on the server",
      remoteLog: {
        brand: "main-uk",
        customerId: null,
        ip: "127.0.0.1",
        server: true,
        name: "TypeError",
        message: "x is undefined",
        description: "GET /basket",
      },
    });
    expect(typeof line!.time).toBe("number");
  });

  it("replace a request id that is not a plain id", async () => {
    for (const given of ["a b", "x".repeat(65), "<script>"]) {
      const response = await t.call({ method: "GET", url: "/healthz", headers: { "x-request-id": given } });
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
