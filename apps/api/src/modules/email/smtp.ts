/**
 * Mail out through nodemailer's SMTP transport: encodings, long lines, international
 * addresses, STARTTLS and implicit TLS, authentication and connection reuse (a pool) are its
 * job. Configured by SMTP_URL (smtp://user:pass@host:587, or smtps:// for TLS from the start)
 * and SMTP_FROM.
 */
import nodemailer from "nodemailer";

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A pooled SMTP transport for SMTP_URL; refuses a URL that is not smtp:// or smtps://. */
export function smtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  if (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${parsed.protocol}"`);
  }
  parsed.searchParams.set("pool", "true");
  const transporter = nodemailer.createTransport(parsed.href);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}
