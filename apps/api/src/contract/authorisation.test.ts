/**
 * The authorisation sweep (docs/reliability.md "Only the owner"): every operation of
 * /openapi.json that is not listed as public (public-operations.ts) is tried as a guest and as
 * another customer, with the victim's tokens and ids in every path, query and body field that
 * takes one: basket tokens (open and paid), the idempotency key of a payment, order, voucher,
 * wishlist, subscription and referral invitation ids, gift-card, e-gift and voucher codes, the customer token. None
 * may succeed: an attempt naming the victim's thing is refused, no answer carries anything of
 * the victim's, and afterwards the victim sees everything of theirs as it was. Sequential ids
 * reveal nothing: another customer's order 41 answers exactly as an order that never existed.
 */
import { eq } from "@deals/db";
import { users } from "@deals/db/schema/accounts";
import type { Document } from "openapi-backend";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING,
  type CommerceTestApp,
  card,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
} from "../modules/checkout/test-support.ts";
import { exampleValue, type Knowns, type Operation, operationsOf } from "./bad-requests.ts";
import { PUBLIC_OPERATIONS } from "./public-operations.ts";

/** The victim's things, by the parameter or field name that takes them. */
interface Victim {
  customer: TestCustomer;
  /** Every value of the victim's for a parameter or field name; the first is the default. */
  values: Record<string, (string | number)[]>;
  /** A path's `{id}` by the resource named before it (`/v1/order/{id}`: "order"). */
  ids: Record<string, number | string>;
  /** Strings only the victim's own answers may contain. */
  markers: string[];
  /** What the victim sees of their own things. */
  snapshot(): Promise<Record<string, unknown>>;
}

/** Fields that name one of the victim's things: an attempt that carries one must be refused. */
const OWNED_REFERENCES = new Set([
  "basketToken",
  "voucherId",
  "code",
  "id",
  "idempotency-key",
  "order",
  "reference",
  "productOrderId",
]);

let t: CommerceTestApp;
let document: Document;
let victim: Victim;

beforeAll(async () => {
  t = await startCommerceApp();
  document = (await t.app.inject({ url: "/openapi.json" })).json();
  victim = await makeVictim();
});
afterAll(() => t.close());

