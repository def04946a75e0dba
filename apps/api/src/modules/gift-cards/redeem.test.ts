import { eq } from "@deals/db";
import { vouchers } from "@deals/db/schema/commerce";
import type { BrandId } from "@deals/domain/brand";
import { GIFT_CARD_MESSAGES, giftCardExpiry } from "@deals/domain/gift-card";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING,
  type CommerceTestApp,
  card,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
} from "../checkout/test-support.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

const redeem = (customer: TestCustomer | undefined, code: string, brandId: BrandId = "main-uk") =>
  t.call({
    method: "POST",
    url: "/v1/gift-card/redeem",
    ...(customer ? { customer } : {}),
    brandId,
    body: { code },
  });

describe("POST /v1/gift-card/redeem", () => {
  it("puts the card's value in the redeemer's wallet once; the buyer sees it redeemed", async () => {
    const [buyer, friend, stranger] = [
      await t.createCustomer(),
      await t.createCustomer(),
      await t.createCustomer(),
    ];
    const code = await t.buyGiftCard(buyer, 2500);

    const redeemed = await redeem(friend, ` ${code.toLowerCase()} `);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toEqual({
      currency: "GBP",
      amount: 2500,
      alreadyRedeemed: false,
      wallet: [{ currency: "GBP", marketingBalance: 0, refundableBalance: 2500, balance: 2500 }],
    });
    const history = await t.call({ method: "GET", url: "/v1/user/wallet/history", customer: friend });
    expect(history.json().entries[0]).toMatchObject({
      source: "gift-card",
      label: "Gift card redeemed",
      description: `Gift card ${code}`,
      amount: 2500,
    });

    // A repeated request answers the same and adds nothing; anyone else is refused.
    const again = await redeem(friend, code);
    expect(again.json()).toMatchObject({ alreadyRedeemed: true, amount: 2500 });
    expect(again.json().wallet[0].balance).toBe(2500);
    const late = await redeem(stranger, code);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe("This gift card has already been redeemed.");

    const vouchers = await t.call({ method: "GET", url: "/v1/voucher", customer: buyer });
    expect(vouchers.json().vouchers[0]).toMatchObject({ code, status: "Redeemed" });
  });

  it("refuses a wrong code, an ordinary voucher's code, a signed-out visitor and bad input", async () => {
    const customer = await t.createCustomer();
    for (const code of ["NOPE-NOPE-NOPE", "x".repeat(40)]) {
      const wrong = await redeem(customer, code);
      expect(wrong.statusCode, code).toBe(404);
      expect(wrong.json().error.message).toBe("Gift card code not recognised.");
    }
    const token = await t.newBasket([await t.freshProduct({ priceMinor: 1500 })], customer);
    const paid = await t.call({
      method: "POST",
      url: `/v1/checkout/${token}`,
      customer,
      headers: { "idempotency-key": idempotencyKey() },
      body: { address: BILLING, payment: { method: "credit_card", card: card("4111111111111111") } },
    });
    expect((await redeem(customer, paid.json().vouchers[0].code)).statusCode).toBe(404);
    expect((await redeem(undefined, "ABCD-EFGH-JKLM")).statusCode).toBe(401);
    for (const body of [{}, { code: "" }, { code: 5 }, { code: "y".repeat(41) }]) {
      const bad = await t.call({ method: "POST", url: "/v1/gift-card/redeem", customer, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call({ method: "GET", url: "/v1/user/wallet", customer })).json()).toEqual([]);
  });

  it("redeems a euro card only on an Irish site, into euro credit", async () => {
    const irishBuyer = await t.createCustomer({ brandId: "main-ie" });
    const code = await t.buyGiftCard(irishBuyer, 2500);
    const uk = await t.createCustomer();
    const mismatch = await redeem(uk, code);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.message).toBe("Currencies of a redeemed code and the deal must match.");
    const irish = await t.createCustomer({ brandId: "main-ie" });
    const redeemed = await redeem(irish, code, "main-ie");
    expect(redeemed.json()).toMatchObject({ currency: "EUR", amount: 2500 });
  });

  it("redeems a code once when two tabs and another customer redeem it at the same moment (PostgreSQL)", async () => {
    const [buyer, mine, theirs] = [
      await t.createCustomer(),
      await t.createCustomer(),
      await t.createCustomer(),
    ];
    const code = await t.buyGiftCard(buyer, 1000);
    const answers = await Promise.all([redeem(mine, code), redeem(mine, code), redeem(theirs, code)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    const credited = answers.filter((a) => a.statusCode === 200 && !a.json().alreadyRedeemed);
    expect(credited).toHaveLength(1);
    const winner = credited[0]!.json().wallet[0];
    expect(winner.balance).toBe(1000);
    const balances = await Promise.all(
      [mine, theirs].map(async (c) =>
        (await t.call({ method: "GET", url: "/v1/user/wallet", customer: c })).json(),
      ),
    );
    expect(balances.flat().reduce((sum: number, w: { balance: number }) => sum + w.balance, 0)).toBe(1000);
    expect(statuses.filter((s) => s === 409).length).toBeLessThanOrEqual(2);
  });

  it("is valid for the 12 months its terms promise: redeemable after 11 months, not after 12", async () => {
    const buyer = await t.createCustomer();
    const boughtAt = t.now();
    const code = await t.buyGiftCard(buyer, 2500);
    const [voucher] = await t.db.select().from(vouchers).where(eq(vouchers.code, code));
    expect(voucher!.expiresAt).toEqual(giftCardExpiry(boughtAt));
    const late = await t.buyGiftCard(buyer, 2500);
    t.advance(giftCardExpiry(boughtAt).getTime() - boughtAt.getTime() - 30 * 86_400_000);
    // Signed in then: a session of a year ago would have ended.
    expect((await redeem(await t.createCustomer(), code)).statusCode).toBe(200);
    t.advance(31 * 86_400_000);
    const expired = await redeem(await t.createCustomer(), late);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.message).toBe(GIFT_CARD_MESSAGES.expired);
  });
});
