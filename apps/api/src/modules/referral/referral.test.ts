import { and, eq, sql } from "@deals/db";
import { outboxEmails, users } from "@deals/db/schema/accounts";
import { referrals } from "@deals/db/schema/referral";
import { REFERRAL_CREDIT_UP_TO_MINOR } from "@deals/domain/constants";
import { REFERRAL_CREDIT_PER_FRIEND_MINOR, REFERRAL_INVITES_PER_DAY } from "@deals/domain/referral";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CommerceTestApp,
  idempotencyKey,
  startCommerceApp,
  type TestCustomer,
} from "../checkout/test-support.ts";
import { settleReferrals } from "./credit.ts";

let t: CommerceTestApp;
beforeAll(async () => {
  t = await startCommerceApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
/** The moment this far after the app's now: the credit job is run as of it (the app's clock stays). */
const later = (ms: number) => new Date(t.now().getTime() + ms);

const status = async (customer: TestCustomer) => {
  const response = await t.call({ method: "GET", url: "/v1/user/raf/status?origin=web", customer });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const assign = (customer: TestCustomer, referralCode: string) =>
  t.call({ method: "POST", url: "/v1/user/raf/assign", customer, body: { referralCode } });

const invite = (customer: TestCustomer, email: string) =>
  t.call({ method: "POST", url: "/v1/user/raf/invite", customer, body: { email } });

const wallet = async (customer: TestCustomer) =>
  (await t.call({ method: "GET", url: "/v1/user/wallet", customer })).json();

/** Buys one unit of a fresh product as the customer, paid by card; the order's first voucher id. */
async function buy(customer: TestCustomer, priceMinor = 2_000): Promise<number> {
  const product = await t.freshProduct({ priceMinor }, {}, customer.brandId);
  const irish = { address: { addressLine1: "1 Main Street", town: "Dublin", postCode: "D02 AF30" } };
  await t.payByCard(
    await t.newBasket([product], customer),
    customer,
    customer.brandId === "main-ie" ? irish : {},
  );
  const vouchers = (await t.call({ method: "GET", url: "/v1/voucher", customer })).json();
  return vouchers.vouchers[0].id;
}

/** A referrer and a friend who joined through their link. */
async function referredFriend() {
  const referrer = await t.createCustomer();
  const { referralCode } = await status(referrer);
  const friend = await t.createCustomer();
  const joined = await assign(friend, referralCode);
  expect(joined.statusCode, joined.body).toBe(200);
  return { referrer, friend, referralCode };
}

describe("the referral link and code", () => {
  it("gives each customer one code and a link on their site, with empty stats", async () => {
    const customer = await t.createCustomer();
    const first = await status(customer);
    expect(first.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.referralLink).toBe(`http://main-uk.localhost:3000/raf/${first.referralCode}`);
    expect(first).toMatchObject({
      currency: "GBP",
      creditPerFriend: REFERRAL_CREDIT_PER_FRIEND_MINOR,
      creditPerFriendFormatted: "£10",
      creditUpTo: REFERRAL_CREDIT_UP_TO_MINOR,
      creditUpToFormatted: "£200",
      creditEarned: 0,
      pendingDays: 14,
      stats: { invited: 0, pending: 0, credited: 0, cancelled: 0 },
      referrals: [],
    });
    expect((await status(customer)).referralCode).toBe(first.referralCode);
    expect((await status(await t.createCustomer())).referralCode).not.toBe(first.referralCode);
    expect((await t.call({ method: "GET", url: "/v1/user/raf/status" })).statusCode).toBe(401);
  });

  it("counts links opened (answering whose link it is) and shared", async () => {
    const referrer = await t.createCustomer();
    const { referralCode } = await status(referrer);
    const opened = await t.call({
      method: "POST",
      url: "/v1/user/raf/stat/open",
      body: { referralCode: referralCode.toLowerCase() },
    });
    expect([opened.statusCode, opened.json()]).toEqual([200, { referrerFirstName: "Sam" }]);
    const shared = await t.call({
      method: "POST",
      url: "/v1/user/raf/stat/share",
      customer: referrer,
      body: { channel: "copy" },
    });
    expect(shared.json()).toEqual({ shares: 1 });
    expect(await status(referrer)).toMatchObject({ linkOpens: 1, shares: 1 });

    for (const code of ["ZZZZZZZZ", "nope"]) {
      const unknown = await t.call({
        method: "POST",
        url: "/v1/user/raf/stat/open",
        body: { referralCode: code },
      });
      expect([unknown.statusCode, unknown.json().error.message]).toEqual([
        404,
        "This referral link is not valid.",
      ]);
    }
    // A code belongs to its site: the Irish site does not know a UK customer's code.
    const elsewhere = await t.call({
      method: "POST",
      url: "/v1/user/raf/stat/open",
      brandId: "main-ie",
      body: { referralCode },
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe("joining through a friend's link", () => {
  it("makes a joined referral the referrer sees as invited", async () => {
    const { referrer, friend } = await referredFriend();
    const seen = await status(referrer);
    expect(seen.stats).toEqual({ invited: 1, pending: 0, credited: 0, cancelled: 0 });
    expect(seen.referrals[0]).toMatchObject({
      friendName: `${friend.firstName} ${friend.lastName[0]}.`,
      status: "joined",
      statusLabel: "Joined, no purchase yet",
    });
    // The friend's own status shows none of the referrer's referrals.
    expect((await status(friend)).referrals).toEqual([]);
  });

  it("refuses existing customers, the code's owner, a second referrer and unknown codes", async () => {
    const referrer = await t.createCustomer();
    const { referralCode } = await status(referrer);

    const customer = await t.createCustomer();
    await buy(customer);
    const existing = await assign(customer, referralCode);
    expect([existing.statusCode, existing.json().error.message]).toEqual([
      422,
      "Existing customers cannot be referred.",
    ]);

    const own = await assign(referrer, referralCode);
    expect([own.statusCode, own.json().error.message]).toEqual([
      422,
      "You cannot use your own referral link.",
    ]);

    const { friend } = await referredFriend();
    const again = await assign(friend, referralCode);
    expect([again.statusCode, again.json().error.message]).toEqual([
      422,
      "You have already joined through a friend's referral link.",
    ]);

    expect((await assign(await t.createCustomer(), "ABCDEFGH")).statusCode).toBe(404);
    expect((await assign(await t.createCustomer(), "")).statusCode).toBe(400);
    const anonymous = await t.call({ method: "POST", url: "/v1/user/raf/assign", body: { referralCode } });
    expect(anonymous.statusCode).toBe(401);
    expect((await status(referrer)).referrals).toEqual([]);
  });
});

describe("inviting friends by email", () => {
  it("emails the link once per address, refuses existing customers and bad addresses", async () => {
    const referrer = await t.createCustomer();
    const friendEmail = `friend.${idempotencyKey().slice(0, 10)}@mail.example.co.uk`;
    const sent = await invite(referrer, friendEmail);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(`Invitation sent to ${friendEmail}.`);
    expect(sent.json().status.stats.invited).toBe(1);
    expect(sent.json().status.referrals[0]).toMatchObject({ friendName: friendEmail, status: "invited" });

    const again = await invite(referrer, friendEmail.toUpperCase());
    expect(again.json().message).toBe(`You have already invited ${friendEmail.toUpperCase()}.`);
    const emails = await t.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, friendEmail), eq(outboxEmails.template, "referral-invitation")));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("Sam invited you to Dealmoor");
    expect(emails[0]!.text).toContain(sent.json().status.referralLink);

    const existing = await invite(referrer, (await t.createCustomer()).email);
    expect([existing.statusCode, existing.json().error.message]).toEqual([
      422,
      "Existing customers cannot be referred.",
    ]);
    const self = await invite(referrer, referrer.email);
    expect(self.statusCode).toBe(422);
    const bad = await invite(referrer, "not-an-address");
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, "email: Enter a valid email address"]);
    expect((await status(referrer)).stats.invited).toBe(1);
  });

  it(`sends at most ${REFERRAL_INVITES_PER_DAY} invitations a day`, async () => {
    const referrer = await t.createCustomer();
    const addresses = Array.from(
      { length: REFERRAL_INVITES_PER_DAY + 2 },
      (_, i) => `pal${i}.${idempotencyKey().slice(0, 8)}@mail.example.co.uk`,
    );
    const answers = await Promise.all(addresses.map((email) => invite(referrer, email)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(REFERRAL_INVITES_PER_DAY);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().error.message).toBe(
      `You can invite up to ${REFERRAL_INVITES_PER_DAY} friends a day. Please try again tomorrow.`,
    );
    // A day later the referrer may invite again: the day's invitations are moved a day back.
    await t.db
      .update(referrals)
      .set({ invitedAt: sql`${referrals.invitedAt} - interval '25 hours'` })
      .where(eq(referrals.referrerId, referrer.id));
    const late = await invite(referrer, `late.${idempotencyKey().slice(0, 8)}@mail.example.co.uk`);
    expect(late.statusCode, late.body).toBe(200);
  });

  it("withdraws the customer's own invitations only; another customer's answers 404", async () => {
    const referrer = await t.createCustomer();
    const sent = await invite(referrer, `withdrawn.${idempotencyKey().slice(0, 10)}@mail.example.co.uk`);
    const id = sent.json().status.referrals[0].id as number;
    const withdraw = (customer: TestCustomer, which: number | string) =>
      t.call({ method: "DELETE", url: `/v1/user/raf/invite/${which}`, customer });

    const stranger = await t.createCustomer();
    const theirs = await withdraw(stranger, id);
    expect([theirs.statusCode, theirs.json().error.message]).toEqual([
      404,
      "There is no such invitation to withdraw.",
    ]);
    expect((await status(referrer)).stats.invited).toBe(1);
    expect((await t.call({ method: "DELETE", url: `/v1/user/raf/invite/${id}` })).statusCode).toBe(401);
    expect((await withdraw(referrer, "abc")).statusCode).toBe(400);

    const done = await withdraw(referrer, id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().referrals).toEqual([]);
    expect((await withdraw(referrer, id)).statusCode).toBe(404);

    // A friend who joined is no longer an invitation to withdraw.
    const { referrer: other } = await referredFriend();
    const joinedId = (await status(other)).referrals[0].id as number;
    expect((await withdraw(other, joinedId)).statusCode).toBe(404);
  });

  it("turns an invitation into the friend's referral when they join", async () => {
    const referrer = await t.createCustomer();
    const email = `invited.${idempotencyKey().slice(0, 10)}@mail.example.co.uk`;
    expect((await invite(referrer, email)).statusCode).toBe(200);
    // The invited friend registers with that address.
    const friend = await t.createCustomer();
    await t.db.update(users).set({ email, emailKey: email }).where(eq(users.id, friend.id));
    const { referralCode } = await status(referrer);
    const joined = await assign({ ...friend, email }, referralCode);
    expect(joined.json().message).toBe("You joined through Sam's invitation.");
    const seen = await status(referrer);
    expect(seen.referrals).toHaveLength(1);
    expect(seen.referrals[0]).toMatchObject({ status: "joined", friendName: "Sam S." });
  });
});

describe("the credit", () => {
  it("is pending for 14 days after the friend's first order, then credited to the wallet once", async () => {
    const { referrer, friend } = await referredFriend();
    await buy(friend);
    const pending = await status(referrer);
    expect(pending.stats).toEqual({ invited: 0, pending: 1, credited: 0, cancelled: 0 });
    expect(pending.referrals[0].creditDueAt).toBe(new Date(t.now().getTime() + 14 * DAY_MS).toISOString());
    // A second order changes nothing.
    await buy(friend);

    expect((await settleReferrals(t.db, later(14 * DAY_MS - 1_000))).credited).toBe(0);
    const due = later(14 * DAY_MS);
    const runs = await Promise.all([settleReferrals(t.db, due), settleReferrals(t.db, due)]);
    expect(runs.map((r) => r.credited).sort()).toEqual([0, 1]);
    expect((await settleReferrals(t.db, later(20 * DAY_MS))).credited).toBe(0);

    const credited = await status(referrer);
    expect(credited.stats).toEqual({ invited: 0, pending: 0, credited: 1, cancelled: 0 });
    expect(credited).toMatchObject({ creditEarned: 1_000, creditEarnedFormatted: "£10" });
    expect(credited.referrals[0]).toMatchObject({
      status: "credited",
      credit: 1_000,
      creditFormatted: "£10",
    });
    expect(await wallet(referrer)).toEqual([
      { currency: "GBP", marketingBalance: 1_000, refundableBalance: 0, balance: 1_000 },
    ]);
    const history = (
      await t.call({ method: "GET", url: "/v1/user/wallet/history", customer: referrer })
    ).json();
    expect(JSON.stringify(history)).toContain("Refer a friend");
  });

  it("is cancelled when the friend is refunded within the window", async () => {
    const { referrer, friend } = await referredFriend();
    const voucherId = await buy(friend);
    const refunded = await t.call({
      method: "POST",
      url: `/v1/voucher/${voucherId}/refund`,
      customer: friend,
      headers: { "idempotency-key": idempotencyKey() },
      body: { reason: "I no longer need it", destination: "wallet", confirmed: true },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const cancelled = await status(referrer);
    expect(cancelled.stats).toEqual({ invited: 0, pending: 0, credited: 0, cancelled: 1 });
    expect(cancelled.referrals[0].statusLabel).toBe("Cancelled: friend refunded");
    expect((await settleReferrals(t.db, later(15 * DAY_MS))).credited).toBe(0);
    expect(await wallet(referrer)).toEqual([]);
  });

  it("credits in the referrer's currency on the Irish site", async () => {
    const referrer = await t.createCustomer({ brandId: "main-ie" });
    const { referralCode, currency } = await status(referrer);
    expect(currency).toBe("EUR");
    const friend = await t.createCustomer({ brandId: "main-ie" });
    expect((await assign(friend, referralCode)).statusCode).toBe(200);
    await buy(friend);
    await settleReferrals(t.db, later(14 * DAY_MS));
    expect((await wallet(referrer))[0]).toMatchObject({ currency: "EUR", marketingBalance: 1_000 });
  });
});
