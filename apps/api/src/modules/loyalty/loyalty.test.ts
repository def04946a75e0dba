import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CommerceTestApp,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
} from "../checkout/test-support.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

/** Buys one unit of a fresh product at this price (no fees), paid by card. */
async function buy(customer: TestCustomer, priceMinor: number) {
  const product = await t.freshProduct({ priceMinor });
  await t.payByCard(await t.newBasket([product], customer), customer);
}

const status = async (customer: TestCustomer) => {
  const response = await t.call({ method: "GET", url: "/v1/loyalty", customer });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const exchange = (customer: TestCustomer, points: string | number, key?: string) =>
  t.call({
    method: "POST",
    url: `/v1/loyalty/exchange/${points}`,
    customer,
    ...(key ? { headers: { "idempotency-key": key } } : {}),
  });

const wallet = async (customer: TestCustomer) =>
  (await t.call({ method: "GET", url: "/v1/user/wallet", customer })).json();

describe("loyalty status", () => {
  it("starts at Pink with nothing to exchange, and needs a signed-in customer", async () => {
    const customer = await t.createCustomer();
    expect(await status(customer)).toMatchObject({
      currentLevel: "Pink",
      lifetimePoints: 0,
      currentPoints: 0,
      nextLevel: { name: "Bronze", exchangeRate: 0.01 },
      pointsToNextLevel: 100,
      canExchange: false,
      exchangePrompt: "You don't have enough points",
      loyaltyActivityDescriptions: [],
      playerActivityCountVO: { points: 0 },
    });
    expect((await t.call({ method: "GET", url: "/v1/loyalty" })).statusCode).toBe(401);
  });

  it("earns 10 points per pound paid, once per order, and reaches Bronze", async () => {
    const customer = await t.createCustomer();
    await buy(customer, 1_550);
    // Read twice at once: the order's points are still counted once.
    const [first] = await Promise.all([status(customer), status(customer)]);
    expect(first).toMatchObject({
      currentLevel: "Bronze",
      lifetimePoints: 150,
      currentPoints: 150,
      pointsToNextLevel: 850,
    });
    expect((await status(customer)).currentPoints).toBe(150);
    expect(first.loyaltyActivityDescriptions[0]).toMatchObject({ points: 150, kind: "purchase" });
    expect(first.exchangePrompt).toBe("Please select a number between 1 and 150 to exchange your points.");
    expect(first.currentPointsWorth).toBe("£1.50");
  });
});

describe("exchanging points for wallet credit", () => {
  it("refuses Pink, 0 points and numbers out of range with the spec's messages", async () => {
    const pink = await t.createCustomer();
    const refused = await exchange(pink, 10);
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      403,
      "Points can be exchanged from Bronze level upwards",
    ]);

    const customer = await t.createCustomer();
    await buy(customer, 2_000);
    for (const points of ["0", "201", "abc", "1.5"]) {
      const response = await exchange(customer, points);
      expect([response.statusCode, response.json().error.message], points).toEqual([
        422,
        "Please select a number between 1 and 200 to exchange your points.",
      ]);
    }
    expect((await status(customer)).currentPoints).toBe(200);
  });

  it("credits the wallet at the level's rate, once per idempotency key", async () => {
    const customer = await t.createCustomer();
    await buy(customer, 2_000);
    const key = idempotencyKey();
    const done = await exchange(customer, 150, key);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      points: 150,
      credit: 150,
      creditFormatted: "£1.50",
      currency: "GBP",
    });
    expect(done.json().status).toMatchObject({
      currentPoints: 50,
      lifetimePoints: 200,
      currentLevel: "Bronze",
    });
    const again = await exchange(customer, 150, key);
    expect(again.json()).toMatchObject({ points: 150, credit: 150 });
    expect(await wallet(customer)).toEqual([
      { currency: "GBP", marketingBalance: 150, refundableBalance: 0, balance: 150 },
    ]);
    expect((await status(customer)).loyaltyActivityDescriptions[0]).toMatchObject({
      points: -150,
      description: "Exchanged 150 points for £1.50 wallet credit",
    });

    const rest = await exchange(customer, 50);
    expect(rest.json().status.exchangePrompt).toBe("You don't have enough points");
    const none = await exchange(customer, 1);
    expect([none.statusCode, none.json().error.message]).toEqual([422, "You don't have enough points"]);
  });

  it("never spends the same points twice under concurrent exchanges", async () => {
    const customer = await t.createCustomer();
    await buy(customer, 1_000);
    await status(customer);
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange(customer, 60)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    expect((await status(customer)).currentPoints).toBe(40);
    expect((await wallet(customer))[0].marketingBalance).toBe(60);
  });
});

describe("points for viewing and sharing deals", () => {
  it("counts each deal once a day, up to the day's cap, only the customer's own record", async () => {
    const customer = await t.createCustomer();
    const deal = (await t.freshProduct()).dealId;
    const view = () =>
      t.call({
        method: "POST",
        url: "/v1/loyalty/view-deal",
        customer,
        body: { viewDeal: { dealId: deal } },
      });
    expect((await view()).json()).toMatchObject({ pointsEarned: 1, currentPoints: 1 });
    expect((await view()).json()).toMatchObject({ pointsEarned: 0, currentPoints: 1 });
    const share = await t.call({
      method: "POST",
      url: "/v1/loyalty/share-deal",
      customer,
      body: { shareDeal: { dealId: deal } },
    });
    expect(share.json()).toMatchObject({ pointsEarned: 5, currentPoints: 6 });
    const unknown = await t.call({
      method: "POST",
      url: "/v1/loyalty/view-deal",
      customer,
      body: { viewDeal: { dealId: 99999999 } },
    });
    expect(unknown.statusCode).toBe(404);

    const deals = await Promise.all(Array.from({ length: 12 }, async () => (await t.freshProduct()).dealId));
    const bulk = await t.call({
      method: "POST",
      url: "/v1/loyalty/events",
      customer,
      body: { customerToken: customer.customerToken, downloadToolbar: false, shareDeal: deals, viewDeal: [] },
    });
    // 6 points so far; the day's cap of 50 leaves room for 8 shares of 5 points.
    expect(bulk.json()).toMatchObject({ pointsEarned: 40, currentPoints: 46 });
    const other = await t.createCustomer();
    const notMine = await t.call({
      method: "POST",
      url: "/v1/loyalty/events",
      customer: other,
      body: { customerToken: customer.customerToken, shareDeal: [deal], viewDeal: [] },
    });
    expect(notMine.statusCode).toBe(404);

    // The next day in the deals' time zone (the session still lasts).
    t.advance(16 * 3_600_000);
    expect((await view()).json()).toMatchObject({ pointsEarned: 1 });
  });
});
