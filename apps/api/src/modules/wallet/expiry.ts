/**
 * Marketing credit expiry: when a marketing credit's time comes, whatever of it is still in
 * the wallet comes off the balance with a ledger entry the customer sees ("Marketing credit
 * expired"). Each credit expires once, whatever the number of processes running the job:
 * claimExpiringCredit's conditional update is the guard.
 */
import type { Db } from "@deals/db";
import type { Currency } from "@deals/domain/brand";
import { formatMoney } from "@deals/domain/money";
import { expiringRemainderMinor } from "@deals/domain/wallet-ledger";
import { claimExpiringCredit, debitExpiredCredit, dueMarketingCredits } from "./queries.ts";

/** Credits looked at per round; a round repeats until none is due. */
const BATCH = 100;

/** Expires every marketing credit due by `now`; how many minor units it took in all. */
export async function expireMarketingCredit(db: Db, now: Date): Promise<number> {
  let taken = 0;
  for (;;) {
    const due = await dueMarketingCredits(db, now, BATCH);
    for (const entryId of due) {
      taken += await db.transaction(async (tx) => {
        const claimed = await claimExpiringCredit(tx, entryId, now);
        if (!claimed) return 0;
        const { entry, marketingBalanceMinor, laterCreditsMinor } = claimed;
        const left = expiringRemainderMinor(entry.amountMinor, marketingBalanceMinor, laterCreditsMinor);
        if (left > 0) {
          await debitExpiredCredit(tx, {
            customerId: entry.customerId,
            currency: entry.currency,
            amountMinor: left,
            description: `${entry.description}: ${formatMoney(left, entry.currency as Currency)} expired`,
            now,
          });
        }
        return left;
      });
    }
    if (due.length < BATCH) return taken;
  }
}
