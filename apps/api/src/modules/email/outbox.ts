/**
 * Every email goes through the outbox table (design.md "Email goes through an outbox"): it is
 * written in the same transaction as the change it reports, so an email is never sent for a
 * change that rolled back, nor lost for one that committed. Delivery is separate (sender.ts).
 */
import type { Db } from "@deals/db";
import { outboxEmails } from "@deals/db/schema/accounts";

export interface OutboxEmail {
  to: string;
  /** Which kind of email: activation, welcome, password-reset, ... */
  template: string;
  subject: string;
  text: string;
  html: string;
  brandId?: string;
  /** The customer it concerns, so an account deletion can find and redact it. */
  userId?: number;
  /** When it was written; the moment of the change it reports. */
  createdAt?: Date;
}

/** The outbox row of an email, for a statement that writes it beside the change it reports. */
export function outboxRow(email: OutboxEmail) {
  return {
    to: email.to,
    template: email.template,
    subject: email.subject,
    text: email.text,
    html: email.html,
    brandId: email.brandId ?? null,
    userId: email.userId ?? null,
    createdAt: email.createdAt ?? new Date(),
  };
}

export async function enqueueEmail(tx: Db, email: OutboxEmail): Promise<number> {
  const [row] = await tx.insert(outboxEmails).values(outboxRow(email)).returning({ id: outboxEmails.id });
  return row!.id;
}
