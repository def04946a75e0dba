import { and, eq } from "@deals/db";
import { outboxEmails } from "@deals/db/schema/accounts";
import { deals } from "@deals/db/schema/catalogue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommerceTestApp, startCommerceApp, type TestCustomer } from "../checkout/test-support.ts";
import { sendPriceDropEmails } from "./price-drops.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

async function newDeal() {
  return (await t.freshProduct()).dealId;
}

const call = (
  method: "GET" | "POST" | "DELETE" | "PATCH",
  url: string,
  customer?: TestCustomer,
  body?: unknown,
) => t.call({ method, url, ...(customer ? { customer } : {}), ...(body === undefined ? {} : { body }) });

const ids = (response: { json(): { deals: { id: number }[] } }) => response.json().deals.map((d) => d.id);

describe("a guest's wishlist", () => {
  it("is created with its first deal, added to, read by id, and emptied", async () => {
    const [a, b] = [await newDeal(), await newDeal()];
    const created = await call("POST", `/v1/wishlist/deal/${a}`);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(id.length).toBeGreaterThan(10);
    expect(ids(created)).toEqual([a]);

    t.advance(1000);
    const added = await call("POST", `/v1/wishlist/${id}/deal/${b}`);
    expect(added.statusCode).toBe(200);
    // Adding again changes nothing.
    await call("POST", `/v1/wishlist/${id}/deal/${b}`);
    const read = await call("GET", `/v1/wishlist/${id}?page=0&pageSize=50`);
    expect(read.statusCode).toBe(200);
    expect(read.headers["cache-control"]).toBe("private, no-store");
    expect(read.json()).toMatchObject({ id, quantity: 2, dealIds: [b, a], page: 0, pageSize: 50 });
    expect(ids(read)).toEqual([b, a]);

    const removed = await call("DELETE", `/v1/wishlist/${id}/deal/${b}`);
    expect(ids(removed)).toEqual([a]);
    const cleared = await call("DELETE", `/v1/wishlist/${id}/deal/all`);
    expect(cleared.json()).toMatchObject({ id, quantity: 0, deals: [] });
  });

  it("answers the spec's messages to bad input and 404 to what is not there", async () => {
    const error = (response: { statusCode: number; json(): { error: { message: string } } }) => [
      response.statusCode,
      response.json().error.message,
    ];
    expect(error(await call("POST", "/v1/wishlist/deal/abc"))).toEqual([400, "args malformed"]);
    expect(error(await call("POST", "/v1/wishlist/deal/%20"))).toEqual([400, "Deals missing"]);
    expect(error(await call("GET", "/v1/wishlist/deals?ids="))).toEqual([400, "Deals missing"]);
    expect(error(await call("GET", "/v1/wishlist/deals?ids=1,x"))).toEqual([400, "args malformed"]);
    expect(error(await call("GET", "/v1/wishlist"))).toEqual([400, "No Wish List ID"]);
    expect((await call("POST", "/v1/wishlist/deal/99999999")).statusCode).toBe(404);
    expect((await call("GET", "/v1/wishlist/not-a-list-id")).statusCode).toBe(404);
    expect((await call("POST", "/v1/wishlist/not-a-list-id/deal/100001")).statusCode).toBe(404);
    // Another brand's deal is not one this site can wish for.
    const irish = (await t.freshProduct({}, {}, "main-ie")).dealId;
    expect((await call("POST", `/v1/wishlist/deal/${irish}`)).statusCode).toBe(404);
  });

  it("looks deals up by id in the order asked", async () => {
    const [a, b] = [await newDeal(), await newDeal()];
    const response = await call("GET", `/v1/wishlist/deals?ids=${b},${a},99999999`);
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual([b, a]);
  });
});

