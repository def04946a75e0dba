import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redeemExpressBuyToken } from "./service.ts";
import { type AccountsTestApp, cookiesOf, startAccountsApp, uniqueEmail } from "./test-support.ts";

let t: AccountsTestApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

const PASSWORD = "s3cret-pass";
const HOUR_MS = 60 * 60 * 1000;

const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  firstName: "Jamie",
  lastName: "Quinn",
  ...extra,
});

const post = (url: string, body: unknown) => t.call({ method: "POST", url, body });
const login = (username: string, password = PASSWORD) =>
  post("/v1/login", { username, password, rememberMe: false });

describe("POST /v1/register", () => {
  it("signs the new account in at once; the emailed link confirms it once, signs in, and a welcome follows", async () => {
    const email = uniqueEmail("reg");
    const response = await post("/v1/register", registration(email));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().user).toMatchObject({ email, firstName: "Jamie", activated: false });
    const session = cookiesOf(response);
    expect(session.sid).toBeTruthy();
    const profile = await t.call({ method: "GET", url: "/v1/user", cookies: session });
    expect(profile.json()).toMatchObject({ email, activated: false });

    const activation = await t.lastEmail(email, "activation");
    expect(activation?.subject).toBe("Activate your Dealmoor account");
    // Links point at the site the request came from.
    expect(activation?.text).toContain("http://main-uk.localhost:3000/activate?token=");
    const token = await t.emailedToken(email, "activation");

    const check = await t.call({ method: "GET", url: `/v1/user/password_activate?token=${token}` });
    expect(check.json()).toEqual({ needsPassword: false });
    const activated = await post("/v1/user/password_activate", { token });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().user).toMatchObject({ email, activated: true });
    expect(cookiesOf(activated).sid).toBeTruthy();
    expect(await t.lastEmail(email, "welcome")).toBeDefined();
    // The session opened at registration sees the account confirmed too.
    expect((await t.call({ method: "GET", url: "/v1/user", cookies: session })).json().activated).toBe(true);
    expect((await login(email)).statusCode).toBe(200);

    const again = await post("/v1/user/password_activate", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: "LINK_INVALID",
      message: "This link has expired or has already been used. Please ask for a new one.",
    });
  });

  it("changes nothing for a registered address: its owner is emailed and the answer says to sign in", async () => {
    const email = uniqueEmail("twice");
    await t.createAccount({ email, password: PASSWORD });
    const repeated = await post("/v1/register", {
      ...registration(email),
      password: "other-pass",
      confirmPassword: "other-pass",
    });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().error).toEqual({
      code: "ACCOUNT_EXISTS",
      message: "An account already uses this email address. Please sign in to continue.",
    });
    expect(repeated.cookies).toEqual([]);
    expect(await t.lastEmail(email, "account-exists")).toBeDefined();
    // The original password still works: a repeat registration changes nothing.
    expect((await login(email)).statusCode).toBe(200);
    expect((await login(email, "other-pass")).statusCode).toBe(401);
  });

  it("sends a guest's address a link to finish its account instead of registering it again", async () => {
    const email = uniqueEmail("guest-reg");
    await post("/v1/express-buy-token", { expressBuyTokenRequest: { email } });
    const first = await t.emailedToken(email, "activation");
    const repeated = await post("/v1/register", registration(email));
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().error.message).toBe(
      "An account already uses this email address. We have emailed it a link to finish setting up the account.",
    );
    expect(await t.emailedToken(email, "activation")).not.toBe(first);
    expect((await login(email)).statusCode).toBe(401);
  });

  it("records the VIP flows: the paid flow's opt-in, and the free trial's VIP membership", async () => {
    const paid = uniqueEmail("vip");
    const trial = uniqueEmail("trial");
    expect((await post("/v1/register/vip", registration(paid))).statusCode).toBe(201);
    expect((await post("/v1/register/vip-free-trial", registration(trial))).statusCode).toBe(201);
    for (const email of [paid, trial]) {
      const token = await t.emailedToken(email, "activation");
      await post("/v1/user/password_activate", { token });
    }
    expect((await login(paid)).json().user.vipUser).toBe(false);
    const trialSession = (await login(trial)).json();
    expect(trialSession.user).toMatchObject({ vipUser: true, vipMembershipCookie: "VIP" });
  });

  it("answers every validation message of the spec", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "" }, "email: This field is required"],
      [{ email: "no-at-sign" }, "email: Enter a valid email address"],
      [{ password: "five5", confirmPassword: "five5" }, "password: Password must be at least 6 characters"],
      [{ confirmPassword: "something else" }, "confirmPassword: Passwords must match"],
      [{ firstName: " " }, "firstName: This field is required"],
    ];
    for (const [change, message] of cases) {
      const response = await post("/v1/register", registration(uniqueEmail("bad"), change));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });
});

