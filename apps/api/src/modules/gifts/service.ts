/** Claiming an e-gift into the signed-in customer's account, and the gifts a customer sent. */
import type { Db } from "@deals/db";
import { giftClaimDecision } from "@deals/domain/gift-claim";
import { ApiError } from "../../errors.ts";
import { claimGift, findGift, giftsSentBy } from "./queries.ts";
import type { ClaimedGift, SentGifts } from "./schemas.ts";

export async function claimGiftFor(
  db: Db,
  customerId: number,
  code: string,
  now: Date,
): Promise<ClaimedGift> {
  return db.transaction(async (tx) => {
    let gift = await findGift(tx, code.trim());
    const decision = giftClaimDecision(gift, customerId);
    if (decision.outcome === "refused") {
      throw new ApiError(
        decision.status,
        decision.status === 404 ? "GIFT_NOT_FOUND" : "OWN_GIFT",
        decision.message,
      );
    }
    if (decision.outcome === "claim" && !(await claimGift(tx, gift!.id, customerId, now))) {
      // Claimed by someone else a moment ago: as unknown to this customer as any other.
      gift = await findGift(tx, code.trim());
      const again = giftClaimDecision(gift, customerId);
      if (again.outcome === "refused") throw new ApiError(again.status, "GIFT_NOT_FOUND", again.message);
    }
    const claimed = (await findGift(tx, code.trim()))!;
    return {
      from: claimed.senderName,
      message: claimed.message,
      claimedAt: (claimed.claimedAt ?? now).toISOString(),
      voucher: {
        code: claimed.voucherCode,
        status: claimed.voucherStatus,
        dealHeadline: claimed.dealHeadline,
        title: claimed.title,
        expiresAt: claimed.expiresAt.toISOString(),
      },
    };
  });
}

export async function sentGifts(db: Db, senderId: number): Promise<SentGifts> {
  const rows = await giftsSentBy(db, senderId);
  return {
    gifts: rows.map((row) => ({
      ...row,
      sentAt: row.sentAt.toISOString(),
      claimedAt: row.claimedAt?.toISOString() ?? null,
    })),
  };
}
