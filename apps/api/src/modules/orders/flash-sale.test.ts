/**
 * Concurrency on PostgreSQL (design.md "Invariants"): a flash sale, a promo code's last uses
 * and a wallet's last credit, each raced by many checkouts at once in a random interleaving.
 * PGlite is one connection, so there these tests are skipped.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray } from "@deals/db";
import { productSalesWindows } from "@deals/db/schema/catalogue";
import { buyerProductPurchases, orders, promoCodes, sandboxTransactions } from "@deals/db/schema/commerce";
import { TEST_NOW } from "@deals/db/testing";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING,
  type CommerceTestApp,
  card,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
} from "../checkout/test-support.ts";
import { salesWindowStarts } from "../deals/service.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);
const SOLD_OUT_MESSAGES = ["This item is no longer available.", "Max quantity reached."];

let t: CommerceTestApp;
beforeAll(async () => {
  if (onPostgres) t = await startCommerceApp();
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

interface Attempt {
  customer: TestCustomer;
  token: string;
}

/** Fires every checkout at once, in a random order with random small delays. */
async function race(
  attempts: Attempt[],
  body: object,
): Promise<{ attempt: Attempt; response: LightMyRequestResponse }[]> {
  return Promise.all(
    shuffle(attempts).map(async (attempt) => {
      await sleep(Math.floor(Math.random() * 15));
      const response = await t.call({
        method: "POST",
        url: `/v1/checkout/${attempt.token}`,
        customer: attempt.customer,
        headers: { "idempotency-key": idempotencyKey() },
        body: {
          address: BILLING,
          payment: { method: "credit_card", card: card("4111111111111111") },
          ...body,
        },
      });
      return { attempt, response };
    }),
  );
}

