import { and, type Db, desc, eq, inArray, ne, sql } from "@deals/db";
import { orderLines, orders } from "@deals/db/schema/commerce";
import type { BrandId } from "@deals/domain/brand";

/** Paid orders on this brand's site. */
const paidOn = (brandId: BrandId) => and(eq(orders.brandId, brandId), eq(orders.status, "paid"));

/** The deals a customer bought most recently on this brand's site, newest first. */
export async function purchasedDealIds(db: Db, brandId: BrandId, customerId: number, limit: number) {
  const rows = await db
    .select({ dealId: orderLines.dealId, last: sql<Date>`max(${orders.createdAt})`.as("last") })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(paidOn(brandId), eq(orders.customerId, customerId)))
    .groupBy(orderLines.dealId)
    .orderBy(desc(sql`last`))
    .limit(limit);
  return rows.flatMap((row) => (row.dealId === null ? [] : [row.dealId]));
}

/**
 * What other shoppers bought alongside these deals: the deals in paid orders of buyers who
 * also bought one of them, the most often bought first; the deals themselves left out.
 */
export async function boughtAlsoDealIds(
  db: Db,
  brandId: BrandId,
  dealIds: number[],
  buyerKeyToSkip: string | null,
  limit: number,
) {
  if (dealIds.length === 0) return [];
  const sameBuyers = db
    .selectDistinct({ buyerKey: orders.buyerKey })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        paidOn(brandId),
        inArray(orderLines.dealId, dealIds),
        buyerKeyToSkip === null ? undefined : ne(orders.buyerKey, buyerKeyToSkip),
      ),
    );
  const rows = await db
    .select({ dealId: orderLines.dealId, buyers: sql<number>`count(distinct ${orders.buyerKey})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        paidOn(brandId),
        inArray(orders.buyerKey, sameBuyers),
        sql`${orderLines.dealId} is not null`,
        sql`not (${inArray(orderLines.dealId, dealIds)})`,
      ),
    )
    .groupBy(orderLines.dealId)
    .orderBy(desc(sql`count(distinct ${orders.buyerKey})`), orderLines.dealId)
    .limit(limit);
  return rows.flatMap((row) => (row.dealId === null ? [] : [row.dealId]));
}
