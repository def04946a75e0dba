/**
 * The SMTP client against a small in-test SMTP server: the dialogue, authentication, the
 * MIME message, and the outbox sender marking rows sent or failed.
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
import { parseSmtpUrl, smtpTransport } from "./smtp.ts";

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
  it("parses SMTP_URL", () => {
    expect(parseSmtpUrl("smtp://user%40x:p%40ss@mail.example.co.uk:2525")).toEqual({
      host: "mail.example.co.uk",
      port: 2525,
      implicitTls: false,
      username: "user@x",
      password: "p@ss",
    });
    expect(parseSmtpUrl("smtps://mail.example.co.uk").port).toBe(465);
    expect(() => parseSmtpUrl("http://mail.example.co.uk")).toThrow(/smtp/);
  });

  it("sends a message with both parts, authenticating first", async () => {
    const transport = smtpTransport(
      { host: "127.0.0.1", port, implicitTls: false, username: "u", password: "p" },
      () => TEST_NOW,
    );
    await transport.send({
      from: "Dealmoor <no-reply@dealmoor.co.uk>",
      to: "shopper@mail.example.co.uk",
      subject: "Café deals",
      text: "Hello\n.\nBye",
      html: "<p>Hello</p>",
    });
    const session = received.at(-1)!;
    expect(session.commands).toEqual([
      "EHLO localhost",
      `AUTH PLAIN ${Buffer.from("\0u\0p").toString("base64")}`,
      "MAIL FROM:<no-reply@dealmoor.co.uk>",
      "RCPT TO:<shopper@mail.example.co.uk>",
      "DATA",
      "QUIT",
    ]);
    expect(session.data).toContain("Subject: =?UTF-8?B?");
    expect(session.data).toContain("Content-Type: text/plain; charset=utf-8");
    expect(session.data).toContain(Buffer.from("<p>Hello</p>").toString("base64"));
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
    const transport = {
      ...smtpTransport({ host: "127.0.0.1", port, implicitTls: false }),
      from: "no-reply@x.co.uk",
    };
    expect(await deliverOutbox(db, transport, () => TEST_NOW)).toBe(1);
    const [sent] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, good));
    const [refused] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, bad));
    expect(sent).toMatchObject({ sentAt: TEST_NOW, attempts: 1 });
    expect(refused).toMatchObject({ sentAt: null, attempts: 1 });
    expect(refused!.lastError).toContain("550");
  });
});
