/**
 * The signed-in customer's vouchers, newest first, for /myaccount/vouchers (product.md §3
 * "Voucher"; services.md §9 "Voucher list page sizes: 10 and 20").
 */
import { count, type Db, desc, eq } from "@deals/db";
import { deals } from "@deals/db/schema/catalogue";
import { orderLines, vouchers } from "@deals/db/schema/commerce";
import { VOUCHER_STATUS_NOTES, type VoucherStatus } from "@deals/domain/voucher";
import type { VoucherList, VoucherQuery } from "./schemas.ts";

/** Every voucher starts ready to use (product.md §4 "Voucher statuses"). */
export const VOUCHER_STATUS_ON_ISSUE: VoucherStatus = "Ready to Redeem";

/** How long a voucher can be redeemed: the seed's deals promise "Valid for 3 months" (ours). */
export const VOUCHER_VALIDITY_DAYS = 90;

export function voucherExpiry(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + VOUCHER_VALIDITY_DAYS * 86_400_000);
}

export async function listVouchers(db: Db, customerId: number, query: VoucherQuery): Promise<VoucherList> {
  const mine = eq(vouchers.customerId, customerId);
  const rows = await db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      status: vouchers.status,
      orderNumber: vouchers.orderId,
      dealId: vouchers.dealId,
      productId: vouchers.productId,
      title: orderLines.title,
      dealHeadline: deals.headline,
      expiresAt: vouchers.expiresAt,
      createdAt: vouchers.createdAt,
    })
    .from(vouchers)
    .innerJoin(orderLines, eq(orderLines.id, vouchers.orderLineId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(mine)
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(query.pageSize)
    .offset(query.page * query.pageSize);
  const [total] = await db.select({ n: count() }).from(vouchers).where(mine);
  return {
    vouchers: rows.map((row) => ({
      ...row,
      status: row.status as VoucherStatus,
      statusNote: VOUCHER_STATUS_NOTES[row.status as VoucherStatus] ?? null,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    })),
    count: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
