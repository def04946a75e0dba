/**
 * Sends the outbox by SMTP when SMTP_URL is configured. Outbox rows stay the source of truth:
 * a row is marked sent only after the server accepted it, and a failure is recorded on the
 * row and tried again on the next round, up to a limit.
 */
import type { Db } from "@deals/db";
import { markFailed, markSent, unsentEmails } from "./queries.ts";
import { type MailTransport, smtpTransport } from "./smtp.ts";

export const OUTBOX_POLL_MS = 10_000;
const BATCH = 20;
/** After this many failures a row is left for someone to look at. */
export const MAX_SEND_ATTEMPTS = 5;
const DEFAULT_FROM = "no-reply@localhost";

export function smtpTransportFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): (MailTransport & { from: string }) | null {
  if (!env.SMTP_URL) return null;
  return { ...smtpTransport(env.SMTP_URL), from: env.SMTP_FROM || DEFAULT_FROM };
}

/** Sends what is waiting; returns how many were sent. */
export async function deliverOutbox(db: Db, transport: MailTransport & { from: string }, clock: () => Date) {
  let sent = 0;
  for (const email of await unsentEmails(db, BATCH, MAX_SEND_ATTEMPTS)) {
    try {
      await transport.send({
        from: transport.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
      await markSent(db, email.id, clock());
      sent++;
    } catch (error) {
      await markFailed(db, email.id, error instanceof Error ? error.message : String(error));
    }
  }
  return sent;
}
