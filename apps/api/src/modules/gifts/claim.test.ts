import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommerceTestApp, startCommerceApp, type TestCustomer } from "../checkout/test-support.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

/** Sends an e-gift; its email is as the spec words it. */
async function sendEGift(buyer: TestCustomer, recipient: string): Promise<{ code: string; voucher: string }> {
  const { code, voucher, email } = await t.sendEGift(buyer, recipient);
  expect(email.subject).toBe("Sam sent you a gift from Dealmoor");
  expect(email.text).toContain('"Happy birthday!"');
  return { code, voucher };
}

const claim = (customer: TestCustomer | undefined, code: string) =>
  t.call({ method: "POST", url: "/v1/gift/claim", ...(customer ? { customer } : {}), body: { code } });

describe("e-gifts", () => {
  it("the recipient claims the gift and sees the voucher; the buyer sees it claimed", async () => {
    const [buyer, recipient, other] = [
      await t.createCustomer(),
      await t.createCustomer(),
      await t.createCustomer(),
    ];
    const { code, voucher } = await sendEGift(buyer, recipient.email);

    const sentBefore = await t.call({ method: "GET", url: "/v1/user/gifts", customer: buyer });
    expect(sentBefore.json().gifts).toEqual([
      expect.objectContaining({ recipientEmail: recipient.email, claimedAt: null }),
    ]);
    expect((await claim(buyer, code)).statusCode).toBe(422);

    const claimed = await claim(recipient, code);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({
      from: "Sam",
      message: "Happy birthday!",
      voucher: { code: voucher, status: "Ready to Redeem" },
    });
    const mine = await t.call({ method: "GET", url: "/v1/voucher", customer: recipient });
    expect(mine.json().vouchers.map((v: { code: string }) => v.code)).toEqual([voucher]);
    const theirs = await t.call({ method: "GET", url: "/v1/voucher", customer: buyer });
    expect(theirs.json().vouchers).toEqual([]);
    const sentAfter = await t.call({ method: "GET", url: "/v1/user/gifts", customer: buyer });
    expect(sentAfter.json().gifts[0].claimedAt).toBe(t.now().toISOString());

    // Claiming again is the same answer; anyone else is told the code is not recognised.
    expect((await claim(recipient, code)).json().voucher.code).toBe(voucher);
    const late = await claim(other, code);
    expect(late.statusCode).toBe(404);
    expect(late.json().error.message).toBe("Gift code not recognised");
    expect((await t.call({ method: "GET", url: "/v1/user/gifts", customer: other })).json().gifts).toEqual(
      [],
    );
  });

  it("refuses a wrong code, a signed-out visitor and bad input", async () => {
    const customer = await t.createCustomer();
    const wrong = await claim(customer, "not-a-real-gift-code");
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.message).toBe("Gift code not recognised");
    expect((await claim(undefined, "whatever")).statusCode).toBe(401);
    expect((await t.call({ method: "GET", url: "/v1/user/gifts" })).statusCode).toBe(401);
    for (const body of [{}, { code: "" }, { code: ["x"] }, { code: "x".repeat(101) }]) {
      const bad = await t.call({ method: "POST", url: "/v1/gift/claim", customer, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("gives a gift to one of two customers claiming it at the same moment (PostgreSQL)", async () => {
    const [buyer, first, second] = [
      await t.createCustomer(),
      await t.createCustomer(),
      await t.createCustomer(),
    ];
    const { code } = await sendEGift(buyer, "shared.inbox@mail.example.co.uk");
    const answers = await Promise.all([claim(first, code), claim(second, code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
  });
});
