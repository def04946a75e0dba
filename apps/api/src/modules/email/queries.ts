import { and, asc, type Db, desc, eq, isNull, lt, sql } from "@deals/db";
import { outboxEmails } from "@deals/db/schema/accounts";

export type OutboxRow = typeof outboxEmails.$inferSelect;

const MAILBOX_SIZE = 50;

/** The newest emails, optionally only those to one address (case-insensitive). */
export async function latestEmails(db: Db, to?: string): Promise<OutboxRow[]> {
  const query = db.select().from(outboxEmails);
  const filtered = to ? query.where(eq(sql`lower(${outboxEmails.to})`, to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(outboxEmails.id)).limit(MAILBOX_SIZE);
}

/** Emails still to send that have not failed too often, oldest first. */
export async function unsentEmails(db: Db, limit: number, maxAttempts: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxEmails)
    .where(and(isNull(outboxEmails.sentAt), lt(outboxEmails.attempts, maxAttempts)))
    .orderBy(asc(outboxEmails.id))
    .limit(limit);
}

export async function markSent(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ sentAt: now, attempts: sql`${outboxEmails.attempts} + 1`, lastError: null })
    .where(eq(outboxEmails.id, id));
}

export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ attempts: sql`${outboxEmails.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(outboxEmails.id, id));
}
