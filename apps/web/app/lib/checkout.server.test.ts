import { BRANDS } from "@deals/domain/brand";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { guestOrderCookie, guestOrderRef, payExpress } from "./checkout.server.ts";
import type { CheckoutResult } from "./checkout-form.ts";
import type { ApiRequestInit } from "./context.ts";

const TOKEN = "basket-token-0123456789abcdef";
const KEY = "3f8c1a52-6d0e-4b8f-9c1e-2a7b5d4e6f01";
const PAGE = `https://main-uk.example/checkout/${TOKEN}`;

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The API as the express checkout meets it: each call answered by `answers`, and recorded. */
function fakeApi(answers: (call: Call) => Response) {
  const calls: Call[] = [];
  const apiFetch = async (path: string, init: ApiRequestInit = {}) => {
    const call = {
      method: init.method ?? "GET",
      path: path.split("?")[0] ?? path,
      headers: init.headers ?? {},
      body: init.body === undefined ? undefined : JSON.parse(init.body),
    };
    calls.push(call);
    return answers(call);
  };
  return { calls, context: { apiFetch } as AppLoadContext };
}

const checkoutData = {
  requirements: { login: true, address: "postcode", passengers: false },
  paymentMethods: {
    offered: [
      { method: "apple_pay", instrumentType: "NEW", provider: "BRAINTREE" },
      { method: "klarna", instrumentType: "NEW", provider: "KLARNA" },
    ],
    refused: [],
  },
  orderSummary: { totalOrderAmount: 2500, currency: "GBP" },
};

/** Answers like the API for a guest whose email has no active account. */
const happyApi = (call: Call): Response => {
  if (call.method === "GET") return json(200, checkoutData);
  if (call.path === "/v1/payment/kn/sessions") return json(200, { sessionId: "kn_session_1" });
  if (call.path === "/v1/express-buy-token") return json(200, { expressBuyToken: "express-1" });
  return json(201, { productOrder: { id: 42, reference: "3F2A9C0D1E4B5A67" } });
};

function expressForm(entries: Record<string, string>): FormData {
  const form = new FormData();
  const all = {
    intent: "express",
    idempotencyKey: KEY,
    expressEmail: "guest@mail.example.co.uk",
    postCode: "SW1A 1AA",
    paymentOption: "klarna:NEW",
    ...entries,
  };
  for (const [name, value] of Object.entries(all)) form.set(name, value);
  return form;
}

const input = (context: AppLoadContext, form: FormData) => ({
  context,
  brand: BRANDS["main-uk"],
  request: new Request(PAGE, { method: "POST" }),
  form,
  token: TOKEN,
});

async function redirectOf(action: Promise<unknown>): Promise<Response> {
  const thrown = await action.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return thrown as Response;
}

describe("payExpress", () => {
  it("opens the Klarna session, gets the guest's token, and places the order under the form's key", async () => {
    const api = fakeApi(happyApi);
    const response = await redirectOf(payExpress(input(api.context, expressForm({})), new Date()));
    expect(response.headers.get("location")).toBe("/order-confirmation/3F2A9C0D1E4B5A67");
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /v1/checkout/${TOKEN}`,
      "POST /v1/payment/kn/sessions",
      "POST /v1/express-buy-token",
      `POST /v1/checkout/${TOKEN}`,
    ]);
    expect(api.calls[2]?.body).toEqual({ expressBuyTokenRequest: { email: "guest@mail.example.co.uk" } });
    const order = api.calls[3]!;
    expect(order.headers["idempotency-key"]).toBe(KEY);
    expect(order.body).toEqual({
      useWallet: false,
      address: { postCode: "SW1A 1AA" },
      payment: { method: "klarna", instrumentType: "NEW", saveInstrument: false, sessionId: "kn_session_1" },
      expectedTotal: 2500,
      expressBuyToken: "express-1",
    });
    // The confirmation finds the guest's order again by this cookie, kept from scripts.
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(
      /^guest_order=.+; Path=\/order-confirmation; Max-Age=86400; HttpOnly; SameSite=Lax; Secure$/,
    );
  });

  it("pays by Apple Pay with the wallet's token, asking for no session", async () => {
    const api = fakeApi(happyApi);
    await redirectOf(
      payExpress(input(api.context, expressForm({ paymentOption: "apple_pay:NEW" })), new Date()),
    );
    expect(api.calls.map((c) => c.path)).not.toContain("/v1/payment/kn/sessions");
    expect(api.calls.at(-1)?.body).toMatchObject({
      payment: { method: "apple_pay", walletToken: expect.any(String) },
    });
  });

  it("asks for nothing from the API until the form is right", async () => {
    const api = fakeApi(happyApi);
    const answer = (await payExpress(input(api.context, expressForm({ expressEmail: "" })), new Date())) as {
      data: CheckoutResult;
      init: ResponseInit | null;
    };
    expect(answer.init?.status).toBe(400);
    expect(answer.data.errors).toEqual({ expressEmail: "This field is required" });
    expect(api.calls.map((c) => c.method)).toEqual(["GET"]);
  });

  it("points an email with an active account at the email field, with a new key for the next try", async () => {
    const api = fakeApi((call) =>
      call.path === "/v1/express-buy-token"
        ? json(409, {
            error: {
              code: "ACCOUNT_EXISTS",
              message: "An account already uses this email address. Please sign in to continue.",
            },
          })
        : happyApi(call),
    );
    const answer = (await payExpress(input(api.context, expressForm({})), new Date())) as {
      data: CheckoutResult;
      init: ResponseInit | null;
    };
    expect(answer.init?.status).toBe(409);
    expect(answer.data.errors).toEqual({
      expressEmail: "An account already uses this email address. Please sign in to continue.",
    });
    expect(answer.data.idempotencyKey).not.toBe(KEY);
    expect(api.calls.map((c) => c.path)).not.toContain(`/v1/checkout/${TOKEN}/order`);
  });
});

describe("guestOrderRef", () => {
  const ref = { reference: "3F2A9C0D1E4B5A67", basketToken: TOKEN, idempotencyKey: KEY };
  const withCookie = (cookie: string) =>
    new Request("https://main-uk.example/order-confirmation/3F2A9C0D1E4B5A67", { headers: { cookie } });

  it("reads back the order the express checkout placed, for that order only", () => {
    const pair = guestOrderCookie(new Request(PAGE), ref).split(";")[0]!;
    expect(guestOrderRef(withCookie(pair), "3F2A9C0D1E4B5A67")).toEqual(ref);
    expect(guestOrderRef(withCookie(pair), "0000000000000000")).toBeUndefined();
  });

  it("still reads a cookie that named the order by its id", () => {
    const old = encodeURIComponent(JSON.stringify({ orderId: 42, basketToken: TOKEN, idempotencyKey: KEY }));
    expect(guestOrderRef(withCookie(`guest_order=${old}`), "42")).toEqual({ ...ref, reference: "42" });
    expect(guestOrderRef(withCookie(`guest_order=${old}`), "43")).toBeUndefined();
  });

  it("ignores a missing or mangled cookie", () => {
    expect(guestOrderRef(withCookie("other=1"), "42")).toBeUndefined();
    expect(guestOrderRef(withCookie("guest_order=%7Bnot-json"), "42")).toBeUndefined();
    expect(
      guestOrderRef(withCookie(`guest_order=${encodeURIComponent('{"orderId":42}')}`), "42"),
    ).toBeUndefined();
  });
});
