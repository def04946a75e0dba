/**
 * The deals a customer bought, most recently bought first, each with the product last bought
 * and whether it is booked by date (a calendar deal, which goes in the basket only with dates).
 */
import { type Db, desc, eq, sql } from "@deals/db";
import { deals } from "@deals/db/schema/catalogue";
import { orderLines, orders } from "@deals/db/schema/commerce";
import { paidDealLinesOf } from "../orders/queries.ts";

export async function dealsBoughtBy(db: Db, customerId: number, brandId: string, limit: number) {
  const lastBought = sql`max(${orders.createdAt})`;
  const rows = await db
    .select({
      dealId: orderLines.dealId,
      productId: sql<number>`(array_agg(${orderLines.productId} order by ${orders.createdAt} desc))[1]`,
      bookByDate: sql<boolean>`bool_or(${deals.productDisplay} = 'calendar')`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(deals, eq(deals.id, orderLines.dealId))
    .where(paidDealLinesOf(customerId, brandId))
    .groupBy(orderLines.dealId)
    .orderBy(desc(lastBought))
    .limit(limit);
  return rows.map((row) => ({
    dealId: row.dealId!,
    productId: Number(row.productId),
    bookByDate: row.bookByDate === true,
  }));
}
