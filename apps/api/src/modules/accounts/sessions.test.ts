/**
 * The session store on PostgreSQL alone, and with the Redis cache in front of it (run when
 * REDIS_URL is set): a cached session still ends at once on logout, on "sign out everywhere"
 * and when the customer's details change.
 */
import type { Database } from "@deals/db";
import { eq } from "@deals/db";
import { sessions as sessionRows, users } from "@deals/db/schema/accounts";
import { TEST_NOW, testDatabase } from "@deals/db/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCustomerToken } from "./secrets.ts";
import { createSessionStore } from "./sessions.ts";

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

let usersMade = 0;

async function newUser(): Promise<number> {
  const email = `session.${process.pid}.${usersMade++}.${Date.now()}@mail.example.co.uk`;
  const [row] = await database.db
    .insert(users)
    .values({
      brandId: "main-uk",
      email,
      emailKey: email,
      firstName: "Ada",
      customerToken: newCustomerToken(),
      status: "active",
      createdAt: TEST_NOW,
    })
    .returning({ id: users.id });
  return row!.id;
}

const HOUR_MS = 60 * 60 * 1000;

function behavesAsASessionStore(redis: () => Redis | null) {
  it("finds the customer of a live session, and no one after it expires or ends", async () => {
    const sessions = createSessionStore(database.db, redis());
    const userId = await newUser();
    const { sid } = await sessions.create({ userId, brandId: "main-uk", rememberMe: false, now: TEST_NOW });
    expect(await sessions.find(sid, TEST_NOW)).toMatchObject({
      id: userId,
      firstName: "Ada",
      brandId: "main-uk",
    });
    expect(await sessions.find(sid, new Date(TEST_NOW.getTime() + 25 * HOUR_MS))).toBeNull();
    await sessions.end(sid);
    expect(await sessions.find(sid, TEST_NOW)).toBeNull();
  });

  it("ends every session of a customer but the one kept", async () => {
    const sessions = createSessionStore(database.db, redis());
    const userId = await newUser();
    const kept = await sessions.create({ userId, brandId: "main-uk", rememberMe: true, now: TEST_NOW });
    const other = await sessions.create({ userId, brandId: "main-uk", rememberMe: true, now: TEST_NOW });
    await sessions.find(other.sid, TEST_NOW);
    await sessions.endAllForUser(userId, kept.sid);
    expect(await sessions.find(other.sid, TEST_NOW)).toBeNull();
    expect(await sessions.find(kept.sid, TEST_NOW)).not.toBeNull();
  });

  it("shows a changed name once the cached copy is dropped", async () => {
    const sessions = createSessionStore(database.db, redis());
    const userId = await newUser();
    const { sid } = await sessions.create({ userId, brandId: "main-uk", rememberMe: false, now: TEST_NOW });
    await sessions.find(sid, TEST_NOW);
    await database.db.update(users).set({ firstName: "Grace" }).where(eq(users.id, userId));
    await sessions.forgetCustomer(userId);
    expect((await sessions.find(sid, TEST_NOW))?.firstName).toBe("Grace");
  });

  it("refuses a session whose account is no longer active", async () => {
    const sessions = createSessionStore(database.db, redis());
    const userId = await newUser();
    const { sid } = await sessions.create({ userId, brandId: "main-uk", rememberMe: false, now: TEST_NOW });
    await database.db.update(users).set({ status: "deleting" }).where(eq(users.id, userId));
    await sessions.forgetCustomer(userId);
    expect(await sessions.find(sid, TEST_NOW)).toBeNull();
  });
}

describe("sessions in PostgreSQL", () => {
  behavesAsASessionStore(() => null);
});

describe.runIf(process.env.REDIS_URL)("sessions with the Redis cache", () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(() => redis.quit());
  behavesAsASessionStore(() => redis);

  it("answers from the cache without PostgreSQL's session row, until the session ends", async () => {
    const sessions = createSessionStore(database.db, redis);
    const userId = await newUser();
    const { sid } = await sessions.create({ userId, brandId: "main-uk", rememberMe: false, now: TEST_NOW });
    await sessions.find(sid, TEST_NOW);
    // The row goes behind the cache's back: the cached copy still answers...
    await database.db.delete(sessionRows).where(eq(sessionRows.userId, userId));
    expect(await sessions.find(sid, TEST_NOW)).not.toBeNull();
    // ...until the session is ended through the store.
    await sessions.end(sid);
    expect(await sessions.find(sid, TEST_NOW)).toBeNull();
  });
});
