import { LOGIN_LOCK_MINUTES } from "@deals/domain/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccountsTestApp, cookiesOf, randomIp, startAccountsApp, uniqueEmail } from "./test-support.ts";

let t: AccountsTestApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

const PASSWORD = "correct horse";
const DAY_MS = 24 * 60 * 60 * 1000;

const login = (username: string, password: string, extra: { ip?: string; rememberMe?: boolean } = {}) =>
  t.call({
    method: "POST",
    url: "/v1/login",
    body: { username, password, rememberMe: extra.rememberMe ?? false },
    ...(extra.ip ? { ip: extra.ip } : {}),
  });

const profile = (cookies: Record<string, string>) => t.call({ method: "GET", url: "/v1/user", cookies });

async function newAccount(label: string): Promise<string> {
  const email = uniqueEmail(label);
  await t.createAccount({ email, password: PASSWORD, firstName: "Robin" });
  return email;
}

describe("POST /v1/login", () => {
  it("answers the session with the customer token and sets the session and brand cookies", async () => {
    const email = await newAccount("login");
    const response = await login(email, PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json();
    expect(session.customerToken.length).toBeGreaterThanOrEqual(10);
    expect(session.rememberMe).toBe(false);
    expect(session.user).toMatchObject({ email, firstName: "Robin", hasPassword: true, vipUser: false });

    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cookies.sid).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    // Plain HTTP outside production: local development and tests.
    expect(cookies.sid!.secure).toBeUndefined();
    // Without remember-me the session cookie ends with the browser session.
    expect(cookies.sid!.maxAge).toBeUndefined();
    expect(cookies.customer_token).toMatchObject({
      value: session.customerToken,
      maxAge: 365 * 24 * 60 * 60,
    });
    expect(cookies.brand_user).toMatchObject({ value: "registered_user", maxAge: 365 * 24 * 60 * 60 });
    expect(cookies.vip_membership).toMatchObject({ value: "Non - VIP", maxAge: 24 * 60 * 60 });

    const me = await profile({ sid: cookies.sid!.value });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, customerToken: session.customerToken });
  });

  it("keeps a remember-me session for 30 days and a plain one for a day", async () => {
    const email = await newAccount("remember");
    const remembered = await login(email, PASSWORD, { rememberMe: true });
    const rememberedSid = remembered.cookies.find((cookie) => cookie.name === "sid")!;
    expect(rememberedSid.maxAge).toBe(30 * 24 * 60 * 60);
    const plain = cookiesOf(await login(email, PASSWORD));

    t.advance(DAY_MS + 1000);
    expect((await profile({ sid: plain.sid! })).statusCode).toBe(401);
    expect((await profile({ sid: rememberedSid.value })).statusCode).toBe(200);
    t.advance(29 * DAY_MS);
    expect((await profile({ sid: rememberedSid.value })).statusCode).toBe(401);
  });

  it("gives a wrong password and an unknown address the same answer", async () => {
    const email = await newAccount("wrong");
    const wrong = await login(email, "not the password");
    const unknown = await login(uniqueEmail("nobody"), "not the password");
    const expected = {
      error: { code: "INVALID_CREDENTIALS", message: "Invalid email/password. Please try again." },
    };
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(expected);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(expected);
    expect(wrong.cookies).toEqual([]);
  });

  it("signs in an account that has not been activated yet, and says so in the profile", async () => {
    const email = uniqueEmail("pending");
    await t.call({
      method: "POST",
      url: "/v1/register",
      body: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: "Pat", lastName: "Lee" },
    });
    const response = await login(email, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email, activated: false });
  });

  it("answers the spec's validation messages", async () => {
    const missing = await t.call({ method: "POST", url: "/v1/login", body: { password: "x" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe("username: This field is required");
    const malformed = await login("not-an-email", PASSWORD);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe("username: Enter a valid email address");
  });
});

describe("lockout", () => {
  const LOCKED = {
    error: { code: "ACCOUNT_LOCKED", message: "Account temporarily locked, try later or reset password." },
  };

  it("locks the account after 5 failed logins, even for the right password, until the lock ends", async () => {
    const email = await newAccount("lock");
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login(email, "wrong")).statusCode).toBe(401);
    }
    const fifth = await login(email, "wrong");
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json()).toEqual(LOCKED);
    const right = await login(email, PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual(LOCKED);

    t.advance(LOCKED_MS + 1000);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it("a successful login starts the count again", async () => {
    const email = await newAccount("count");
    for (let attempt = 1; attempt <= 4; attempt++) await login(email, "wrong");
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login(email, "wrong")).statusCode).toBe(401);
    }
  });

  it("locks an unknown address the same way, so the lock reveals nothing", async () => {
    const email = uniqueEmail("ghost");
    for (let attempt = 1; attempt <= 4; attempt++) await login(email, "wrong");
    const fifth = await login(email, "wrong");
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json()).toEqual(LOCKED);
  });

  it("a password reset unlocks the account", async () => {
    const email = await newAccount("unlock");
    for (let attempt = 1; attempt <= 5; attempt++) await login(email, "wrong");
    expect((await login(email, PASSWORD)).statusCode).toBe(403);

    await t.call({ method: "POST", url: "/v1/user/password_reset_request", body: { email } });
    const token = await t.emailedToken(email, "password-reset");
    const reset = await t.call({
      method: "POST",
      url: "/v1/user/password_reset",
      body: { token, password: "brand new pass", confirmPassword: "brand new pass" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(email, "brand new pass")).statusCode).toBe(200);
  });
});

