/**
 * The SMTP transport against a small in-test SMTP server: authentication, the message with
 * both parts, one connection reused for several messages, and the outbox sender marking rows
 * sent or failed.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:net";
import type { Database } from "@deals/db";
import { eq } from "@deals/db";
import { outboxEmails } from "@deals/db/schema/accounts";
import { TEST_NOW, testDatabase } from "@deals/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueEmail } from "./outbox.ts";
import { deliverOutbox } from "./sender.ts";
import { smtpTransport } from "./smtp.ts";

interface Received {
  commands: string[];
  data: string;
}

/** Accepts one message per connection; refuses recipients at refused.example. */
function fakeSmtpServer(received: Received[]): Server {
  return createServer((socket) => {
    const session: Received = { commands: [], data: "" };
    received.push(session);
    let inData = false;
    let buffer = "";
    socket.write("220 test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      if (inData) {
        const end = buffer.indexOf("\r\n.\r\n");
        if (end < 0) return;
        session.data = buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        inData = false;
        socket.write("250 queued\r\n");
      }
      let newline = buffer.indexOf("\r\n");
      while (!inData && newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        session.commands.push(line);
        if (line.startsWith("EHLO")) socket.write("250-test\r\n250 AUTH PLAIN\r\n");
        else if (line.startsWith("AUTH PLAIN")) socket.write("235 ok\r\n");
        else if (line.startsWith("RCPT TO") && line.includes("refused.example"))
          socket.write("550 no such user\r\n");
        else if (line === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (line === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
        newline = buffer.indexOf("\r\n");
      }
    });
  });
}

let server: Server;
let port: number;
const received: Received[] = [];
let database: Database;

beforeAll(async () => {
  server = fakeSmtpServer(received);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as { port: number }).port;
  database = await testDatabase();
});
afterAll(async () => {
  server.close();
  await database.close();
});

describe("smtp", () => {
  it("refuses an SMTP_URL that is not smtp:// or smtps://", () => {
    expect(() => smtpTransport("http://mail.example.co.uk")).toThrow(/smtp/);
  });

  it("sends messages with both parts, authenticating first, over one reused connection", async () => {
    const before = received.length;
    const transport = smtpTransport(`smtp://u:p@127.0.0.1:${port}`);
    for (const to of ["shopper@mail.example.co.uk", "other@mail.example.co.uk"]) {
      await transport.send({
        from: "Dealmoor <no-reply@dealmoor.co.uk>",
        to,
        subject: "Café deals",
        text: `Hello\n.\n${"long line ".repeat(200)}`,
        html: "<p>Hello</p>",
      });
    }
    transport.close();
    const sessions = received.slice(before);
    expect(sessions).toHaveLength(1);
    const commands = sessions[0]!.commands;
    expect(commands.find((c) => c.startsWith("AUTH PLAIN"))).toBe(
      `AUTH PLAIN ${Buffer.from("\0u\0p").toString("base64")}`,
    );
    expect(commands.filter((c) => c.startsWith("MAIL FROM:"))).toEqual([
      "MAIL FROM:<no-reply@dealmoor.co.uk>",
      "MAIL FROM:<no-reply@dealmoor.co.uk>",
    ]);
    expect(commands.filter((c) => c.startsWith("RCPT TO:"))).toEqual([
      "RCPT TO:<shopper@mail.example.co.uk>",
      "RCPT TO:<other@mail.example.co.uk>",
    ]);
    const data = sessions[0]!.data;
    expect(data).toContain("Subject: =?UTF-8?");
    expect(data).toContain("text/plain");
    expect(data).toContain("text/html");
    // No line longer than SMTP allows.
    expect(data.split("\r\n").every((line) => line.length <= 998)).toBe(true);
  });

  it("the outbox sender marks accepted emails sent and records refusals", async () => {
    const db = database.db;
    const good = await enqueueEmail(db, {
      to: "a@mail.example.co.uk",
      template: "t",
      subject: "s",
      text: "x",
      html: "x",
    });
    const bad = await enqueueEmail(db, {
      to: "b@refused.example",
      template: "t",
      subject: "s",
      text: "x",
      html: "x",
    });
    const transport = { ...smtpTransport(`smtp://127.0.0.1:${port}`), from: "no-reply@x.co.uk" };
    expect(await deliverOutbox(db, transport, () => TEST_NOW)).toBe(1);
    transport.close();
    const [sent] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, good));
    const [refused] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, bad));
    expect(sent).toMatchObject({ sentAt: TEST_NOW, attempts: 1 });
    expect(refused).toMatchObject({ sentAt: null, attempts: 1 });
    expect(refused!.lastError).toContain("550");
  });
});