describe.skipIf(!onPostgres)(
  "flash sale on PostgreSQL (skipped on PGlite: one connection cannot race)",
  () => {
    const STOCK_LEFT = 50;
    const DAILY_CAP = 60;
    const SOLD_EARLIER_TODAY = 15;
    const MAX_PER_CUSTOMER = 2;
    // 45: the day's cap runs out before the stock (50), and no customer may pass 2 units.
    const ALLOWED = Math.min(STOCK_LEFT, DAILY_CAP - SOLD_EARLIER_TODAY);

    for (const round of [1, 2, 3]) {
      it(`sells exactly ${ALLOWED} of 200 concurrent checkouts, never more (round ${round})`, async () => {
        const product = await t.freshProduct({
          left: STOCK_LEFT,
          dailyCap: DAILY_CAP,
          maxPerCustomer: MAX_PER_CUSTOMER,
        });
        const { dayStart } = salesWindowStarts(TEST_NOW);
        await t.db.insert(productSalesWindows).values({
          productId: product.productId,
          kind: "day",
          windowStart: dayStart,
          sold: SOLD_EARLIER_TODAY,
        });

        // 10 eager customers try 10 times each, 100 others once: 200 checkouts. A customer has
        // one basket, so an eager customer's ten tries are ten baskets filled as a guest (ten
        // browsers) and paid signed in: only the database's per-customer count can stop them.
        const eager = await Promise.all(Array.from({ length: 10 }, () => t.createCustomer()));
        const others = await Promise.all(Array.from({ length: 100 }, () => t.createCustomer()));
        const attempts: Attempt[] = [];
        for (const customer of eager.flatMap((c) => Array(10).fill(c) as TestCustomer[])) {
          attempts.push({ customer, token: await t.newBasket([product]) });
        }
        for (const customer of others) {
          attempts.push({ customer, token: await t.newBasket([product], customer) });
        }
        expect(attempts).toHaveLength(200);

        const results = await race(attempts, {});
        const sold = results.filter((r) => r.response.statusCode === 201);
        expect(sold).toHaveLength(ALLOWED);
        for (const { response } of results.filter((r) => r.response.statusCode !== 201)) {
          expect(response.statusCode, response.body).toBe(409);
          expect(SOLD_OUT_MESSAGES).toContain(response.json().error.message);
        }

        const row = await t.productRow(product.productId);
        expect(row.totalBought).toBe(product.totalBought + ALLOWED);
        expect(row.totalStock! - row.totalBought).toBeGreaterThanOrEqual(0);
        const [today] = await t.db
          .select()
          .from(productSalesWindows)
          .where(
            and(eq(productSalesWindows.productId, product.productId), eq(productSalesWindows.kind, "day")),
          );
        expect(today!.sold).toBe(SOLD_EARLIER_TODAY + ALLOWED);

        const buyers = [...eager, ...others].map((c) => c.id);
        const placed = await t.db.select().from(orders).where(inArray(orders.customerId, buyers));
        expect(placed.filter((o) => o.status === "paid")).toHaveLength(ALLOWED);
        // A refused checkout never became an order, so nothing was ever charged for it.
        expect(placed.filter((o) => o.status !== "paid")).toEqual([]);
        const references = placed.map((o) => `order-${o.id}`);
        const charged = await t.db
          .select()
          .from(sandboxTransactions)
          .where(inArray(sandboxTransactions.reference, references));
        expect(charged.filter((c) => c.status === "captured")).toHaveLength(ALLOWED);
        const perCustomer = new Map<number, number>();
        for (const order of placed)
          perCustomer.set(order.customerId, (perCustomer.get(order.customerId) ?? 0) + 1);
        expect(Math.max(...perCustomer.values())).toBeLessThanOrEqual(MAX_PER_CUSTOMER);
        const counters = await t.db
          .select()
          .from(buyerProductPurchases)
          .where(eq(buyerProductPurchases.productId, product.productId));
        expect(counters.reduce((sum, c) => sum + c.bought, 0)).toBe(ALLOWED);
      });
    }

    it("lets a promo code with 5 uses left be used exactly 5 times by 20 concurrent checkouts", async () => {
      await t.addPromo({ code: "FLASH5", discountKind: "percentage", percent: 10, maxUses: 5 });
      const attempts: Attempt[] = [];
      for (let i = 0; i < 20; i++) {
        const customer = await t.createCustomer();
        const token = await t.newBasket([await t.freshProduct()], customer);
        const applied = await t.applyPromo(customer, token, "FLASH5");
        expect(applied.statusCode).toBe(200);
        attempts.push({ customer, token });
      }
      const results = await race(attempts, {});
      expect(results.filter((r) => r.response.statusCode === 201)).toHaveLength(5);
      for (const { response } of results.filter((r) => r.response.statusCode !== 201)) {
        expect(response.statusCode).toBe(422);
        expect(response.json().error.message).toBe("This promo code has expired");
      }
      const [code] = await t.db.select().from(promoCodes).where(eq(promoCodes.code, "FLASH5"));
      expect(code!.timesUsed).toBe(5);
    });

    it("answers repeated clicks with a promo code and wallet credit with one order", async () => {
      await t.addPromo({ code: "TWIN10", discountKind: "percentage", percent: 10 });
      for (let round = 0; round < 5; round++) {
        const customer = await t.createCustomer();
        await t.creditWallet(customer, "refundable", 500);
        const product = await t.freshProduct({ left: 10, priceMinor: 2000 });
        const token = await t.newBasket([product], customer);
        const applied = await t.applyPromo(customer, token, "TWIN10");
        expect(applied.statusCode).toBe(200);
        const key = idempotencyKey();
        const clicks = await Promise.all(
          Array.from({ length: 4 }, async () => {
            await sleep(Math.floor(Math.random() * 5));
            return t.call({
              method: "POST",
              url: `/v1/checkout/${token}`,
              customer,
              headers: { "idempotency-key": key },
              body: {
                address: BILLING,
                useWallet: true,
                payment: { method: "credit_card", card: card("4111111111111111") },
              },
            });
          }),
        );
        expect(clicks.map((c) => c.statusCode).sort(), clicks.map((c) => c.body).join("\n")).toEqual([
          200, 200, 200, 201,
        ]);
        expect(new Set(clicks.map((c) => c.json().productOrder.id)).size).toBe(1);
        expect(await t.db.select().from(orders).where(eq(orders.customerId, customer.id))).toHaveLength(1);
        const wallet = (await t.call({ method: "GET", url: "/v1/user/wallet", customer })).json();
        expect(wallet[0].refundableBalance).toBe(0);
      }
    });

    it("never spends the same wallet credit twice", async () => {
      const customer = await t.createCustomer();
      await t.creditWallet(customer, "refundable", 3000);
      const attempts: Attempt[] = [];
      for (let i = 0; i < 6; i++) {
        attempts.push({
          customer,
          token: await t.newBasket([await t.freshProduct({ priceMinor: 2000 })], customer),
        });
      }
      const results = await race(attempts, { useWallet: true });
      const paid = results.filter((r) => r.response.statusCode === 201).map((r) => r.response.json());
      const creditUsed = paid.reduce((sum, order) => sum + order.walletAmountUsed, 0);
      expect(creditUsed).toBeLessThanOrEqual(3000);
      const wallet = (await t.call({ method: "GET", url: "/v1/user/wallet", customer })).json();
      expect(wallet[0].refundableBalance).toBe(3000 - creditUsed);
      expect(wallet[0].refundableBalance).toBeGreaterThanOrEqual(0);
      for (const { response } of results.filter((r) => r.response.statusCode !== 201)) {
        expect(response.json().error.code).toBe("WALLET_CHANGED");
      }
    });
  },
);