describe("activation links", () => {
  it("expires after 7 days, and a new one can be asked for", async () => {
    const email = uniqueEmail("expire");
    await post("/v1/register", registration(email));
    const old = await t.emailedToken(email, "activation");
    t.advance(7 * 24 * HOUR_MS + 1000);
    expect((await post("/v1/user/password_activate", { token: old })).json().error.code).toBe("LINK_INVALID");
    expect((await t.call({ method: "GET", url: `/v1/user/password_activate?token=${old}` })).statusCode).toBe(
      400,
    );

    const again = await post("/v1/user/activation_request", { email });
    expect(again.statusCode).toBe(202);
    const token = await t.emailedToken(email, "activation");
    expect(token).not.toBe(old);
    expect((await post("/v1/user/password_activate", { token })).statusCode).toBe(200);
  });

  it("answers an activation request for an unknown address the same way, sending nothing", async () => {
    const email = uniqueEmail("unknown");
    const response = await post("/v1/user/activation_request", { email });
    expect(response.statusCode).toBe(202);
    expect(await t.lastEmail(email, "activation")).toBeUndefined();
  });
});

describe("password reset", () => {
  it("resets the password once with the emailed link and signs out every session", async () => {
    const email = uniqueEmail("reset");
    await t.createAccount({ email, password: PASSWORD });
    const cookies = await t.signIn(email, PASSWORD);

    const requested = await post("/v1/user/password_reset_request", { email });
    expect(requested.statusCode).toBe(202);
    const token = await t.emailedToken(email, "password-reset");
    expect((await t.call({ method: "GET", url: `/v1/user/password_reset?token=${token}` })).json()).toEqual({
      needsPassword: true,
    });

    const mismatch = await post("/v1/user/password_reset", {
      token,
      password: "new-pass-1",
      confirmPassword: "other",
    });
    expect(mismatch.json().error.message).toBe("confirmPassword: Passwords must match");
    const reset = await post("/v1/user/password_reset", {
      token,
      password: "new-pass-1",
      confirmPassword: "new-pass-1",
    });
    expect(reset.statusCode).toBe(200);

    expect((await t.call({ method: "GET", url: "/v1/user", cookies })).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, "new-pass-1")).statusCode).toBe(200);

    const reused = await post("/v1/user/password_reset", {
      token,
      password: "another-1",
      confirmPassword: "another-1",
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe("LINK_INVALID");
  });

  it("expires a reset link after an hour", async () => {
    const email = uniqueEmail("late");
    await t.createAccount({ email, password: PASSWORD });
    await post("/v1/user/password_reset_request", { email });
    const token = await t.emailedToken(email, "password-reset");
    t.advance(HOUR_MS + 1000);
    const late = await post("/v1/user/password_reset", {
      token,
      password: "new-pass-2",
      confirmPassword: "new-pass-2",
    });
    expect(late.json().error.code).toBe("LINK_INVALID");
    expect((await login(email)).statusCode).toBe(200);
  });

  it("answers an unknown address exactly as a known one", async () => {
    const known = uniqueEmail("known");
    await t.createAccount({ email: known, password: PASSWORD });
    const unknown = uniqueEmail("stranger");
    const a = await post("/v1/user/password_reset_request", { email: known });
    const b = await post("/v1/user/password_reset_request", { email: unknown });
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json().message.replace(known, "")).toBe(b.json().message.replace(unknown, ""));
    expect(await t.lastEmail(unknown, "password-reset")).toBeUndefined();
  });

  it("limits reset requests per account", async () => {
    const email = uniqueEmail("flood");
    const answers: number[] = [];
    for (let i = 0; i < 4; i++)
      answers.push((await post("/v1/user/password_reset_request", { email })).statusCode);
    expect(answers).toEqual([202, 202, 202, 429]);
  });
});

