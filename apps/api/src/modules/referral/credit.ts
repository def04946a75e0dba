/**
 * The referral credit (product.md §4 "Referral"): friends' first paid orders make their
 * referrals pending, refunds within the window cancel them, and once the 14-day window has
 * passed the referrer's wallet is credited (marketing credit, source "referral"). Each
 * referral is credited once, whatever the number of processes running this at once:
 * claimCredit's conditional update is the guard, and the referrer's lock keeps their total
 * within the cap.
 */
import type { Db } from "@deals/db";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { formatMoney } from "@deals/domain/money";
import { referralCreditMinor } from "@deals/domain/referral";
import { addWalletCredit } from "../wallet/queries.ts";
import {
  cancelRefunded,
  claimCredit,
  creditedSoFar,
  dueReferrals,
  lockCode,
  markFriendsPaid,
  recordCredit,
} from "./queries.ts";

/** Referrals looked at per round; a round repeats until none is due. */
const BATCH = 100;

export interface ReferralRun {
  pending: number;
  cancelled: number;
  credited: number;
}

export async function settleReferrals(db: Db, now: Date): Promise<ReferralRun> {
  const pending = await markFriendsPaid(db);
  const cancelled = await cancelRefunded(db, now);
  let credited = 0;
  for (;;) {
    const due = await dueReferrals(db, now, BATCH);
    for (const id of due) {
      const done = await db.transaction(async (tx) => {
        const claimed = await claimCredit(tx, id, now);
        if (!claimed) return false;
        await lockCode(tx, claimed.referrerId);
        const currency = BRANDS[claimed.brandId as BrandId].currency;
        const creditMinor = referralCreditMinor(await creditedSoFar(tx, claimed.referrerId));
        await recordCredit(tx, id, { creditMinor, currency });
        await addWalletCredit(tx, {
          customerId: claimed.referrerId,
          currency,
          kind: "marketing",
          source: "referral",
          amountMinor: creditMinor,
          description: `Refer a friend: ${claimed.friendName}'s first order (${formatMoney(creditMinor, currency)})`,
          now,
        });
        return true;
      });
      if (done) credited++;
    }
    if (due.length < BATCH) return { pending, cancelled, credited };
  }
}
