/**
 * A small SMTP client (RFC 5321) for the outbox sender: one connection per message, STARTTLS
 * when the server offers it, AUTH PLAIN when credentials are given, and a MIME message with a
 * plain-text and an HTML part. Configured by SMTP_URL (smtp://user:pass@host:587, or smtps://
 * for TLS from the start) and SMTP_FROM.
 */
import { randomBytes } from "node:crypto";
import { connect as connectTcp, type Socket } from "node:net";
import { connect as connectTls, type TLSSocket } from "node:tls";

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (smtps://); otherwise upgraded by STARTTLS when offered. */
  implicitTls: boolean;
  username?: string;
  password?: string;
  /** The name this client gives in EHLO. */
  clientName?: string;
}

const TIMEOUT_MS = 15_000;

export function parseSmtpUrl(url: string): SmtpConfig {
  const parsed = new URL(url);
  if (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${parsed.protocol}"`);
  }
  const implicitTls = parsed.protocol === "smtps:";
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : implicitTls ? 465 : 587,
    implicitTls,
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
  };
}

/** Reads SMTP replies (possibly multi-line: "250-..." then "250 ...") from a socket. */
class ReplyReader {
  #buffer = "";
  #lines: string[] = [];
  #waiting: ((line: string) => void) | undefined;
  #failure: Error | undefined;
  #onFailure: ((error: Error) => void) | undefined;

  attach(socket: Socket | TLSSocket): void {
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      this.#buffer += chunk;
      let end = this.#buffer.indexOf("\r\n");
      while (end >= 0) {
        this.#lines.push(this.#buffer.slice(0, end));
        this.#buffer = this.#buffer.slice(end + 2);
        end = this.#buffer.indexOf("\r\n");
      }
      this.#deliver();
    });
    const fail = (error: Error) => {
      this.#failure = error;
      this.#onFailure?.(error);
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("The mail server closed the connection.")));
  }

  #deliver(): void {
    if (this.#waiting && this.#lines.length > 0) {
      const resolve = this.#waiting;
      this.#waiting = undefined;
      resolve(this.#lines.shift()!);
    }
  }

  #line(): Promise<string> {
    return new Promise((resolve, reject) => {
      if (this.#failure && this.#lines.length === 0) return reject(this.#failure);
      this.#waiting = resolve;
      this.#onFailure = reject;
      this.#deliver();
    });
  }

  /** The next whole reply: its code and its lines' text. */
  async reply(): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    for (;;) {
      const line = await this.#line();
      lines.push(line.slice(4));
      if (line[3] !== "-") return { code: Number(line.slice(0, 3)), lines };
    }
  }
}

/** RFC 2047 encoded-word for a header with non-ASCII text. */
function headerText(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString("base64")}?=`;
}

const base64Lines = (text: string) => Buffer.from(text).toString("base64").replace(/.{76}/g, "$&\r\n");

export function mimeMessage(message: MailMessage, now: Date): string {
  const boundary = `b_${randomBytes(12).toString("hex")}`;
  const domain = message.from.split("@")[1]?.replace(/>$/, "") ?? "localhost";
  return [
    `From: ${message.from}`,
    `To: ${message.to}`,
    `Subject: ${headerText(message.subject)}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${randomBytes(16).toString("hex")}@${domain}>`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(message.text),
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(message.html),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

/** The bare address of "Name <a@b>" or "a@b". */
const envelopeAddress = (value: string) => value.match(/<([^>]+)>/)?.[1] ?? value.trim();

export function smtpTransport(config: SmtpConfig, clock: () => Date = () => new Date()): MailTransport {
  return {
    async send(message) {
      let socket: Socket | TLSSocket = config.implicitTls
        ? connectTls({ host: config.host, port: config.port, servername: config.host })
        : connectTcp({ host: config.host, port: config.port });
      socket.setTimeout(TIMEOUT_MS, () =>
        socket.destroy(new Error("The mail server did not answer in time.")),
      );
      let reader = new ReplyReader();
      reader.attach(socket);

      const expect = async (codes: number[], what: string) => {
        const reply = await reader.reply();
        if (!codes.includes(reply.code)) {
          throw new Error(`The mail server refused ${what}: ${reply.code} ${reply.lines.join(" ")}`);
        }
        return reply;
      };
      const command = async (line: string, codes: number[], what: string) => {
        socket.write(`${line}\r\n`);
        return expect(codes, what);
      };

      try {
        await expect([220], "the connection");
        const hello = `EHLO ${config.clientName ?? "localhost"}`;
        let features = await command(hello, [250], "EHLO");
        if (!config.implicitTls && features.lines.some((line) => /^STARTTLS\b/i.test(line))) {
          await command("STARTTLS", [220], "STARTTLS");
          socket.removeAllListeners("data").removeAllListeners("close").removeAllListeners("error");
          socket = connectTls({ socket, servername: config.host });
          socket.setTimeout(TIMEOUT_MS, () =>
            socket.destroy(new Error("The mail server did not answer in time.")),
          );
          reader = new ReplyReader();
          reader.attach(socket);
          features = await command(hello, [250], "EHLO after STARTTLS");
        }
        if (config.username) {
          const credentials = Buffer.from(`\0${config.username}\0${config.password ?? ""}`).toString(
            "base64",
          );
          await command(`AUTH PLAIN ${credentials}`, [235], "the credentials");
        }
        await command(`MAIL FROM:<${envelopeAddress(message.from)}>`, [250], "the sender");
        await command(`RCPT TO:<${envelopeAddress(message.to)}>`, [250, 251], "the recipient");
        await command("DATA", [354], "DATA");
        // Dot-stuffing: a line starting with "." gets another one (RFC 5321 §4.5.2).
        const body = mimeMessage(message, clock()).replace(/\r\n\./g, "\r\n..");
        await command(`${body}\r\n.`, [250], "the message");
        await command("QUIT", [221], "QUIT");
      } finally {
        socket.end();
      }
    },
  };
}