describe("guest accounts (express buy) and the account check", () => {
  it("a guest gets an express-buy token and activates later by choosing a password", async () => {
    const email = uniqueEmail("guest");
    const before = (await post("/v1/email", { requestSubscriptionDetails: { email } })).json();
    expect(before).toEqual({
      hasPassword: false,
      isLocked: false,
      isRegistered: false,
      isSubscribed: false,
      tpl: false,
    });

    const issued = await post("/v1/express-buy-token", { expressBuyTokenRequest: { email } });
    expect(issued.statusCode).toBe(200);
    expect(issued.json().expressBuyToken.length).toBeGreaterThan(20);

    const token = await t.emailedToken(email, "activation");
    expect(
      (await t.call({ method: "GET", url: `/v1/user/password_activate?token=${token}` })).json(),
    ).toEqual({
      needsPassword: true,
    });
    const withoutPassword = await post("/v1/user/password_activate", { token });
    expect(withoutPassword.json().error.code).toBe("PASSWORD_REQUIRED");
    const activated = await post("/v1/user/password_activate", {
      token,
      password: "guest-pass",
      confirmPassword: "guest-pass",
    });
    expect(activated.statusCode).toBe(200);
    expect((await login(email, "guest-pass")).statusCode).toBe(200);

    const after = (await post("/v1/email", { requestSubscriptionDetails: { email } })).json();
    expect(after).toMatchObject({ hasPassword: true, isRegistered: true, isLocked: false });
    const refused = await post("/v1/express-buy-token", { expressBuyTokenRequest: { email } });
    expect(refused.statusCode).toBe(409);
  });

  it("an express-buy token stands for its guest once, and only until it expires", async () => {
    const email = uniqueEmail("express");
    const first = (await post("/v1/express-buy-token", { expressBuyTokenRequest: { email } })).json();
    const customer = await redeemExpressBuyToken(t.database.db, first.expressBuyToken, t.now());
    expect(customer).toMatchObject({ email, vipUser: false, brandId: "main-uk" });
    expect(await redeemExpressBuyToken(t.database.db, first.expressBuyToken, t.now())).toBeNull();

    const second = (await post("/v1/express-buy-token", { expressBuyTokenRequest: { email } })).json();
    t.advance(HOUR_MS + 1000);
    expect(await redeemExpressBuyToken(t.database.db, second.expressBuyToken, t.now())).toBeNull();
  });

  it("a registered account not yet activated signs in with its password at once", async () => {
    const email = uniqueEmail("pending");
    expect((await post("/v1/register", registration(email))).statusCode).toBe(201);
    const signIn = await login(email);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.activated).toBe(false);
    expect(await t.lastEmail(email, "activation")).toBeDefined();

    // An express-buy token issued before activation no longer stands for the account after it.
    const unused = (await post("/v1/express-buy-token", { expressBuyTokenRequest: { email } })).json();
    await post("/v1/user/password_activate", { token: await t.emailedToken(email, "activation") });
    expect(await redeemExpressBuyToken(t.database.db, unused.expressBuyToken, t.now())).toBeNull();
    expect((await post("/v1/express-buy-token", { expressBuyTokenRequest: { email } })).statusCode).toBe(409);
  });

  it("the account check reports a locked account", async () => {
    const email = uniqueEmail("locked");
    await t.createAccount({ email, password: PASSWORD });
    for (let i = 0; i < 5; i++) await login(email, "wrong");
    const status = (await post("/v1/email", { requestSubscriptionDetails: { email } })).json();
    expect(status).toMatchObject({ isLocked: true, isRegistered: true, hasPassword: true });
  });
});
