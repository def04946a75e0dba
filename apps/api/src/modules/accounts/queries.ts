/** The accounts module's SQL: users, failed-login counters, emailed tokens and subscriptions. */
import {
  and,
  asc,
  type Db,
  eq,
  gt,
  gte,
  isNull,
  preparedOn,
  prepareStatement,
  type SQLWrapper,
  sql,
} from "@deals/db";
import {
  type AuthTokenPurpose,
  authTokens,
  emailSubscriptions,
  loginAttempts,
  users,
} from "@deals/db/schema/accounts";
import { locations } from "@deals/db/schema/catalogue";
import type { BrandId } from "@deals/domain/brand";
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from "@deals/domain/constants";

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** The key an email address is stored and compared by. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, brandId: BrandId, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.brandId, brandId), eq(users.emailKey, emailKey(email))))
    .limit(1);
  return row;
}

// Prepared once per database, so each call is bound and sent by name rather than parsed and
// planned again. A signed-in page's profile has its own, with the subscription (below).
const userById = (db: Db) =>
  preparedOn(db, "user_by_id", () =>
    prepareStatement(
      db
        .select()
        .from(users)
        .where(eq(users.id, sql.placeholder("id")))
        .limit(1),
      "user_by_id",
    ),
  );

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ id });
  return row;
}

export async function findUserByGoogleSubject(
  db: Db,
  brandId: BrandId,
  subject: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.brandId, brandId), eq(users.googleSubject, subject)))
    .limit(1);
  return row;
}

/** Inserts a user unless the address already has one; undefined when it did. */
export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(db: Db, id: number, values: Partial<NewUserRow>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row!;
}

// Failed logins (product.md §6 "Locked users need a password reset"; 5 failures lock)

export async function lockedUntil(db: Db, brandId: BrandId, email: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.brandId, brandId),
        eq(loginAttempts.emailKey, emailKey(email)),
        gt(loginAttempts.lockedUntil, now),
      ),
    )
    .limit(1);
  return row?.lockedUntil ?? null;
}

/**
 * Counts one more failed login for the address in a single statement (safe with concurrent
 * attempts) and returns whether the address is now locked. Failures older than the lock
 * period no longer count.
 */
export async function recordLoginFailure(
  db: Db,
  brandId: BrandId,
  email: string,
  now: Date,
): Promise<boolean> {
  const lockMs = LOGIN_LOCK_MINUTES * 60_000;
  const stale = new Date(now.getTime() - lockMs);
  const until = new Date(now.getTime() + lockMs);
  const failures = sql`case when ${loginAttempts.lastFailureAt} <= ${stale} then 1 else ${loginAttempts.failures} + 1 end`;
  const [row] = await db
    .insert(loginAttempts)
    .values({
      brandId,
      emailKey: emailKey(email),
      failures: 1,
      lastFailureAt: now,
      lockedUntil: null,
    })
    .onConflictDoUpdate({
      target: [loginAttempts.brandId, loginAttempts.emailKey],
      set: {
        failures,
        lastFailureAt: now,
        lockedUntil: sql`case when ${failures} >= ${LOGIN_MAX_FAILURES} then ${until}::timestamptz else ${loginAttempts.lockedUntil} end`,
      },
    })
    .returning({ lockedUntil: loginAttempts.lockedUntil });
  return (row?.lockedUntil ?? now) > now;
}

/** A successful login or a password reset starts the count again (and unlocks). */
export async function clearLoginFailures(db: Db, brandId: BrandId, email: string): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.brandId, brandId), eq(loginAttempts.emailKey, emailKey(email))));
}

// Emailed tokens: single use, expiring, stored hashed

export async function insertAuthToken(
  db: Db,
  token: { userId: number; purpose: AuthTokenPurpose; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  // A new link replaces any earlier unused one of the same kind.
  await db
    .delete(authTokens)
    .where(
      and(
        eq(authTokens.userId, token.userId),
        eq(authTokens.purpose, token.purpose),
        isNull(authTokens.usedAt),
      ),
    );
  await db.insert(authTokens).values({
    userId: token.userId,
    purpose: token.purpose,
    tokenHash: token.tokenHash,
    createdAt: token.now,
    expiresAt: token.expiresAt,
  });
}

const usable = (tokenHash: string, purpose: AuthTokenPurpose, now: Date) =>
  and(
    eq(authTokens.tokenHash, tokenHash),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, now),
  );

/** The user of an unused, unexpired token, without using it up. */
export async function findTokenUser(
  db: Db,
  tokenHash: string,
  purpose: AuthTokenPurpose,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(usable(tokenHash, purpose, now))
    .limit(1);
  return row?.user;
}

