/**
 * Refer a friend's SQL. A referral changes status only by an update conditional on the status
 * it leaves (joined to pending, pending to credited or cancelled), so the credit job can run
 * on several processes at once and each referral is credited or cancelled once.
 */
import { and, type Db, type DbTransaction, desc, eq, sql } from "@deals/db";
import { users } from "@deals/db/schema/accounts";
import { orders } from "@deals/db/schema/commerce";
import { referralCodes, referrals } from "@deals/db/schema/referral";
import { REFERRAL_PENDING_DAYS } from "@deals/domain/constants";

type Runner = Db | DbTransaction;

export type ReferralRow = typeof referrals.$inferSelect;

export async function codeOf(db: Runner, customerId: number) {
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.customerId, customerId));
  return row;
}

/** Gives the customer this code unless they have one; false when another customer holds the code. */
export async function insertCode(db: Runner, customerId: number, code: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(referralCodes)
    .values({ customerId, code, createdAt: now })
    .onConflictDoNothing()
    .returning({ code: referralCodes.code });
  return inserted.length > 0;
}

/** Holds the referrer's code row until the transaction ends: their invitations are counted one at a time. */
export async function lockCode(tx: DbTransaction, customerId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${referralCodes} where customer_id = ${customerId} for update`);
}

/** Holds the friend's account row: they join through one referrer, checked one request at a time. */
export async function lockUser(tx: DbTransaction, customerId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where id = ${customerId} for update`);
}

/** The referrer who holds this code on this site (not a deleted account). */
export async function referrerByCode(db: Runner, brandId: string, code: string) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, brandId: users.brandId })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.customerId))
    .where(
      and(
        eq(referralCodes.code, code),
        eq(users.brandId, brandId),
        sql`${users.status} not in ('deleting', 'deleted')`,
      ),
    );
  return row;
}

export async function countLinkEvent(db: Runner, code: string, event: "opens" | "shares"): Promise<number> {
  const column = event === "opens" ? referralCodes.linkOpens : referralCodes.shares;
  const [row] = await db
    .update(referralCodes)
    .set({ [event === "opens" ? "linkOpens" : "shares"]: sql`${column} + 1` })
    .where(eq(referralCodes.code, code))
    .returning({ count: column });
  return row?.count ?? 0;
}

export async function hasPaidOrder(db: Runner, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), sql`${orders.paidAt} is not null`))
    .limit(1);
  return row !== undefined;
}

export async function isReferred(db: Runner, friendId: number): Promise<boolean> {
  const [row] = await db.select({ id: referrals.id }).from(referrals).where(eq(referrals.friendId, friendId));
  return row !== undefined;
}

/** The friend joins: their invitation from this referrer becomes theirs, or a new referral is made. */
export async function joinReferral(
  tx: DbTransaction,
  join: { referrerId: number; friendId: number; friendEmailKey: string; friendName: string; now: Date },
): Promise<void> {
  await tx
    .insert(referrals)
    .values({
      referrerId: join.referrerId,
      friendId: join.friendId,
      friendEmailKey: join.friendEmailKey,
      friendName: join.friendName,
      status: "joined",
      joinedAt: join.now,
      createdAt: join.now,
    })
    .onConflictDoUpdate({
      target: [referrals.referrerId, referrals.friendEmailKey],
      set: { friendId: join.friendId, friendName: join.friendName, status: "joined", joinedAt: join.now },
      setWhere: sql`${referrals.status} = 'invited'`,
    });
}

/** Invitations the referrer sent since this moment. */
export async function invitationsSince(db: Runner, referrerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), sql`${referrals.invitedAt} >= ${since}`));
  return Number(row?.count ?? 0);
}

/** An invitation to this address, unless the referrer already has one for it (false then). */
export async function insertInvitation(
  tx: DbTransaction,
  invitation: { referrerId: number; friendEmailKey: string; now: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(referrals)
    .values({
      referrerId: invitation.referrerId,
      friendEmailKey: invitation.friendEmailKey,
      friendName: invitation.friendEmailKey,
      status: "invited",
      invitedAt: invitation.now,
      createdAt: invitation.now,
    })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return inserted.length > 0;
}

/** Withdraws an invitation the referrer sent that the friend has not taken up; false when there is none. */
export async function deleteInvitation(db: Runner, referrerId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(referrals)
    .where(and(eq(referrals.id, id), eq(referrals.referrerId, referrerId), eq(referrals.status, "invited")))
    .returning({ id: referrals.id });
  return deleted.length > 0;
}

export function referralsOf(db: Runner, referrerId: number): Promise<ReferralRow[]> {
  return db
    .select()
    .from(referrals)
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
}

const onlyReferrer = (referrerId: number | undefined) =>
  referrerId === undefined ? sql`true` : sql`r.referrer_id = ${referrerId}`;

/**
 * Joined friends who have paid for an order: the referral becomes pending on their first paid
 * order, its credit due when that order's refund window ends.
 */
export async function markFriendsPaid(db: Runner, referrerId?: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    update ${referrals} r
    set status = 'pending', order_id = first.id, friend_paid_at = first.paid_at,
      credit_due_at = first.paid_at + make_interval(days => ${REFERRAL_PENDING_DAYS})
    from (
      select distinct on (o.customer_id) o.customer_id, o.id, o.paid_at
      from orders o
      join ${referrals} j on j.friend_id = o.customer_id and j.status = 'joined'
      where o.paid_at is not null
      order by o.customer_id, o.paid_at, o.id
    ) first
    where r.status = 'joined' and first.customer_id = r.friend_id and ${onlyReferrer(referrerId)}
    returning r.id`);
  return rows.length;
}

/** Whether the friend's order has been refunded, in whole or in part. */
const friendRefunded = sql`exists (select 1 from voucher_refunds vr where vr.order_id = r.order_id)`;

/** Pending referrals whose friend was refunded are cancelled: no credit will come. */
export async function cancelRefunded(db: Runner, now: Date, referrerId?: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    update ${referrals} r set status = 'cancelled', cancelled_at = ${now}
    where r.status = 'pending' and ${friendRefunded} and ${onlyReferrer(referrerId)}
    returning r.id`);
  return rows.length;
}

/** Pending referrals whose credit is due by now. */
export async function dueReferrals(db: Runner, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.status, "pending"), sql`${referrals.creditDueAt} <= ${now}`))
    .orderBy(referrals.creditDueAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Takes a due referral for crediting: only one caller gets it (the update is conditional on
 * it still being pending), and never one whose friend was refunded meanwhile.
 */
export async function claimCredit(tx: DbTransaction, id: number, now: Date) {
  const { rows } = await tx.execute<{ referrer_id: number; brand_id: string; friend_name: string }>(sql`
    update ${referrals} r set status = 'credited', credited_at = ${now}
    from users u
    where r.id = ${id} and r.status = 'pending' and r.credit_due_at <= ${now}
      and not ${friendRefunded} and u.id = r.referrer_id
    returning r.referrer_id, u.brand_id, r.friend_name`);
  const row = rows[0];
  return row
    ? { referrerId: Number(row.referrer_id), brandId: row.brand_id, friendName: row.friend_name }
    : null;
}

/** What the referrer has been credited so far. */
export async function creditedSoFar(db: Runner, referrerId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${referrals.creditMinor}), 0)::int` })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), eq(referrals.status, "credited")));
  return Number(row?.total ?? 0);
}

export async function recordCredit(
  tx: DbTransaction,
  id: number,
  credit: { creditMinor: number; currency: string },
): Promise<void> {
  await tx.update(referrals).set(credit).where(eq(referrals.id, id));
}
