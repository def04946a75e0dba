/** The VIP membership and payment rows (packages/db/src/schema/vip.ts). */
import { and, type Db, type DbTransaction, eq, lte, sql } from "@deals/db";
import { users } from "@deals/db/schema/accounts";
import { dealProducts } from "@deals/db/schema/catalogue";
import { orderLines, orders } from "@deals/db/schema/commerce";
import { vipMemberships, vipPayments } from "@deals/db/schema/vip";
import type { VipMembership } from "@deals/domain/vip-membership";

export type MembershipRow = typeof vipMemberships.$inferSelect;
export type VipPaymentRow = typeof vipPayments.$inferSelect;
type Tx = Db | DbTransaction;

/** The rules' view of a row. */
export function toMembership(row: MembershipRow | undefined): VipMembership | null {
  if (!row) return null;
  return {
    plan: row.plan,
    startedAt: row.startedAt,
    endsAt: row.endsAt,
    renews: row.renews,
    trialUsed: row.trialStartedAt !== null,
    reminderSentFor: row.reminderSentFor,
  };
}

export async function findMembership(tx: Tx, customerId: number): Promise<MembershipRow | undefined> {
  const [row] = await tx.select().from(vipMemberships).where(eq(vipMemberships.customerId, customerId));
  return row;
}

/** Locks the customer's row: one VIP change at a time per customer, on every process. */
export async function lockCustomer(tx: DbTransaction, customerId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for("update");
}

export async function saveMembership(
  tx: Tx,
  row: typeof vipMemberships.$inferInsert,
): Promise<MembershipRow> {
  const { customerId: _, ...changes } = row;
  const [saved] = await tx
    .insert(vipMemberships)
    .values(row)
    .onConflictDoUpdate({ target: vipMemberships.customerId, set: changes })
    .returning();
  return saved!;
}

/** The fast answer every checkout reads (users.vip_user and its expiry) follows the membership. */
export async function setCustomerVip(tx: Tx, customerId: number, endsAt: Date, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ vipUser: endsAt > now, vipMembershipExpiresAt: endsAt })
    .where(eq(users.id, customerId));
}

export async function findPaymentByKey(tx: Tx, customerId: number, key: string) {
  const [row] = await tx
    .select()
    .from(vipPayments)
    .where(and(eq(vipPayments.customerId, customerId), eq(vipPayments.idempotencyKey, key)));
  return row;
}

export async function pendingPaymentOf(tx: Tx, customerId: number) {
  const [row] = await tx
    .select()
    .from(vipPayments)
    .where(and(eq(vipPayments.customerId, customerId), eq(vipPayments.status, "pending")));
  return row;
}

/** Inserts a payment unless its period is already paid or being paid (then undefined). */
export async function insertPayment(tx: Tx, row: typeof vipPayments.$inferInsert) {
  const [inserted] = await tx.insert(vipPayments).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Moves a pending payment on; undefined when it was no longer pending. */
export async function finishPayment(
  tx: Tx,
  id: number,
  outcome: Pick<VipPaymentRow, "status" | "transactionId" | "cardType" | "message">,
  now: Date,
) {
  const [row] = await tx
    .update(vipPayments)
    .set({ ...outcome, updatedAt: now })
    .where(and(eq(vipPayments.id, id), eq(vipPayments.status, "pending")))
    .returning();
  return row;
}

/** Paid years that renew and whose end has come. */
export async function membershipsDueForRenewal(db: Db, now: Date, limit: number) {
  return db
    .select()
    .from(vipMemberships)
    .where(
      and(eq(vipMemberships.plan, "paid"), eq(vipMemberships.renews, true), lte(vipMemberships.endsAt, now)),
    )
    .limit(limit);
}

/** Paid years that renew and end within `until`, not yet reminded of for this end. */
export async function membershipsToRemind(db: Db, now: Date, until: Date, limit: number) {
  return db
    .select({ membership: vipMemberships, email: users.email, firstName: users.firstName })
    .from(vipMemberships)
    .innerJoin(users, eq(users.id, vipMemberships.customerId))
    .where(
      and(
        eq(vipMemberships.plan, "paid"),
        eq(vipMemberships.renews, true),
        sql`${vipMemberships.endsAt} > ${now} and ${vipMemberships.endsAt} <= ${until}`,
        sql`${vipMemberships.reminderSentFor} is distinct from ${vipMemberships.endsAt}`,
      ),
    )
    .limit(limit);
}

/** Claims the reminder for this period end; false when another run claimed it first. */
export async function claimReminder(tx: Tx, customerId: number, endsAt: Date): Promise<boolean> {
  const rows = await tx
    .update(vipMemberships)
    .set({ reminderSentFor: endsAt })
    .where(
      and(
        eq(vipMemberships.customerId, customerId),
        eq(vipMemberships.endsAt, endsAt),
        sql`${vipMemberships.reminderSentFor} is distinct from ${endsAt}`,
      ),
    )
    .returning({ customerId: vipMemberships.customerId });
  return rows.length === 1;
}

/** What VIP prices saved the customer on paid orders: units bought below the product's price. */
export async function vipSavings(db: Db, customerId: number) {
  const [row] = await db
    .select({
      savedMinor: sql<number>`coalesce(sum((${dealProducts.priceMinor} - ${orderLines.unitPriceMinor}) * ${orderLines.quantity}), 0)::int`,
      vipPurchases: sql<number>`count(*)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(dealProducts, eq(dealProducts.id, orderLines.productId))
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.status, "paid"),
        eq(orderLines.payDeposit, false),
        sql`${orderLines.checkInDate} is null`,
        sql`${orderLines.unitPriceMinor} < ${dealProducts.priceMinor}`,
      ),
    );
  return { savedMinor: Number(row?.savedMinor ?? 0), vipPurchases: Number(row?.vipPurchases ?? 0) };
}