/** Whether the token was used up at or after `since` (a twin request may be using it). */
export async function authTokenUsedSince(
  db: Db,
  tokenHash: string,
  purpose: AuthTokenPurpose,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        gte(authTokens.usedAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Uses a token up: one conditional update, so of two concurrent uses only one succeeds.
 * Returns the user id, or undefined when the token is unknown, used or expired.
 */
export async function consumeAuthToken(
  db: Db,
  tokenHash: string,
  purpose: AuthTokenPurpose,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(usable(tokenHash, purpose, now))
    .returning({ userId: authTokens.userId });
  return row?.userId;
}

// Deal-email subscriptions

export type SubscriptionRow = typeof emailSubscriptions.$inferSelect;

/** Values, or placeholders for a prepared statement. */
const activeSubscriptionsWhere = (brandId: string | SQLWrapper, key: string | SQLWrapper) =>
  and(
    eq(emailSubscriptions.brandId, brandId),
    eq(emailSubscriptions.emailKey, key),
    isNull(emailSubscriptions.cancelledAt),
  );

const activeSubscriptionsOf = (brandId: BrandId, email: string) =>
  activeSubscriptionsWhere(brandId, emailKey(email));

const activeSubscription = (db: Db) =>
  preparedOn(db, "active_subscription", () =>
    prepareStatement(
      db
        .select({ id: emailSubscriptions.id })
        .from(emailSubscriptions)
        .where(activeSubscriptionsWhere(sql.placeholder("brandId"), sql.placeholder("emailKey")))
        .limit(1),
      "active_subscription",
    ),
  );

export async function isSubscribed(db: Db, brandId: BrandId, email: string): Promise<boolean> {
  const [row] = await activeSubscription(db).execute({ brandId, emailKey: emailKey(email) });
  return row !== undefined;
}

// The profile's two reads in one statement: every signed-in page asks for the profile.
const userWithSubscription = (db: Db) =>
  preparedOn(db, "user_with_subscription", () =>
    prepareStatement(
      db
        .select({
          user: users,
          subscribed: sql<boolean>`exists (${db
            .select({ id: emailSubscriptions.id })
            .from(emailSubscriptions)
            .where(activeSubscriptionsWhere(sql.placeholder("brandId"), users.emailKey))})`,
        })
        .from(users)
        .where(eq(users.id, sql.placeholder("id")))
        .limit(1),
      "user_with_subscription",
    ),
  );

/** The account and whether its email has an active subscription on the brand's site (isSubscribed). */
export async function findUserWithSubscription(
  db: Db,
  brandId: BrandId,
  id: number,
): Promise<{ user: UserRow; subscribed: boolean } | undefined> {
  const [row] = await userWithSubscription(db).execute({ brandId, id });
  return row;
}

export async function listActiveSubscriptions(
  db: Db,
  brandId: BrandId,
  email: string,
): Promise<(SubscriptionRow & { locationName: string })[]> {
  const rows = await db
    .select({ subscription: emailSubscriptions, locationName: locations.name })
    .from(emailSubscriptions)
    .innerJoin(
      locations,
      and(
        eq(locations.brandId, emailSubscriptions.brandId),
        eq(locations.shortName, emailSubscriptions.locationShortName),
      ),
    )
    .where(activeSubscriptionsOf(brandId, email))
    .orderBy(asc(emailSubscriptions.createdAt), asc(emailSubscriptions.id));
  return rows.map((row) => ({ ...row.subscription, locationName: row.locationName }));
}

/** Subscribes (again) an address to a location with a new unsubscribe token. */
export async function upsertSubscription(
  db: Db,
  values: {
    brandId: BrandId;
    email: string;
    locationShortName: string;
    userId: number | null;
    unsubscribeTokenHash: string;
    now: Date;
  },
): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(emailSubscriptions)
    .values({
      brandId: values.brandId,
      email: values.email.trim(),
      emailKey: emailKey(values.email),
      locationShortName: values.locationShortName,
      userId: values.userId,
      unsubscribeTokenHash: values.unsubscribeTokenHash,
      createdAt: values.now,
    })
    .onConflictDoUpdate({
      target: [emailSubscriptions.brandId, emailSubscriptions.emailKey, emailSubscriptions.locationShortName],
      set: {
        unsubscribeTokenHash: values.unsubscribeTokenHash,
        cancelledAt: null,
        createdAt: values.now,
        userId: sql`coalesce(${values.userId}::integer, ${emailSubscriptions.userId})`,
      },
    })
    .returning();
  return row!;
}

/** Cancels by unsubscribe token; answers the row whether it was active or already cancelled. */
export async function cancelSubscriptionByToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const [cancelled] = await db
    .update(emailSubscriptions)
    .set({ cancelledAt: now })
    .where(
      and(eq(emailSubscriptions.unsubscribeTokenHash, tokenHash), isNull(emailSubscriptions.cancelledAt)),
    )
    .returning();
  if (cancelled) return cancelled;
  const [already] = await db
    .select()
    .from(emailSubscriptions)
    .where(eq(emailSubscriptions.unsubscribeTokenHash, tokenHash))
    .limit(1);
  return already;
}

/** Cancels one of the address's own subscriptions; undefined when the id is not one of them. */
export async function cancelOwnSubscription(
  db: Db,
  brandId: BrandId,
  email: string,
  id: number,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(emailSubscriptions)
    .set({ cancelledAt: now })
    .where(and(eq(emailSubscriptions.id, id), activeSubscriptionsOf(brandId, email)))
    .returning();
  return row;
}
