/** E-gifts: issued with their order, claimed once by whoever the claim link reached. */
import { and, type Db, type DbTransaction, desc, eq, sql } from "@deals/db";
import { users } from "@deals/db/schema/accounts";
import { deals } from "@deals/db/schema/catalogue";
import { gifts, orderLines, vouchers } from "@deals/db/schema/commerce";

/** Inserts the gifts not issued yet (one per voucher) and returns those it inserted. */
export async function insertGifts(tx: DbTransaction, rows: (typeof gifts.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return tx.insert(gifts).values(rows).onConflictDoNothing().returning();
}

/** The gift with this claim code as its recipient sees it, or null. */
export async function findGift(x: Db | DbTransaction, claimCode: string) {
  const [gift] = await x
    .select({
      id: gifts.id,
      voucherId: gifts.voucherId,
      senderId: gifts.senderId,
      senderName: users.firstName,
      message: gifts.message,
      claimedBy: gifts.claimedBy,
      claimedAt: gifts.claimedAt,
      voucherCode: vouchers.code,
      voucherStatus: vouchers.status,
      expiresAt: vouchers.expiresAt,
      dealHeadline: deals.headline,
      title: orderLines.title,
    })
    .from(gifts)
    .innerJoin(users, eq(users.id, gifts.senderId))
    .innerJoin(vouchers, eq(vouchers.id, gifts.voucherId))
    .innerJoin(orderLines, eq(orderLines.id, vouchers.orderLineId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(eq(gifts.claimCode, claimCode));
  return gift ?? null;
}

/**
 * Claims an unclaimed gift for `customerId` and moves its voucher into their account; false
 * when it was already claimed. The conditional update is the guard: of two claims at once,
 * one finds it unclaimed.
 */
export async function claimGift(tx: DbTransaction, giftId: number, customerId: number, now: Date) {
  const [claimed] = await tx
    .update(gifts)
    .set({ claimedBy: customerId, claimedAt: now })
    .where(and(eq(gifts.id, giftId), sql`${gifts.claimedBy} is null`))
    .returning({ voucherId: gifts.voucherId });
  if (!claimed) return false;
  await tx.update(vouchers).set({ customerId }).where(eq(vouchers.id, claimed.voucherId));
  return true;
}

/** The gifts a customer sent, newest first, with whether each was claimed. */
export async function giftsSentBy(db: Db, senderId: number) {
  return db
    .select({
      id: gifts.id,
      recipientEmail: gifts.recipientEmail,
      dealHeadline: deals.headline,
      title: orderLines.title,
      orderId: gifts.orderId,
      sentAt: gifts.createdAt,
      claimedAt: gifts.claimedAt,
    })
    .from(gifts)
    .innerJoin(vouchers, eq(vouchers.id, gifts.voucherId))
    .innerJoin(orderLines, eq(orderLines.id, vouchers.orderLineId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(eq(gifts.senderId, senderId))
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(50);
}
