/**
 * The wallet page's calls: balances and history (credit in, spent at checkout, expired), and
 * marketing credit expiring once by the scheduled job, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING,
  type CommerceTestApp,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
} from "../checkout/test-support.ts";
import { expireMarketingCredit } from "./expiry.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

const history = (customer: TestCustomer, query = "") =>
  t.call({ method: "GET", url: `/v1/user/wallet/history${query}`, customer });
/** The same customer signed in again (a session lapses over the months these tests skip). */
async function signInAgain(customer: TestCustomer): Promise<TestCustomer> {
  const session = await t.app.sessions.create({
    userId: customer.id,
    brandId: customer.brandId,
    rememberMe: false,
    now: t.now(),
  });
  return { ...customer, cookies: { sid: session.sid } };
}
const balances = async (customer: TestCustomer) =>
  (await t.call({ method: "GET", url: "/v1/user/wallet", customer })).json();

async function spendWallet(customer: TestCustomer, priceMinor: number) {
  const token = await t.newBasket([await t.freshProduct({ priceMinor })], customer);
  const paid = await t.call({
    method: "POST",
    url: `/v1/checkout/${token}`,
    customer,
    headers: { "idempotency-key": idempotencyKey() },
    body: {
      address: BILLING,
      useWallet: true,
      payment: {
        method: "credit_card",
        card: { number: "4111111111111111", expiry: "12/30", securityCode: "123" },
      },
    },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json().productOrder.id as number;
}

describe("GET /v1/user/wallet/history", () => {
  it("lists credit in and credit spent at checkout, newest first, with what each is", async () => {
    const customer = await t.createCustomer();
    await t.creditWallet(customer, "refundable", 1000);
    t.advance(1000);
    await t.creditWallet(customer, "marketing", 300);
    t.advance(1000);
    const orderId = await spendWallet(customer, 2000);

    const answer = await history(customer);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["cache-control"]).toContain("no-store");
    const { entries, count } = answer.json();
    expect(count).toBe(4);
    expect(entries.map((e: { label: string; amount: number }) => [e.label, e.amount])).toEqual([
      ["Spent at checkout", -1000],
      ["Spent at checkout", -200],
      ["Promotional credit", 300],
      ["Refund", 1000],
    ]);
    expect(entries[1]).toMatchObject({ orderId, currency: "GBP", kind: "marketing", expiresAt: null });
    expect(entries[2].expiresAt).toBe(new Date(t.now().getTime() - 1000 + 90 * DAY_MS).toISOString());
    expect(entries[3].expiresAt).toBeNull();

    const second = (await history(customer, "?page=1&pageSize=3")).json();
    expect(second).toMatchObject({ count: 4, page: 1, pageSize: 3 });
    expect(second.entries.map((e: { amount: number }) => e.amount)).toEqual([1000]);
  });

  it("shows a customer only their own entries, and asks for a sign-in", async () => {
    const [mine, theirs] = [await t.createCustomer(), await t.createCustomer()];
    await t.creditWallet(theirs, "refundable", 700);
    expect((await history(mine)).json()).toMatchObject({ entries: [], count: 0 });
    const signedOut = await t.call({ method: "GET", url: "/v1/user/wallet/history" });
    expect(signedOut.statusCode).toBe(401);
    for (const query of ["?page=-1", "?pageSize=51", "?page=x"]) {
      const bad = await history(mine, query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.message).toMatch(/\w/);
    }
  });
});

describe("marketing credit expiry", () => {
  it("takes what is left of each marketing credit once, spending counted against the soonest to expire", async () => {
    let customer = await t.createCustomer();
    await t.creditWallet(customer, "marketing", 500);
    await t.creditWallet(customer, "refundable", 800);
    t.advance(3_600_000);
    await t.creditWallet(customer, "marketing", 300);
    await spendWallet(customer, 2000); // 200 of marketing credit (10 %), then 800 refundable
    expect((await balances(customer))[0]).toMatchObject({ marketingBalance: 600, refundableBalance: 0 });

    // Nothing is due before its time.
    await expireMarketingCredit(t.db, t.now());
    expect((await balances(customer))[0].marketingBalance).toBe(600);

    t.advance(90 * DAY_MS - 1000);
    customer = await signInAgain(customer);
    await expireMarketingCredit(t.db, t.now());
    // The first 500 expired less the 200 spent; the later 300 stays.
    expect((await balances(customer))[0]).toMatchObject({ marketingBalance: 300, refundableBalance: 0 });
    await expireMarketingCredit(t.db, t.now());
    expect((await balances(customer))[0].marketingBalance).toBe(300);

    t.advance(3_600_000);
    await expireMarketingCredit(t.db, t.now());
    expect((await balances(customer))[0]).toMatchObject({ marketingBalance: 0, balance: 0 });

    const { entries } = (await history(customer)).json();
    const expired = entries.filter((e: { source: string }) => e.source === "expiry");
    expect(expired.map((e: { label: string; amount: number }) => [e.label, e.amount])).toEqual([
      ["Marketing credit expired", -300],
      ["Marketing credit expired", -300],
    ]);
    expect(expired[1].description).toBe("Test credit: £3 expired");
    expect(entries.filter((e: { expired: boolean }) => e.expired)).toHaveLength(2);
  });

  it("expires a credit once when two job runs race (PostgreSQL)", async () => {
    let customer = await t.createCustomer();
    for (let i = 0; i < 5; i++) await t.creditWallet(customer, "marketing", 100);
    t.advance(91 * DAY_MS);
    customer = await signInAgain(customer);
    await Promise.all([expireMarketingCredit(t.db, t.now()), expireMarketingCredit(t.db, t.now())]);
    expect((await balances(customer))[0].marketingBalance).toBe(0);
    const { entries } = (await history(customer)).json();
    expect(entries.filter((e: { source: string }) => e.source === "expiry")).toHaveLength(5);
  });
});
