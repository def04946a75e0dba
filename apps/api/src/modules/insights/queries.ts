/** What the dashboard reads: a customer's paid order lines on a site, and their vouchers there. */
import { and, countDistinct, type Db, eq, sql } from "@deals/db";
import { dealProducts, deals, merchants } from "@deals/db/schema/catalogue";
import { orderLines, orders, vouchers } from "@deals/db/schema/commerce";
import { paidDealLinesOf } from "../orders/queries.ts";

/** Each deal line of the customer's paid orders on the site, with its product's "was" price. */
export async function purchasedLines(db: Db, customerId: number, brandId: string) {
  const rows = await db
    .select({
      orderId: orderLines.orderId,
      quantity: orderLines.quantity,
      unitPriceMinor: sql<number>`${orderLines.unitPriceMinor} + ${orderLines.balanceToMerchantMinor}`,
      wasPriceMinor: dealProducts.originalPriceMinor,
      discountMinor: orderLines.discountMinor,
      refundedUnits: sql<number>`(select count(*) from ${vouchers} where ${vouchers.orderLineId} = ${orderLines.id} and ${vouchers.status} = 'Refunded')`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(dealProducts, eq(dealProducts.id, orderLines.productId))
    .where(paidDealLinesOf(customerId, brandId));
  return rows.map((row) => ({
    ...row,
    unitPriceMinor: Number(row.unitPriceMinor),
    refundedUnits: Number(row.refundedUnits),
  }));
}

/** How many paid orders the customer placed on the site. */
export async function paidOrderCount(db: Db, customerId: number, brandId: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(orders.id) })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.brandId, brandId), eq(orders.status, "paid")));
  return Number(row?.n ?? 0);
}

/** The customer's vouchers bought on the site. */
export function vouchersOf(db: Db, customerId: number, brandId: string) {
  return db
    .select({
      id: vouchers.id,
      status: vouchers.status,
      expiresAt: vouchers.expiresAt,
      title: orderLines.title,
      dealHeadline: deals.headline,
      merchantName: merchants.displayName,
    })
    .from(vouchers)
    .innerJoin(orders, eq(orders.id, vouchers.orderId))
    .innerJoin(orderLines, eq(orderLines.id, vouchers.orderLineId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(and(eq(vouchers.customerId, customerId), eq(orders.brandId, brandId)));
}
