import { eq } from "@deals/db";
import { outboxEmails, sessions, users } from "@deals/db/schema/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDueDeletions } from "./deletion.ts";
import { type AccountsTestApp, startAccountsApp, uniqueEmail } from "./test-support.ts";

let t: AccountsTestApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

const PASSWORD = "delete-me-pass";

describe("account deletion", () => {
  it("refuses a wrong password and keeps the account", async () => {
    const email = uniqueEmail("keep");
    await t.createAccount({ email, password: PASSWORD });
    const cookies = await t.signIn(email, PASSWORD);
    const response = await t.call({
      method: "POST",
      url: "/v1/user/anonymize",
      cookies,
      body: { password: "wrong" },
    });
    expect(response.statusCode).toBe(400);
    expect((await t.call({ method: "GET", url: "/v1/user", cookies })).statusCode).toBe(200);
  });

  it("signs out at once, refuses sign-in, and within the job anonymises the personal data", async () => {
    const email = uniqueEmail("leaving");
    await t.createAccount({ email, password: PASSWORD, firstName: "Morgan", lastName: "Vale" });
    const cookies = await t.signIn(email, PASSWORD);
    await t.call({ method: "POST", url: "/v1/user/subscriptions", cookies, body: { location: "leeds" } });
    const [{ id }] = (await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))) as [{ id: number }];

    const requested = await t.call({
      method: "POST",
      url: "/v1/user/anonymize",
      cookies,
      body: { password: PASSWORD },
    });
    expect(requested.statusCode).toBe(202);
    const dueBy = new Date(requested.json().deletionDueBy).getTime();
    expect(dueBy - t.now().getTime()).toBe(24 * 60 * 60 * 1000);
    expect((await t.call({ method: "GET", url: "/v1/user", cookies })).statusCode).toBe(401);
    const refused = await t.call({
      method: "POST",
      url: "/v1/login",
      body: { username: email, password: PASSWORD },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe("Invalid email/password. Please try again.");

    t.advance(60_000);
    expect(await runDueDeletions(t.database.db, t.app.sessions, t.now())).toBeGreaterThanOrEqual(1);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      status: "deleted",
      email: `deleted-${id}@deleted.invalid`,
      firstName: "",
      lastName: "",
      passwordHash: null,
      address: null,
      phone: null,
      googleSubject: null,
    });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    // Earlier emails to the address are redacted; the confirmation goes to it one last time.
    const earlier = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.userId, id));
    expect(earlier.length).toBeGreaterThan(0);
    for (const email of earlier)
      expect(email).toMatchObject({ to: `deleted-${id}@deleted.invalid`, text: "[removed]" });
    expect((await t.lastEmail(email, "deletion-confirmation"))?.text).toContain("Morgan");
    const status = await t.call({
      method: "POST",
      url: "/v1/email",
      body: { requestSubscriptionDetails: { email } },
    });
    expect(status.json()).toEqual({
      hasPassword: false,
      isLocked: false,
      isRegistered: false,
      isSubscribed: false,
      tpl: false,
    });

    // Running the job again finds nothing left to do.
    expect(await runDueDeletions(t.database.db, t.app.sessions, t.now())).toBe(0);
  });

  it("needs a signed-in customer", async () => {
    const response = await t.call({ method: "POST", url: "/v1/user/anonymize", body: { password: "x" } });
    expect(response.statusCode).toBe(401);
  });
});