describe("a customer's wishlist", () => {
  it("is theirs alone: found by their customer token, 404 to anyone else", async () => {
    const owner = await t.createCustomer();
    const other = await t.createCustomer();
    const deal = await newDeal();
    const created = await call("POST", `/v1/wishlist/deal/${deal}`, owner);
    const id = created.json().id as string;
    // Made while signed in, a second create adds to the same list.
    const again = await call("POST", `/v1/wishlist/deal/${await newDeal()}`, owner);
    expect(again.json().id).toBe(id);

    const mine = await call("GET", `/v1/wishlist?customerToken=${owner.customerToken}`, owner);
    expect(mine.json()).toMatchObject({ id, quantity: 2 });
    expect((await call("GET", `/v1/wishlist/${id}`, other)).statusCode).toBe(404);
    expect((await call("GET", `/v1/wishlist/${id}`)).statusCode).toBe(404);
    expect((await call("DELETE", `/v1/wishlist/${id}/deal/all`, other)).statusCode).toBe(404);
    expect((await call("GET", `/v1/wishlist?customerToken=${owner.customerToken}`, other)).statusCode).toBe(
      404,
    );
    const short = await call("GET", "/v1/wishlist?customerToken=abc", owner);
    expect([short.statusCode, short.json().error.message]).toEqual([400, "args malformed"]);
    // A customer without a list has an empty one.
    expect(
      (await call("GET", `/v1/wishlist?customerToken=${other.customerToken}`, other)).json(),
    ).toMatchObject({
      id: null,
      quantity: 0,
    });
  });

  it("takes a guest's list in on sign-in (PATCH merge), each deal once", async () => {
    const [a, b, c] = [await newDeal(), await newDeal(), await newDeal()];
    const customer = await t.createCustomer();
    const own = (await call("POST", `/v1/wishlist/deal/${b}`, customer)).json().id as string;
    await call("POST", `/v1/wishlist/${own}/deal/${c}`, customer);
    const guest = (await call("POST", `/v1/wishlist/deal/${a}`)).json().id as string;
    await call("POST", `/v1/wishlist/${guest}/deal/${b}`);

    const wrongToken = await call("PATCH", `/v1/wishlist/${guest}`, customer, {
      op: "merge",
      path: "/customerToken",
      value: "someone-else-entirely",
    });
    expect(wrongToken.statusCode).toBe(404);
    const badOp = await call("PATCH", `/v1/wishlist/${guest}`, customer, {
      op: "replace",
      path: "/customerToken",
      value: customer.customerToken,
    });
    expect([badOp.statusCode, badOp.json().error.message]).toEqual([400, "args malformed"]);

    const merged = await call("PATCH", `/v1/wishlist/${guest}`, customer, {
      operations: [{ op: "merge", path: "customerToken", value: customer.customerToken }],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().id).toBe(own);
    expect([...merged.json().dealIds].sort()).toEqual([a, b, c].sort());
    expect((await call("GET", `/v1/wishlist/${guest}`)).statusCode).toBe(404);

    // A customer without a list takes the guest list over as it is.
    const newcomer = await t.createCustomer();
    const second = (await call("POST", `/v1/wishlist/deal/${a}`)).json().id as string;
    const taken = await call("PATCH", `/v1/wishlist/${second}`, newcomer, [
      { op: "merge", path: "/customerToken", value: newcomer.customerToken },
    ]);
    expect(taken.json()).toMatchObject({ id: second, dealIds: [a] });
    expect((await call("GET", `/v1/wishlist/${second}`)).statusCode).toBe(404);
  });
});

describe("markers and the price-drop email", () => {
  it("marks a wished deal whose price dropped or that ends soon", async () => {
    const deal = await newDeal();
    const id = (await call("POST", `/v1/wishlist/deal/${deal}`)).json().id as string;
    expect((await call("GET", `/v1/wishlist/${id}`)).json().deals[0]).toMatchObject({
      priceDropped: false,
      endingSoon: false,
    });
    const [row] = await t.db.select({ price: deals.priceMinor }).from(deals).where(eq(deals.id, deal));
    await t.db
      .update(deals)
      .set({ priceMinor: row!.price - 100, closingDate: new Date(t.now().getTime() + 24 * HOUR) })
      .where(eq(deals.id, deal));
    expect((await call("GET", `/v1/wishlist/${id}`)).json().deals[0]).toMatchObject({
      priceDropped: true,
      endingSoon: true,
    });
  });

  it("emails a customer once when prices drop, then at most once a day, never twice under a race", async () => {
    const customer = await t.createCustomer();
    const deal = await newDeal();
    await call("POST", `/v1/wishlist/deal/${deal}`, customer);
    const emails = async () =>
      t.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.to, customer.email), eq(outboxEmails.template, "wishlist-price-drop")));
    const lowerPrice = async () => {
      const [row] = await t.db.select({ price: deals.priceMinor }).from(deals).where(eq(deals.id, deal));
      await t.db
        .update(deals)
        .set({ priceMinor: row!.price - 50 })
        .where(eq(deals.id, deal));
      return row!.price - 50;
    };

    expect(await sendPriceDropEmails(t.db, t.now())).toBe(0);
    const lowered = await lowerPrice();
    await Promise.all([sendPriceDropEmails(t.db, t.now()), sendPriceDropEmails(t.db, t.now())]);
    const first = await emails();
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain(`now £${(lowered / 100).toFixed(2).replace(/\.00$/, "")}`);
    expect(first[0]!.text).toContain("/wishlist");

    // Nothing new, or a new drop within the day: no second email.
    expect(await sendPriceDropEmails(t.db, t.now())).toBe(0);
    await lowerPrice();
    t.advance(23 * HOUR);
    await sendPriceDropEmails(t.db, t.now());
    expect(await emails()).toHaveLength(1);
    t.advance(1 * HOUR);
    await sendPriceDropEmails(t.db, t.now());
    expect(await emails()).toHaveLength(2);
  });
});
