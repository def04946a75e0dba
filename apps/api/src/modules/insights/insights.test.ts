/** GET /v1/user/insights: the signed-in shopper's dashboard, theirs only, in the site's currency. */
import { eq, inArray } from "@deals/db";
import { dealProducts } from "@deals/db/schema/catalogue";
import { vouchers } from "@deals/db/schema/commerce";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CommerceTestApp,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
  type TestProduct,
} from "../checkout/test-support.ts";
import type { Insights } from "./schemas.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

const insights = (customer?: TestCustomer) =>
  t.call({ method: "GET", url: "/v1/user/insights", ...(customer ? { customer } : {}) });

async function insightsOf(customer: TestCustomer): Promise<Insights> {
  const answer = await insights(customer);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers["cache-control"]).toBe("private, no-store");
  return answer.json();
}

/** A product priced `priceMinor`, "was" `wasMinor`. */
async function product(priceMinor: number, wasMinor: number): Promise<TestProduct> {
  const fresh = await t.freshProduct({ priceMinor, adminFeeMinor: 0 });
  await t.db
    .update(dealProducts)
    .set({ originalPriceMinor: wasMinor })
    .where(eq(dealProducts.id, fresh.productId));
  return fresh;
}

async function voucherIdsOf(customer: TestCustomer): Promise<number[]> {
  const list = await t.call({ method: "GET", url: "/v1/voucher", customer });
  return (list.json().vouchers as { id: number }[]).map((v) => v.id).sort((a, b) => a - b);
}

describe("GET /v1/user/insights", () => {
  it("starts at nothing saved, every voucher group empty, in the site's currency", async () => {
    const fresh = await insightsOf(await t.createCustomer());
    expect(fresh.currency).toBe("GBP");
    expect(fresh.savings).toEqual({
      savedMinor: 0,
      againstWasMinor: 0,
      promoMinor: 0,
      wouldHaveCostMinor: 0,
      percentSaved: 0,
      units: 0,
      orders: 0,
    });
    expect(fresh.vouchers.groups.every((g) => g.count === 0)).toBe(true);
    expect(fresh.vouchers.expiringSoon).toEqual([]);
    expect(fresh.wallet).toEqual({ balanceMinor: 0, marketingMinor: 0, refundableMinor: 0 });
    expect(fresh.vip).toEqual({ vipUser: false, endsAt: null, savedMinor: 0 });

    const irish = await insightsOf(await t.createCustomer({ brandId: "main-ie" }));
    expect(irish.currency).toBe("EUR");
  });

  it("adds up savings against was prices and promo codes, leaves refunded vouchers out, and warns of those expiring soon", async () => {
    const customer = await t.createCustomer();
    const spa = await product(2500, 10000);
    // Three spa vouchers with voucher protection, so one can be refunded to the wallet.
    const spaBasket = await t.newBasket([spa], customer, 3);
    const protection = await t.call({
      method: "POST",
      url: `/v1/basket/${spaBasket}/addon`,
      customer,
      body: { addonType: "DVP", quantity: 1 },
    });
    expect(protection.statusCode, protection.body).toBe(200);
    await t.payByCard(spaBasket, customer);
    const spaVouchers = await voucherIdsOf(customer);
    const refunded = await t.call({
      method: "POST",
      url: `/v1/voucher/${spaVouchers[0]}/refund`,
      customer,
      headers: { "idempotency-key": idempotencyKey() },
      body: { reason: "I no longer need it", destination: "wallet", confirmed: true },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const walletAmount = refunded.json().refund.walletAmount as number;
    expect(walletAmount).toBeGreaterThan(0);

    const code = `INSIGHT${Date.now().toString(36).toUpperCase()}`;
    await t.addPromo({ code, discountKind: "fixed", amountMinor: 500, currency: "GBP" });
    const dinner = await product(4000, 6000);
    const dinnerBasket = await t.newBasket([dinner], customer);
    expect((await t.applyPromo(customer, dinnerBasket, code)).statusCode).toBe(200);
    await t.payByCard(dinnerBasket, customer);
    // The spa vouchers now have 10 days left; the dinner's has its full 90.
    await t.db
      .update(vouchers)
      .set({ expiresAt: new Date(t.now().getTime() + 10 * DAY) })
      .where(inArray(vouchers.id, spaVouchers));

    const mine = await insightsOf(customer);
    expect(mine.savings).toEqual({
      againstWasMinor: 2 * (10000 - 2500) + (6000 - 4000),
      promoMinor: 500,
      savedMinor: 15000 + 2000 + 500,
      wouldHaveCostMinor: 2 * 10000 + 6000,
      percentSaved: Math.floor((17500 * 100) / 26000),
      units: 3,
      orders: 2,
    });
    expect(mine.vouchers.groups).toEqual([
      { group: "Available", count: 3 },
      { group: "Redeemed", count: 0 },
      { group: "In progress", count: 0 },
      { group: "Expired", count: 0 },
      { group: "Refunded", count: 1 },
    ]);
    expect(mine.vouchers.expiringSoonDays).toBe(14);
    expect(mine.vouchers.expiringSoon.map((v) => [v.id, v.daysLeft])).toEqual([
      [spaVouchers[1], 10],
      [spaVouchers[2], 10],
    ]);
    expect(mine.wallet).toEqual({
      balanceMinor: walletAmount,
      marketingMinor: 0,
      refundableMinor: walletAmount,
    });
    // The club's figures are the club page's own, the paid orders' points credited.
    const club = (await t.call({ method: "GET", url: "/v1/loyalty", customer })).json();
    expect(club.currentPoints).toBeGreaterThan(0);
    expect(mine.loyalty).toEqual({
      currentLevel: club.currentLevel,
      currentPoints: club.currentPoints,
      currentPointsWorth: club.currentPointsWorth,
      nextLevel: club.nextLevel?.name ?? null,
      pointsToNextLevel: club.pointsToNextLevel,
    });

    // Someone else sees only their own (nothing); nobody signed in sees nothing at all.
    expect((await insightsOf(await t.createCustomer())).savings.savedMinor).toBe(0);
    const anonymous = await insights();
    expect(anonymous.statusCode).toBe(401);
    expect(JSON.stringify(anonymous.json())).not.toContain("savings");
  });
});