async function makeVictim(): Promise<Victim> {
  const customer = await t.createCustomer();
  await t.db.update(users).set({ lastName: "Quillfeather" }).where(eq(users.id, customer.id));
  const sender = await t.createCustomer();
  const product = await t.freshProduct({ left: 1_000 });

  const paidToken = await t.newBasket([product], customer);
  const key = idempotencyKey();
  const paid = await t.call({
    method: "POST",
    url: `/v1/checkout/${paidToken}`,
    customer,
    headers: { "idempotency-key": key },
    body: { address: BILLING, payment: { method: "credit_card", card: card("4111111111111111") } },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const order = paid.json() as {
    productOrder: { id: number; reference: string };
    vouchers: { code: string }[];
  };

  const giftCardCode = await t.buyGiftCard(customer, 2500);
  const redeemed = await t.call({
    method: "POST",
    url: "/v1/gift-card/redeem",
    customer,
    body: { code: giftCardCode },
  });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  const eGift = await t.sendEGift(sender, customer.email);
  const claimed = await t.call({
    method: "POST",
    url: "/v1/gift/claim",
    customer,
    body: { code: eGift.code },
  });
  expect(claimed.statusCode, claimed.body).toBe(200);

  const openToken = await t.newBasket([product], customer);
  await t.creditWallet(customer, "refundable", 1_234);
  const wishlist = await t.call({ method: "POST", url: `/v1/wishlist/deal/${product.dealId}`, customer });
  expect(wishlist.statusCode, wishlist.body).toBe(201);
  const wishlistId = wishlist.json().id as string;
  const { locations } = (await t.call({ method: "GET", url: "/v1/locations" })).json() as {
    locations: { shortName: string }[];
  };
  const location = locations[0]!.shortName;
  const subscription = await t.call({
    method: "POST",
    url: "/v1/user/subscriptions",
    customer,
    body: { location },
  });
  expect(subscription.statusCode, subscription.body).toBe(201);
  const friendEmail = `friend.${idempotencyKey().slice(0, 10)}@mail.example.co.uk`;
  const invitation = await t.call({
    method: "POST",
    url: "/v1/user/raf/invite",
    customer,
    body: { email: friendEmail },
  });
  expect(invitation.statusCode, invitation.body).toBe(200);
  const vouchers = (await t.call({ method: "GET", url: "/v1/voucher", customer })).json().vouchers as {
    id: number;
    code: string;
  }[];
  expect(vouchers.length).toBeGreaterThanOrEqual(3);
  const voucherIds = vouchers.map((v) => v.id);

  const reads = [
    "/v1/user",
    `/v1/basket/${openToken}`,
    `/v1/checkout/${openToken}`,
    `/v1/order/${order.productOrder.id}`,
    `/v1/order/reference/${order.productOrder.reference}`,
    "/v1/voucher",
    ...voucherIds.map((id) => `/v1/voucher/${id}`),
    "/v1/user/wallet",
    "/v1/user/wallet/history",
    `/v1/wishlist/${wishlistId}`,
    "/v1/user/subscriptions",
    "/v1/user/gifts",
    "/v1/loyalty",
    "/v1/buy-again",
    "/v1/user/insights",
    "/v1/user/raf/status",
  ];
  return {
    customer,
    values: {
      basketToken: [openToken, paidToken],
      customerToken: [customer.customerToken],
      code: [giftCardCode, eGift.code, order.vouchers[0]!.code],
      voucherId: voucherIds,
      "idempotency-key": [key],
      // The order's reference, by each name that takes it.
      order: [order.productOrder.reference],
      reference: [order.productOrder.reference],
      productOrderId: [order.productOrder.reference],
      email: [customer.email],
      dealId: [product.dealId],
      productId: [product.productId],
      location: [location],
      points: [100],
    },
    ids: {
      order: order.productOrder.id,
      voucher: voucherIds[0]!,
      wishlist: wishlistId,
      subscriptions: subscription.json().id as number,
      invite: invitation.json().status.referrals[0].id as number,
    },
    markers: [
      customer.email,
      customer.customerToken,
      "Quillfeather",
      openToken,
      paidToken,
      key,
      wishlistId,
      friendEmail,
      order.productOrder.reference,
      giftCardCode,
      eGift.code,
      ...vouchers.map((v) => v.code),
    ],
    async snapshot() {
      const seen: Record<string, unknown> = {};
      for (const url of reads) {
        const response = await t.call({ method: "GET", url, customer });
        seen[url] = { status: response.statusCode, body: response.body };
      }
      return seen;
    },
  };
}

interface Attempt {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** The victim's things the request names: it must be refused. */
  names: string[];
}

/** The resource a path parameter belongs to: the segment before it. */
function resourceOf(path: string, parameter: string): string {
  const segments = path.split("/");
  const at = segments.indexOf(`{${parameter}}`);
  return segments[at - 1] ?? "";
}

/** One attempt for each of the victim's values of each field, the others at their first value. */
function attemptsFor(operation: Operation, v: Victim): Attempt[] {
  const slots = [
    ...operation.parameters.map((p) => ({ name: p.name, where: p.in })),
    ...Object.keys((operation.body?.properties ?? {}) as object).map((name) => ({ name, where: "body" })),
  ];
  const candidates = (name: string, where: string): (string | number)[] | undefined => {
    if (where === "path" && name === "id") {
      const resource = resourceOf(operation.path, name);
      return resource in v.ids ? [v.ids[resource]!] : undefined;
    }
    return v.values[name];
  };
  for (const slot of slots) {
    if (slot.where === "path" && !candidates(slot.name, slot.where))
      throw new Error(
        `${operation.id}: no value of a customer's for {${slot.name}}; give the victim one, or list the operation in public-operations.ts with the reason it may answer anyone`,
      );
  }
  const variants: Record<string, string | number>[] = [{}];
  for (const slot of slots) {
    const values = candidates(slot.name, slot.where) ?? [];
    for (const value of values.slice(1)) variants.push({ [slot.name]: value });
  }
  const attempts = variants.map((variant): Attempt => {
    const pick = (name: string, where: string) => variant[name] ?? candidates(name, where)?.[0];
    const names: string[] = [];
    const note = (name: string, value: unknown) => {
      if (OWNED_REFERENCES.has(name) && value !== undefined) names.push(`${name}=${value}`);
    };
    let path = operation.path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    for (const parameter of operation.parameters) {
      const value = pick(parameter.name, parameter.in);
      if (parameter.in === "path") {
        path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
        note(parameter.name, value);
      } else if (parameter.in === "query" && value !== undefined) {
        query.set(parameter.name, String(value));
        note(parameter.name, value);
      } else if (parameter.in === "header" && parameter.name === "idempotency-key") {
        headers[parameter.name] = String(value ?? idempotencyKey());
        note(parameter.name, value);
      }
    }
    const bodyValues: Knowns["values"] = {};
    for (const name of Object.keys(v.values)) {
      const value = pick(name, "body");
      if (value !== undefined) bodyValues[name] = [value];
    }
    const body = operation.body ? exampleValue(document, bodyValues, operation.body, "body") : undefined;
    if (body && typeof body === "object") for (const [name, value] of Object.entries(body)) note(name, value);
    const search = query.toString();
    return {
      method: operation.method,
      url: search ? `${path}?${search}` : path,
      headers,
      ...(body === undefined ? {} : { body }),
      names,
    };
  });
  return attempts.filter(
    (attempt, i) => attempts.findIndex((a) => a.url === attempt.url && a.body === attempt.body) === i,
  );
}

/** The victim with every owned reference swapped for one nobody has, for comparison. */
function decoyOf(v: Victim): Victim {
  const decoy = (value: string | number, i: number) =>
    typeof value === "number"
      ? 2_000_000_000 - i
      : Array.from(value, (_, j) => "abcdefghjkmnpqrstuvwxyz23456789"[(i * 7 + j) % 31]).join("");
  const values = Object.fromEntries(
    Object.entries(v.values).map(([name, list]) => [
      name,
      OWNED_REFERENCES.has(name) || name === "customerToken" ? list.map(decoy) : list,
    ]),
  );
  const ids = Object.fromEntries(Object.entries(v.ids).map(([name, id], i) => [name, decoy(id, i)]));
  return { ...v, values, ids };
}

const swept = () => operationsOf(document).filter((operation) => !(operation.id in PUBLIC_OPERATIONS));

describe("authorisation sweep over every operation of /openapi.json", () => {
  it("lists only operations that exist as public", () => {
    const operations = new Set(operationsOf(document).map((o) => o.id));
    expect(Object.keys(PUBLIC_OPERATIONS).filter((id) => !operations.has(id))).toEqual([]);
  });

  it("lets neither a guest nor another customer read or change a customer's things", async () => {
    const before = await victim.snapshot();
    const problems: string[] = [];
    let attempts = 0;
    let refusedNamed = 0;
    const decoy = decoyOf(victim);
    for (const operation of swept()) {
      const decoys = attemptsFor(operation, decoy);
      for (const [i, attempt] of attemptsFor(operation, victim).entries()) {
        const other = await t.createCustomer();
        for (const [who, as] of [
          ["a guest", undefined],
          ["another customer", other],
        ] as const) {
          attempts++;
          const send = (a: Attempt) =>
            t.call({
              method: a.method as "GET",
              url: a.url,
              headers: a.headers,
              ...(as ? { customer: as } : {}),
              ...(a.body === undefined ? {} : { body: a.body }),
            });
          const response = await send(attempt);
          const where = `${attempt.method} ${attempt.url} as ${who} answered ${response.statusCode}`;
          const sent = JSON.stringify(attempt);
          const answer = `${response.body} ${JSON.stringify(response.headers)}`;
          const leaked = victim.markers.filter((m) => answer.includes(m) && !sent.includes(m));
          if (leaked.length > 0) problems.push(`${where} with the victim's ${leaked.join(", ")}`);
          if (attempt.names.length > 0) {
            // Answered: only as it answers the same request for things nobody has (a list filtered
            // to the caller's own, say), so the victim's values made no difference.
            const unknown = response.statusCode < 400 ? await send(decoys[i]!) : undefined;
            if (!unknown) refusedNamed++;
            else if (unknown.statusCode !== response.statusCode || unknown.body !== response.body)
              problems.push(`${where} for the victim's ${attempt.names.join(", ")}`);
          }
          if (response.statusCode >= 500) problems.push(`${where}: ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await victim.snapshot()).toEqual(before);
    // The sweep reached the customer routes: most of its attempts named one of the victim's things.
    expect(swept().length).toBeGreaterThan(40);
    expect(refusedNamed).toBeGreaterThan(attempts / 2);
  }, 300_000);

  it("answers another customer's sequential ids exactly as ids that never existed", async () => {
    const stranger = await t.createCustomer();
    const numeric = swept().filter(
      (o) =>
        o.method === "GET" &&
        /\{id\}/.test(o.path) &&
        typeof victim.ids[resourceOf(o.path, "id")] === "number",
    );
    expect(numeric.map((o) => o.id)).toEqual(
      expect.arrayContaining(["GET /v1/order/{id}", "GET /v1/voucher/{id}", "GET /v1/voucher/{id}/pdf"]),
    );
    for (const operation of numeric) {
      const mine = victim.ids[resourceOf(operation.path, "id")] as number;
      const get = async (id: number) => {
        const response = await t.call({
          method: "GET",
          url: operation.path.replace("{id}", String(id)),
          customer: stranger,
        });
        return { status: response.statusCode, body: response.body };
      };
      const never = await get(2_000_000_000);
      expect(never.status).toBe(404);
      for (let id = Math.max(1, mine - 5); id <= mine + 5; id++)
        expect(await get(id), `${operation.id} with id ${id}`).toEqual(never);
    }
  });

  it("gives consecutive orders references that have nothing in common", async () => {
    const shopper = await t.createCustomer();
    const product = await t.freshProduct({ left: 10 });
    const orders: { id: number; reference: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const paid = await t.payByCard(await t.newBasket([product], shopper), shopper);
      orders.push(paid.json().productOrder);
    }
    const [first, second] = orders as [{ id: number; reference: string }, { id: number; reference: string }];
    expect(second.id).toBe(first.id + 1);
    const distance = BigInt(`0x${second.reference}`) - BigInt(`0x${first.reference}`);
    expect(distance < 0n ? -distance : distance).toBeGreaterThan(2n ** 32n);
  });

  it("does not serve the development tools in production", async () => {
    const developmentOnly = Object.entries(PUBLIC_OPERATIONS)
      .filter(([, reason]) => reason.startsWith("development only"))
      .map(([id]) => id);
    expect(developmentOnly.length).toBeGreaterThan(0);
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    const production = await startCommerceApp({ database: t.database });
    try {
      const paths = Object.keys(
        ((await production.app.inject({ url: "/openapi.json" })).json() as Document).paths ?? {},
      );
      for (const id of developmentOnly) expect(paths).not.toContain(id.split(" ")[1]);
      for (const id of developmentOnly) {
        const [method, path] = id.split(" ") as [string, string];
        const response = await production.call({ method: method as "GET", url: path, body: {} });
        expect(response.statusCode, id).toBe(404);
      }
    } finally {
      await production.close();
      process.env.NODE_ENV = before;
    }
  });
});
