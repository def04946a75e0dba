/**
 * No answer and no log line carries a password or a stored hash (of a password, session id
 * or emailed token), whatever the call, with logging at its most detailed.
 */
import { Writable } from "node:stream";
import type { Database } from "@deals/db";
import { authTokens, emailSubscriptions, sessions, users } from "@deals/db/schema/accounts";
import { TEST_NOW, testDatabase } from "@deals/db/testing";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { brandHeaders, buildTestApp } from "../../testing.ts";
import { cookiesOf, SITE_HOST, uniqueEmail } from "./test-support.ts";

let database: Database;
let app: App;
const logLines: string[] = [];

beforeAll(async () => {
  database = await testDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildTestApp({ database, clock: () => TEST_NOW, logger: { level: "trace", stream } });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

it("keeps passwords and hashes out of every answer and log line", async () => {
  const answers: LightMyRequestResponse[] = [];
  // Every hash stored at any point: passwords and sessions are replaced or removed on the way.
  const hashes = new Set<string>();
  const collectHashes = async () => {
    const found = [
      ...(await database.db.select({ hash: users.passwordHash }).from(users)),
      ...(await database.db.select({ hash: sessions.idHash }).from(sessions)),
      ...(await database.db.select({ hash: authTokens.tokenHash }).from(authTokens)),
      ...(await database.db
        .select({ hash: emailSubscriptions.unsubscribeTokenHash })
        .from(emailSubscriptions)),
    ];
    for (const { hash } of found) if (hash) hashes.add(hash);
  };
  const call = async (
    method: "GET" | "POST" | "PUT" | "PATCH",
    url: string,
    body?: object,
    cookies?: object,
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: { host: SITE_HOST, origin: `http://${SITE_HOST}`, ...brandHeaders() },
      ...(body ? { payload: body } : {}),
      ...(cookies ? { cookies: cookies as Record<string, string> } : {}),
    });
    answers.push(response);
    await collectHashes();
    return response;
  };
  const email = uniqueEmail("secret");
  const passwords = ["first-Secret-1", "second-Secret-2", "third-Secret-3", "wrong-Secret-4"];
  const [first, second, third, wrong] = passwords as [string, string, string, string];

  await call("POST", "/v1/register", {
    email,
    password: first,
    confirmPassword: first,
    firstName: "K",
    lastName: "L",
  });
  const [activation] = await database.db.select().from(authTokens);
  expect(activation).toBeDefined();
  const outbox = await app.inject({ method: "GET", url: "/dev/mailbox.json" });
  const token = outbox.json().emails[0].text.match(/token=([\w-]+)/)[1];
  await call("GET", `/v1/user/password_activate?token=${token}`);
  await call("POST", "/v1/user/password_activate", { token });
  await call("POST", "/v1/login", { username: email, password: wrong });
  const signIn = await call("POST", "/v1/login", { username: email, password: first, rememberMe: true });
  const cookies = cookiesOf(signIn);
  await call("GET", "/v1/user", undefined, cookies);
  await call("POST", "/v1/user/subscriptions", { location: "london" }, cookies);
  await call(
    "PATCH",
    "/v1/user/password",
    {
      passwordChange: { currentPassword: first, newPassword: second, confirmPassword: second },
    },
    cookies,
  );
  await call("POST", "/v1/user/password_reset_request", { email });
  const resetToken = (await app.inject({ method: "GET", url: "/dev/mailbox.json" }))
    .json()
    .emails[0].text.match(/token=([\w-]+)/)[1];
  await call("POST", "/v1/user/password_reset", {
    token: resetToken,
    password: third,
    confirmPassword: third,
  });
  await call("PUT", "/v1/logout", undefined, cookies);

  // Three passwords, three sessions (registration, activation, sign-in), two emailed tokens
  // and an unsubscribe token.
  expect(hashes.size).toBe(9);
  expect(logLines.length).toBeGreaterThan(10);

  const everything = [
    ...answers.map((answer) => `${JSON.stringify(answer.headers)}\n${answer.body}`),
    ...logLines,
  ].join("\n");
  for (const secret of [...passwords, ...hashes]) expect(everything).not.toContain(secret);
  // The argon2id hashes really are argon2id.
  const passwordHashes = await database.db.select({ hash: users.passwordHash }).from(users);
  expect(passwordHashes.every((row) => row.hash === null || row.hash.startsWith("$argon2id$"))).toBe(true);
});