const LOCKED_MS = LOGIN_LOCK_MINUTES * 60 * 1000;

describe("rate limits", () => {
  it("limits logins per client address", async () => {
    const ip = randomIp();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      answers.push((await login(uniqueEmail(`ip${attempt}`), "wrong", { ip })).statusCode);
    }
    expect(answers.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(answers[20]).toBe(429);
    const limited = await login(uniqueEmail("more"), "wrong", { ip });
    expect(limited.json().error.code).toBe("TOO_MANY_REQUESTS");
    // Another address is not affected.
    expect((await login(uniqueEmail("elsewhere"), "wrong")).statusCode).toBe(401);
  });

  it("limits logins per account, from whatever address", async () => {
    const email = uniqueEmail("target");
    const answers: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) answers.push((await login(email, "wrong")).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 401 || status === 403)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it("limits registrations per client address", async () => {
    const ip = randomIp();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const email = uniqueEmail(`reg${attempt}`);
      const response = await t.call({
        method: "POST",
        url: "/v1/register",
        ip,
        body: { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: "A", lastName: "B" },
      });
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe("sessions", () => {
  it("GET /v1/user without a session answers 401 LOGIN_REQUIRED", async () => {
    const response = await profile({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: "LOGIN_REQUIRED", message: "Please sign in to continue." },
    });
    expect((await profile({ sid: "made-up-session-id" })).statusCode).toBe(401);
  });

  it("logout ends the session on the server and clears the cookies", async () => {
    const email = await newAccount("logout");
    const cookies = await t.signIn(email, PASSWORD);
    const response = await t.call({ method: "PUT", url: "/v1/logout", cookies });
    expect(response.statusCode).toBe(204);
    expect(cookiesOf(response)).toMatchObject({ sid: "", customer_token: "" });
    // The old cookie, replayed, no longer signs anyone in.
    expect((await profile(cookies)).statusCode).toBe(401);
  });

  it("a session of one brand's site does not count on another's", async () => {
    const email = await newAccount("brand");
    const cookies = await t.signIn(email, PASSWORD);
    const other = await t.call({ method: "GET", url: "/v1/user", cookies, brandId: "main-ie" });
    expect(other.statusCode).toBe(401);
  });
});
