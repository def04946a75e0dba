import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommerceTestApp, startCommerceApp } from "../modules/checkout/test-support.ts";
import { contractFor } from "../testing.ts";
import { badRequests, type Knowns } from "./bad-requests.ts";
import type { ContractCheck } from "./contract.ts";
import { knownValues } from "./knowns.ts";
import { runRequests } from "./run.ts";

/** The fast part; scripts/bad-input.ts sends 20,000 and more over HTTP. */
const REQUESTS = 2_000;

let t: CommerceTestApp;
let contract: ContractCheck;
let knowns: Knowns;
beforeAll(async () => {
  t = await startCommerceApp();
  await t.app.ready();
  contract = await contractFor(t.app);
  knowns = await knownValues(t);
});
afterAll(() => t.close());

describe("generated bad input over every operation of /openapi.json", () => {
  it(`answers ${REQUESTS} requests with no 5xx, every failure in the error shape, every answer declared`, async () => {
    const report = await runRequests(
      badRequests(contract.document, knowns, { seed: 19, count: REQUESTS }),
      async (request) => {
        const response = await t.app.inject({
          method: request.method as "GET",
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        return {
          status: response.statusCode,
          contentType: response.headers["content-type"] as string | undefined,
          body: response.body,
        };
      },
      contract,
      4,
    );
    expect(report.problems, report.problems.join("\n")).toEqual([]);
    expect(report.sent).toBe(REQUESTS);
    expect(report.operations).toBe(contract.operations().length);
    // Not only refusals: some generated requests are good enough to succeed.
    expect(report.byStatus[200]).toBeGreaterThan(REQUESTS / 20);
  }, 300_000);
});

describe("a value the database cannot store", () => {
  it("answers a NUL character in a path or body with 400, not 500", async () => {
    const inPath = await t.call({
      method: "GET",
      url: "/v1/checkout/nul%00byte/order",
      headers: { "idempotency-key": "key-12345678" },
    });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toEqual({
      error: { code: "INVALID_PARAMETER", message: "A value in the request cannot be used." },
    });
    const inBody = await t.call({
      method: "POST",
      url: "/dev/wallet-credit",
      body: { brand: "main-uk", email: "nul\u0000byte@mail.example.co.uk", amount: 100, kind: "marketing" },
    });
    expect(inBody.statusCode).toBe(400);
  });
});

describe("a request Node's HTTP parser refuses", () => {
  it("answers oversized headers with 431 in the error shape", async () => {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${address.port}/v1/locations`, {
      headers: { ...knowns.brand, cookie: `sid=${"s".repeat(20_000)}` },
    });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({
      error: {
        code: "HEADERS_TOO_LARGE",
        message: "The request's headers (cookies included) are too large.",
      },
    });
  });
});

describe("the contract check", () => {
  const problem = (status: number, body: unknown, url = "/v1/basket", method = "POST") =>
    contract.problem({ method, url, status, contentType: "application/json", body: JSON.stringify(body) });
  const refusal = { error: { code: "CSRF_REJECTED", message: "Refused." } };

  it("accepts a declared status with a body its schema allows", () => {
    expect(problem(403, refusal)).toBeUndefined();
    expect(
      problem(404, { error: { code: "NOT_FOUND", message: "No route." } }, "/v1/no-such-route", "GET"),
    ).toBeUndefined();
  });

  it("refuses a status the operation does not declare, a 5xx, a failure without the error shape, a body off its schema", () => {
    expect(problem(418, refusal)).toMatch(/does not declare/);
    expect(
      problem(500, { error: { code: "INTERNAL_ERROR", message: "An unexpected error occurred" } }),
    ).toMatch(/500/);
    expect(problem(400, { message: "bad" })).toMatch(/error shape/);
    expect(problem(200, { status: "wrong" }, "/healthz", "GET")).toMatch(/schema refuses/);
  });
});
