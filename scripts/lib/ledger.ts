/**
 * The money and stock checks the fault scripts end with (docs/reliability.md), read from the
 * database of a scratch run whose only orders are the run's own: every captured payment has a
 * paid order or was refunded, no order is pending, no reference was charged twice, the stock
 * sold equals the units of paid orders, and every voucher belongs to a paid order.
 */
import { type Database, sql } from "@deals/db";

export interface Ledger {
  orders: { paid: number; failed: number; pending: number };
  payments: {
    captured: number;
    refunded: number;
    capturedWithoutPaid: number;
    refundedOfPaid: number;
    chargedTwice: number;
  };
  stock: { bought: number; soldToPaid: number };
  vouchers: { total: number; ofUnpaid: number; paidUnits: number };
}

/** The ledger of `customerIds`' orders, and of a product's stock bought since `boughtBefore`. */
export async function readLedger(
  { db }: Database,
  customerIds: number[],
  product: { productId: number; boughtBefore: number },
): Promise<Ledger> {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
  const [orders] = await rows<Ledger["orders"]>(sql`
    select count(*) filter (where status = 'paid')::int as paid, count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where status = 'pending')::int as pending from orders where customer_id in (${sql.join(
        customerIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  const [payments] = await rows<Ledger["payments"]>(sql`
    select
      count(*) filter (where t.status = 'captured' and (o.id is null or o.status <> 'paid'))::int as "capturedWithoutPaid",
      count(*) filter (where t.status = 'refunded' and o.status = 'paid')::int as "refundedOfPaid",
      (select count(*) from (select reference from sandbox_transactions group by reference having count(*) > 1) d)::int as "chargedTwice",
      count(*) filter (where t.status = 'captured')::int as captured,
      count(*) filter (where t.status = 'refunded')::int as refunded
    from sandbox_transactions t left join orders o on t.reference = 'order-' || o.id`);
  const [stock] = await rows<Ledger["stock"]>(sql`
    select (select total_bought from deal_products where id = ${product.productId})::int - ${product.boughtBefore} as bought,
      (select coalesce(sum(l.quantity), 0) from order_lines l join orders o on o.id = l.order_id
        where l.product_id = ${product.productId} and o.status = 'paid')::int as "soldToPaid"`);
  const [vouchers] = await rows<Ledger["vouchers"]>(sql`
    select count(*)::int as total, count(*) filter (where o.status <> 'paid')::int as "ofUnpaid",
      (select coalesce(sum(l.quantity), 0) from order_lines l join orders o2 on o2.id = l.order_id
        where o2.status = 'paid' and l.product_id is not null)::int as "paidUnits"
    from vouchers v join orders o on o.id = v.order_id`);
  return { orders: orders!, payments: payments!, stock: stock!, vouchers: vouchers! };
}

/** What the ledger shows lost or doubled; empty when money and stock are right. */
export function ledgerProblems({ orders, payments, stock, vouchers }: Ledger): string[] {
  const problems: string[] = [];
  if (orders.pending > 0) problems.push(`${orders.pending} orders left pending`);
  if (payments.capturedWithoutPaid > 0)
    problems.push(`${payments.capturedWithoutPaid} payments captured without a paid order`);
  if (payments.refundedOfPaid > 0) problems.push(`${payments.refundedOfPaid} paid orders refunded`);
  if (payments.chargedTwice > 0) problems.push(`${payments.chargedTwice} references charged twice`);
  if (stock.bought !== stock.soldToPaid)
    problems.push(`${stock.bought} units bought, ${stock.soldToPaid} in paid orders`);
  if (vouchers.ofUnpaid > 0) problems.push(`${vouchers.ofUnpaid} vouchers of unpaid orders`);
  if (vouchers.total !== vouchers.paidUnits)
    problems.push(`${vouchers.total} vouchers for ${vouchers.paidUnits} paid units`);
  return problems;
}
