/**
 * The loyalty club's SQL. Points move only through conditional updates of the customer's
 * account row, and every earning or exchange is an activity whose unique key lets it happen
 * once (schema/loyalty.ts), so concurrent requests never count points twice.
 */
import { and, type Db, type DbTransaction, desc, eq, sql } from "@deals/db";
import { loyaltyAccounts, loyaltyActivities } from "@deals/db/schema/loyalty";
import { LOYALTY_POINTS } from "@deals/domain/loyalty-levels";

type Runner = Db | DbTransaction;

export async function loyaltyAccountOf(db: Runner, customerId: number) {
  const [row] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.customerId, customerId));
  return row ?? { customerId, lifetimePoints: 0, currentPoints: 0 };
}

async function ensureAccount(tx: DbTransaction, customerId: number) {
  await tx.insert(loyaltyAccounts).values({ customerId }).onConflictDoNothing();
}

async function addPoints(tx: DbTransaction, customerId: number, points: number) {
  if (points <= 0) return;
  await ensureAccount(tx, customerId);
  await tx
    .update(loyaltyAccounts)
    .set({
      lifetimePoints: sql`${loyaltyAccounts.lifetimePoints} + ${points}`,
      currentPoints: sql`${loyaltyAccounts.currentPoints} + ${points}`,
    })
    .where(eq(loyaltyAccounts.customerId, customerId));
}

/**
 * Credits the points of the customer's paid orders not credited yet (10 per whole unit paid
 * for deals, the discount taken off). Orders are credited when the customer's standing is
 * next read, not on the checkout's hot path; the purchase entry's unique order id makes it
 * once only, whoever reads first.
 */
export async function creditPurchases(tx: DbTransaction, customerId: number): Promise<void> {
  const { rows } = await tx.execute<{ points: number }>(sql`
    insert into ${loyaltyActivities} (customer_id, kind, points, description, order_id, created_at)
    select o.customer_id, 'purchase',
      (greatest(o.items_minor - o.discount_minor, 0) / 100) * ${LOYALTY_POINTS.perMajorUnitSpent},
      'Purchase: order ' || o.id, o.id, coalesce(o.paid_at, o.created_at)
    from orders o
    where o.customer_id = ${customerId} and o.status = 'paid'
      and not exists (select 1 from ${loyaltyActivities} a where a.order_id = o.id and a.kind = 'purchase')
    on conflict do nothing
    returning points`);
  const earned = rows.reduce((sum, row) => sum + Number(row.points), 0);
  await addPoints(tx, customerId, earned);
}

/**
 * A view or share of a deal: once per deal and day, within the day's cap on event points.
 * Answers the points earned (0 when already counted today or over the cap).
 */
export async function recordEvent(
  tx: DbTransaction,
  event: {
    customerId: number;
    kind: "view-deal" | "share-deal";
    dealId: number;
    points: number;
    day: string;
    description: string;
    now: Date;
  },
): Promise<number> {
  const inserted = await tx
    .insert(loyaltyActivities)
    .values({
      customerId: event.customerId,
      kind: event.kind,
      points: event.points,
      description: event.description,
      dealId: event.dealId,
      day: event.day,
      createdAt: event.now,
    })
    .onConflictDoNothing()
    .returning({ id: loyaltyActivities.id });
  if (inserted.length === 0) return 0;
  await ensureAccount(tx, event.customerId);
  const cap = LOYALTY_POINTS.dailyEventCap;
  const counted = await tx
    .update(loyaltyAccounts)
    .set({
      lifetimePoints: sql`${loyaltyAccounts.lifetimePoints} + ${event.points}`,
      currentPoints: sql`${loyaltyAccounts.currentPoints} + ${event.points}`,
      eventPoints: sql`case when ${loyaltyAccounts.eventDay} = ${event.day} then ${loyaltyAccounts.eventPoints} + ${event.points} else ${event.points} end`,
      eventDay: event.day,
    })
    .where(
      and(
        eq(loyaltyAccounts.customerId, event.customerId),
        sql`(${loyaltyAccounts.eventDay} is distinct from ${event.day} or ${loyaltyAccounts.eventPoints} + ${event.points} <= ${cap})`,
      ),
    )
    .returning({ customerId: loyaltyAccounts.customerId });
  if (counted.length > 0) return event.points;
  // Over the day's cap: the activity stands at 0 points, so it is not offered again today.
  await tx.update(loyaltyActivities).set({ points: 0 }).where(eq(loyaltyActivities.id, inserted[0]!.id));
  return 0;
}

/** An exchange already made with this key, if any. */
export async function findExchange(db: Runner, customerId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(loyaltyActivities)
    .where(
      and(
        eq(loyaltyActivities.customerId, customerId),
        eq(loyaltyActivities.kind, "exchange"),
        eq(loyaltyActivities.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

/**
 * Records an exchange and takes its points, if they are still there: false when the key was
 * used already (a retry) or the points were spent meanwhile (nothing is written then).
 */
export async function takeExchange(
  tx: DbTransaction,
  exchange: {
    customerId: number;
    points: number;
    creditMinor: number;
    idempotencyKey: string;
    description: string;
    now: Date;
  },
): Promise<"taken" | "repeated" | "not-enough"> {
  const inserted = await tx
    .insert(loyaltyActivities)
    .values({
      customerId: exchange.customerId,
      kind: "exchange",
      points: -exchange.points,
      creditMinor: exchange.creditMinor,
      description: exchange.description,
      idempotencyKey: exchange.idempotencyKey,
      createdAt: exchange.now,
    })
    .onConflictDoNothing()
    .returning({ id: loyaltyActivities.id });
  if (inserted.length === 0) return "repeated";
  const taken = await tx
    .update(loyaltyAccounts)
    .set({ currentPoints: sql`${loyaltyAccounts.currentPoints} - ${exchange.points}` })
    .where(
      and(
        eq(loyaltyAccounts.customerId, exchange.customerId),
        sql`${loyaltyAccounts.currentPoints} >= ${exchange.points}`,
      ),
    )
    .returning({ customerId: loyaltyAccounts.customerId });
  return taken.length > 0 ? "taken" : "not-enough";
}

/** The latest activities, newest first. */
export function recentActivities(db: Runner, customerId: number, limit: number) {
  return db
    .select({
      id: loyaltyActivities.id,
      description: loyaltyActivities.description,
      points: loyaltyActivities.points,
      kind: loyaltyActivities.kind,
      createdAt: loyaltyActivities.createdAt,
    })
    .from(loyaltyActivities)
    .where(eq(loyaltyActivities.customerId, customerId))
    .orderBy(desc(loyaltyActivities.createdAt), desc(loyaltyActivities.id))
    .limit(limit);
}
