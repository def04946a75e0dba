/** Gift cards: the voucher behind a code, and the one redemption each code allows. */
import { and, type DbTransaction, eq } from "@deals/db";
import { deals } from "@deals/db/schema/catalogue";
import { giftCardRedemptions, orderLines, orders, vouchers } from "@deals/db/schema/commerce";

/** The gift-card voucher with this code (codes are matched case-insensitively), or null. */
export async function findGiftCard(tx: DbTransaction, code: string) {
  const [card] = await tx
    .select({
      voucherId: vouchers.id,
      status: vouchers.status,
      expiresAt: vouchers.expiresAt,
      currency: orders.currency,
      /** A card is worth what one unit of it cost. */
      valueMinor: orderLines.unitPriceMinor,
    })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(orders, eq(orders.id, vouchers.orderId))
    .innerJoin(orderLines, eq(orderLines.id, vouchers.orderLineId))
    .where(and(eq(vouchers.code, code.toUpperCase()), eq(deals.giftCard, true), eq(orders.status, "paid")));
  return card ?? null;
}

/**
 * Records the redemption; false when the card was already redeemed. On PostgreSQL a second
 * transaction inserting the same card waits for the first and then finds it there.
 */
export async function recordRedemption(
  tx: DbTransaction,
  redemption: typeof giftCardRedemptions.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(giftCardRedemptions)
    .values(redemption)
    .onConflictDoNothing()
    .returning({ voucherId: giftCardRedemptions.voucherId });
  return rows.length === 1;
}

export async function redemptionOf(tx: DbTransaction, voucherId: number) {
  const [row] = await tx
    .select()
    .from(giftCardRedemptions)
    .where(eq(giftCardRedemptions.voucherId, voucherId));
  return row ?? null;
}

export async function markRedeemed(tx: DbTransaction, voucherId: number): Promise<void> {
  await tx.update(vouchers).set({ status: "Redeemed" }).where(eq(vouchers.id, voucherId));
}
