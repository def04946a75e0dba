import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING,
  type CommerceTestApp,
  card,
  idempotencyKey,
  startCommerceApp,
} from "../checkout/test-support.ts";
import { sandboxProviders } from "../payments/sandbox.ts";
import { meteredProviders } from "./metered-providers.ts";
import { Metrics } from "./metrics.ts";

const TOKEN = "metrics-test-token-1";
let t: CommerceTestApp;
const configured = process.env.METRICS_TOKEN;

beforeAll(async () => {
  process.env.METRICS_TOKEN = TOKEN;
  t = await startCommerceApp();
});
afterAll(async () => {
  if (configured === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = configured;
  await t.close();
});

const scrape = async () => {
  const response = await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
};

/** The value of one sample line, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics", () => {
  it("answers only with the operations bearer token", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Basic ${TOKEN}`, TOKEN]) {
      const response = await t.app.inject({
        url: "/metrics",
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().error.code).toBe("UNAUTHORIZED");
      expect(response.body).not.toContain("http_requests_total");
    }
  });

  it("counts requests, latency and errors per route, orders placed and refused, and payments captured", async () => {
    const before = await scrape();
    const placedBefore = sample(before, 'orders_placed_total{brand="main-uk"}') ?? 0;
    await t.app.inject({ url: "/healthz" });
    await t.app.inject({ url: "/v1/no-such-thing/at-all" });

    const customer = await t.createCustomer();
    const token = await t.newBasket([await t.freshProduct()], customer);
    const pay = (number: string) =>
      t.call({
        method: "POST",
        url: `/v1/checkout/${token}`,
        customer,
        headers: { "idempotency-key": idempotencyKey() },
        body: { address: BILLING, payment: { method: "credit_card", card: card(number) } },
      });
    expect((await pay("4000000000000002")).statusCode).toBe(402);
    expect((await pay("4111111111111111")).statusCode).toBe(201);

    const text = await scrape();
    expect(sample(text, 'http_requests_total{method="GET",route="/healthz",status="200"}')).toBeGreaterThan(
      0,
    );
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThan(
      0,
    );
    expect(
      sample(text, 'http_request_duration_seconds_count{method="POST",route="/v1/checkout/:basketToken"}'),
    ).toBe(2);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.1",method="GET",route="/healthz"}');
    expect(sample(text, 'orders_placed_total{brand="main-uk"}')).toBe(placedBefore + 1);
    expect(sample(text, 'orders_refused_total{brand="main-uk",status="402"}')).toBe(1);
    expect(sample(text, 'payments_captured_total{provider="BRAINTREE"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "admission_queue_length")).toBe(0);
    expect(sample(text, "reconciliation_runs_total")).toBe(0);
    expect(text).toContain("# TYPE http_request_errors_total counter");
    expect(text).toContain("process_resident_memory_bytes");
    const pool = sample(text, 'db_pool_connections{state="total"}');
    if (t.database.engine === "postgres") expect(pool).toBeGreaterThan(0);
    else expect(pool).toBeUndefined();
  });
});

describe("a server started without METRICS_TOKEN", () => {
  it("has no /metrics", async () => {
    delete process.env.METRICS_TOKEN;
    const other = await startCommerceApp({ database: t.database });
    process.env.METRICS_TOKEN = TOKEN;
    const response = await other.app.inject({ url: "/metrics", headers: { authorization: "Bearer " } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBeTruthy();
    await other.app.close();
  });
});

describe("metered providers and reconciliation counts", () => {
  it("count captures, refunds and what a reconciliation run settled", async () => {
    const metrics = new Metrics({ admission: () => ({ active: 0, waiting: 0 }), pool: () => null });
    const providers = meteredProviders(sandboxProviders(t.db, t.now), metrics);
    const reference = `metrics-${idempotencyKey()}`;
    const paid = await providers.BRAINTREE.authorise({
      reference,
      amountMinor: 1500,
      currency: "GBP",
      method: "credit_card",
      source: {
        kind: "card",
        number: "4111111111111111",
        expiry: "12/30",
        securityCode: "123",
        vault: false,
      },
      capture: true,
    });
    expect(paid.status).toBe("authorised");
    if (paid.status !== "authorised") return;
    await providers.BRAINTREE.refundAmount({
      transactionId: paid.transactionId,
      reference: `${reference}-refund`,
      amountMinor: 500,
      currency: "GBP",
    });
    metrics.reconciled({ completed: 2, failed: 1, voided: 0, refunded: 1 });
    const text = await metrics.registry.metrics();
    expect(sample(text, 'payments_captured_total{provider="BRAINTREE"}')).toBe(1);
    expect(sample(text, 'payments_refunded_total{provider="BRAINTREE"}')).toBe(1);
    expect(sample(text, "reconciliation_runs_total")).toBe(1);
    expect(sample(text, 'reconciliation_settled_total{outcome="completed"}')).toBe(2);
    expect(sample(text, 'reconciliation_settled_total{outcome="refunded"}')).toBe(1);
  });
});
