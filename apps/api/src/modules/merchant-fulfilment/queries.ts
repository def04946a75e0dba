/** Shop items as their merchant sees them: only vouchers of its own product deals. */
import { and, type Db, type DbTransaction, eq, inArray, isNull, or } from "@deals/db";
import { users } from "@deals/db/schema/accounts";
import { voucherRefunds } from "@deals/db/schema/after-purchase";
import { deals } from "@deals/db/schema/catalogue";
import { vouchers } from "@deals/db/schema/commerce";
import type { FulfilmentStatus } from "@deals/domain/voucher";
import type { MerchantVoucherRef } from "./schemas.ts";

export async function findMerchantVoucher(
  db: Db | DbTransaction,
  merchantId: number,
  ref: MerchantVoucherRef,
) {
  const [row] = await db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      customerId: vouchers.customerId,
      /** The shopper's account: a guest's cannot sign in to ask for a return. */
      ownerStatus: users.status,
      status: vouchers.status,
      fulfilmentStatus: vouchers.fulfilmentStatus,
      courier: vouchers.courier,
      trackingNumber: vouchers.trackingNumber,
      deliveryEstimate: vouchers.deliveryEstimate,
      showTrackingToCustomer: vouchers.showTrackingToCustomer,
    })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .leftJoin(users, eq(users.id, vouchers.customerId))
    .where(
      and(
        "code" in ref ? eq(vouchers.code, ref.code) : eq(vouchers.id, ref.id),
        eq(deals.merchantId, merchantId),
        eq(deals.dealType, "product"),
      ),
    );
  return row;
}
export type MerchantVoucherRow = NonNullable<Awaited<ReturnType<typeof findMerchantVoucher>>>;

/**
 * Moves a shop item's fulfilment on if it is still at `from` (none yet counts as Processing
 * Order): a conditional update, so of two calls at once only one moves it; true for that one.
 */
export async function moveFulfilment(
  tx: DbTransaction,
  voucherId: number,
  from: FulfilmentStatus,
  set: Partial<typeof vouchers.$inferInsert> & { fulfilmentStatus: FulfilmentStatus },
) {
  // Only an item still owed to the shopper is sent; one on its way may still arrive after a return was asked for.
  const atFrom =
    from === "Processing Order"
      ? and(
          or(isNull(vouchers.fulfilmentStatus), eq(vouchers.fulfilmentStatus, from)),
          inArray(vouchers.status, ["Ready to Redeem"]),
        )
      : eq(vouchers.fulfilmentStatus, from);
  const moved = await tx
    .update(vouchers)
    .set(set)
    .where(and(eq(vouchers.id, voucherId), atFrom))
    .returning({ id: vouchers.id });
  return moved.length === 1;
}

/** The one refund a voucher can have, if it has one. */
export async function refundOfVoucher(db: Db, voucherId: number) {
  const [row] = await db.select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucherId));
  return row;
}
