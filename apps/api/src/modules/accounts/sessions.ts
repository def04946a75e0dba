/**
 * Sessions: a random id in the `sid` cookie, its hash stored in PostgreSQL with the customer
 * and an expiry. With Redis, a customer found by session is cached for a minute in front of
 * PostgreSQL; every change that ends a session or alters the customer drops the cache entry,
 * so a logout or a deletion takes effect at once on every process.
 */
import { and, type Db, eq, gt, inArray, lte, ne, prepareStatement, sql } from "@deals/db";
import { sessions, users } from "@deals/db/schema/accounts";
import type { BrandId } from "@deals/domain/brand";
import { SESSION_TTL_SECONDS } from "@deals/domain/constants";
import { isVipMembershipActive } from "@deals/domain/subscription";
import type { Redis } from "ioredis";
import { randomSecret, secretHash } from "./secrets.ts";

/** The signed-in customer every module reads from `request.customer` (contracts "Accounts"). */
export interface Customer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  customerToken: string;
  vipUser: boolean;
  brandId: BrandId;
  /** The address is confirmed (@deals/domain/activation says what that unlocks). */
  activated: boolean;
}

export interface NewSession {
  /** The secret for the cookie; never stored. */
  sid: string;
  expiresAt: Date;
}

const CACHE_SECONDS = 60;
const cacheKey = (idHash: string) => `session:${idHash}`;
const userKey = (userId: number) => `session-user:${userId}`;

interface CachedCustomer {
  customer: Customer;
  expiresAt: string;
}

export function sessionLifetimeSeconds(rememberMe: boolean): number {
  return rememberMe ? SESSION_TTL_SECONDS.rememberMe : SESSION_TTL_SECONDS.default;
}

export function createSessionStore(db: Db, redis: Redis | null) {
  // Every signed-in request runs this: prepared once, planned once per connection.
  const findLive = prepareStatement(
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        customerToken: users.customerToken,
        vipUser: users.vipUser,
        vipMembershipExpiresAt: users.vipMembershipExpiresAt,
        brandId: users.brandId,
        status: users.status,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.idHash, sql.placeholder("idHash")),
          gt(sessions.expiresAt, sql.placeholder("now")),
          // A new account signs in at once and is activated later (@deals/domain/activation).
          inArray(users.status, ["active", "pending"]),
        ),
      ),
    "session_customer",
  );

  async function dropCached(userId: number): Promise<void> {
    if (!redis) return;
    const hashes = await redis.smembers(userKey(userId));
    await redis.del(userKey(userId), ...hashes.map(cacheKey));
  }

  return {
    async create(
      input: { userId: number; brandId: BrandId; rememberMe: boolean; now: Date },
      tx: Db = db,
    ): Promise<NewSession> {
      const sid = randomSecret();
      const expiresAt = new Date(input.now.getTime() + sessionLifetimeSeconds(input.rememberMe) * 1000);
      await tx.insert(sessions).values({
        idHash: secretHash(sid),
        userId: input.userId,
        brandId: input.brandId,
        rememberMe: input.rememberMe,
        createdAt: input.now,
        expiresAt,
      });
      return { sid, expiresAt };
    },

    /** The customer of a live session, or null (unknown, expired, or the account is closed). */
    async find(sid: string, now: Date): Promise<Customer | null> {
      const idHash = secretHash(sid);
      if (redis) {
        const cached = await redis.get(cacheKey(idHash)).catch(() => null);
        if (cached) {
          const entry = JSON.parse(cached) as CachedCustomer;
          if (new Date(entry.expiresAt) > now) return entry.customer;
        }
      }
      const [row] = await findLive.execute({ idHash, now: now.toISOString() });
      if (!row) return null;
      const customer: Customer = {
        id: row.id,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        customerToken: row.customerToken,
        vipUser: isVipMembershipActive(
          { vipUser: row.vipUser, membershipExpiresAt: row.vipMembershipExpiresAt ?? undefined },
          now,
        ),
        brandId: row.brandId as BrandId,
        activated: row.status === "active",
      };
      if (redis) {
        const ttl = Math.min(CACHE_SECONDS, Math.floor((row.expiresAt.getTime() - now.getTime()) / 1000));
        if (ttl > 0) {
          const entry: CachedCustomer = { customer, expiresAt: row.expiresAt.toISOString() };
          await redis
            .multi()
            .set(cacheKey(idHash), JSON.stringify(entry), "EX", ttl)
            .sadd(userKey(customer.id), idHash)
            .expire(userKey(customer.id), SESSION_TTL_SECONDS.rememberMe)
            .exec()
            .catch(() => undefined);
        }
      }
      return customer;
    },

    /** Logout: the session ends on the server, whatever the browser keeps. */
    async end(sid: string): Promise<void> {
      const idHash = secretHash(sid);
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
      if (redis) await redis.del(cacheKey(idHash));
    },

    /**
     * Ends every session of a customer but `keepSid` (a password change keeps the session
     * that made it); called after the change is committed.
     */
    async endAllForUser(userId: number, keepSid?: string): Promise<void> {
      const others = keepSid ? ne(sessions.idHash, secretHash(keepSid)) : undefined;
      await db.delete(sessions).where(and(eq(sessions.userId, userId), others));
      await dropCached(userId);
    },

    /** The customer's details changed: sessions stay, cached copies go. */
    forgetCustomer: dropCached,

    /** Housekeeping: expired sessions are of no use to anyone. */
    async deleteExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(lte(sessions.expiresAt, now));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
