/**
 * The referral credit job run by two processes at once, on PostgreSQL (PGlite has one
 * connection and cannot race): a second connection pool to the same database stands for the
 * second process. Every due referral is credited exactly once, a referrer's total never passes
 * the cap, and the wallets hold exactly what the referrals say.
 */
import { and, eq, openDatabase, sql } from "@deals/db";
import { walletEntries } from "@deals/db/schema/commerce";
import { referrals } from "@deals/db/schema/referral";
import { databaseUrl } from "@deals/db/testing";
import { REFERRAL_CREDIT_UP_TO_MINOR } from "@deals/domain/constants";
import { REFERRAL_CREDIT_PER_FRIEND_MINOR } from "@deals/domain/referral";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommerceTestApp, startCommerceApp, type TestCustomer } from "../checkout/test-support.ts";
import { settleReferrals } from "./credit.ts";

const DAY_MS = 86_400_000;
/** More friends than the cap pays for: the last ones are credited nothing. */
const FRIENDS_OVER_CAP = REFERRAL_CREDIT_UP_TO_MINOR / REFERRAL_CREDIT_PER_FRIEND_MINOR + 2;

describe.runIf(process.env.DATABASE_URL)("referral credit on two processes, on PostgreSQL", () => {
  let t: CommerceTestApp;
  let second: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    t = await startCommerceApp();
    const { rows } = await t.db.execute<{ name: string }>(sql`select current_database() as name`);
    second = await openDatabase({ databaseUrl: databaseUrl(process.env.DATABASE_URL!, rows[0]!.name) });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** Referrals of `referrer` whose friends paid 15 days ago: due now. */
  async function dueReferrals(referrer: TestCustomer, friends: number) {
    const paidAt = new Date(t.now().getTime() - 15 * DAY_MS);
    for (let i = 0; i < friends; i++) {
      const friend = await t.createCustomer();
      await t.db.insert(referrals).values({
        referrerId: referrer.id,
        friendId: friend.id,
        friendEmailKey: friend.email,
        friendName: "Friend",
        status: "pending",
        joinedAt: paidAt,
        friendPaidAt: paidAt,
        creditDueAt: new Date(paidAt.getTime() + 14 * DAY_MS),
        createdAt: paidAt,
      });
    }
  }

  const referralCredit = async (referrer: TestCustomer) => {
    const entries = await t.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.customerId, referrer.id), eq(walletEntries.source, "referral")));
    return { entries: entries.length, total: entries.reduce((sum, e) => sum + e.amountMinor, 0) };
  };

  it("credits every due referral once and keeps each referrer within the cap", async () => {
    const capped = await t.createCustomer();
    const few = await t.createCustomer();
    await dueReferrals(capped, FRIENDS_OVER_CAP);
    await dueReferrals(few, 5);

    const runs = await Promise.all([
      settleReferrals(t.db, t.now()),
      settleReferrals(second.db, t.now()),
      settleReferrals(t.db, t.now()),
      settleReferrals(second.db, t.now()),
    ]);
    expect(runs.reduce((sum, run) => sum + run.credited, 0)).toBe(FRIENDS_OVER_CAP + 5);
    expect((await settleReferrals(second.db, t.now())).credited).toBe(0);

    expect(await referralCredit(capped)).toEqual({
      entries: REFERRAL_CREDIT_UP_TO_MINOR / REFERRAL_CREDIT_PER_FRIEND_MINOR,
      total: REFERRAL_CREDIT_UP_TO_MINOR,
    });
    expect(await referralCredit(few)).toEqual({ entries: 5, total: 5 * REFERRAL_CREDIT_PER_FRIEND_MINOR });

    const status = (await t.call({ method: "GET", url: "/v1/user/raf/status", customer: capped })).json();
    expect(status.stats.credited).toBe(FRIENDS_OVER_CAP);
    expect(status.creditEarned).toBe(REFERRAL_CREDIT_UP_TO_MINOR);
    const wallet = (await t.call({ method: "GET", url: "/v1/user/wallet", customer: capped })).json();
    expect(wallet[0].marketingBalance).toBe(REFERRAL_CREDIT_UP_TO_MINOR);
  });
});
