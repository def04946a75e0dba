import { postcodeAddressRows } from "@deals/db/seed/addresses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signDevGoogleToken } from "./google.ts";
import { type AccountsTestApp, startAccountsApp, uniqueEmail } from "./test-support.ts";

let t: AccountsTestApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

const PASSWORD = "profile-pass";

async function signedInCustomer(label: string) {
  const email = uniqueEmail(label);
  await t.createAccount({ email, password: PASSWORD, firstName: "Sam", lastName: "Reid" });
  return { email, cookies: await t.signIn(email, PASSWORD) };
}

const londonAddress = postcodeAddressRows().find((row) => row.countryCode === "gb")!;

describe("profile", () => {
  it("updates personal details and an address looked up by postcode", async () => {
    const { cookies } = await signedInCustomer("profile");
    const compactPostcode = londonAddress.postCode.replace(" ", "").toLowerCase();
    const response = await t.call({
      method: "PUT",
      url: "/v1/user",
      cookies,
      body: {
        user: {
          title: "Ms",
          firstName: "Samantha",
          lastName: "Reid",
          phone: "+44 20 7946 0000",
          address: {
            addressLine1: londonAddress.addressLine1,
            town: londonAddress.town,
            postCode: compactPostcode,
          },
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      title: "Ms",
      firstName: "Samantha",
      phone: "+44 20 7946 0000",
      hasAddress: true,
      address: {
        addressLine1: londonAddress.addressLine1,
        postCode: londonAddress.postCode,
        latLon: { lat: londonAddress.lat, lon: londonAddress.lon },
      },
    });
    const me = await t.call({ method: "GET", url: "/v1/user?origin=myaccount", cookies });
    expect(me.json().firstName).toBe("Samantha");
  });

  it("answers the spec's messages for names and postcodes", async () => {
    const { cookies } = await signedInCustomer("bad-profile");
    const update = (user: Record<string, unknown>) =>
      t.call({
        method: "PUT",
        url: "/v1/user",
        cookies,
        body: { user: { firstName: "A", lastName: "B", ...user } },
      });
    const address = (postCode?: string) => ({
      address: { addressLine1: "1 High Street", town: "Leeds", postCode },
    });

    expect((await update({ firstName: "" })).json().error.message).toBe(
      "user.firstName: This field is required",
    );
    expect((await update(address(undefined))).json().error.message).toBe("Postal code is required");
    expect((await update(address("D02 AF30"))).json().error.message).toBe("Enter a valid postcode");
    expect((await update({ phone: "call me" })).json().error.message).toBe("Enter a valid phone number");
  });
});

describe("PATCH /v1/user/password", () => {
  it("refuses a wrong current password with the spec's message", async () => {
    const { cookies } = await signedInCustomer("change-wrong");
    const response = await t.call({
      method: "PATCH",
      url: "/v1/user/password",
      cookies,
      body: {
        passwordChange: { currentPassword: "nope", newPassword: "next-pass", confirmPassword: "next-pass" },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("Error: Change Unsuccessful.");
  });

  it("checks the new password: at least 6 characters, and both copies the same", async () => {
    const { cookies } = await signedInCustomer("change-rules");
    const change = (newPassword: string, confirmPassword: string) =>
      t.call({
        method: "PATCH",
        url: "/v1/user/password",
        cookies,
        body: { passwordChange: { currentPassword: PASSWORD, newPassword, confirmPassword } },
      });
    expect((await change("short", "short")).json().error.message).toBe(
      "passwordChange.newPassword: Password must be at least 6 characters",
    );
    expect((await change("long-enough", "different")).json().error.message).toBe(
      "passwordChange.confirmPassword: Passwords must match",
    );
  });

  it("changes the password and signs out the customer's other sessions", async () => {
    const { email, cookies } = await signedInCustomer("change");
    const elsewhere = await t.signIn(email, PASSWORD);
    const response = await t.call({
      method: "PATCH",
      url: "/v1/user/password",
      cookies,
      body: {
        passwordChange: {
          currentPassword: PASSWORD,
          newPassword: "changed-pass",
          confirmPassword: "changed-pass",
        },
      },
    });
    expect(response.statusCode).toBe(204);
    expect((await t.call({ method: "GET", url: "/v1/user", cookies })).statusCode).toBe(200);
    expect((await t.call({ method: "GET", url: "/v1/user", cookies: elsewhere })).statusCode).toBe(401);
    expect((await t.signIn(email, "changed-pass")).sid).toBeTruthy();
  });

  it("needs a signed-in customer", async () => {
    const response = await t.call({
      method: "PATCH",
      url: "/v1/user/password",
      body: { passwordChange: { currentPassword: "a", newPassword: "bbbbbb", confirmPassword: "bbbbbb" } },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("Sign in with Google", () => {
  const identity = (email: string, subject = `google-${email}`) => ({
    subject,
    email,
    emailVerified: true,
    givenName: "Gale",
    familyName: "Hart",
  });
  const inAnHour = () => new Date(t.now().getTime() + 60 * 60 * 1000);
  const google = (path: string, idToken: string) =>
    t.call({ method: "POST", url: path, body: { idToken, rememberMe: false } });

  it("signs up with a verified Google token, then signs in with it", async () => {
    const email = uniqueEmail("google");
    const token = signDevGoogleToken(identity(email), inAnHour());
    const unknown = await google("/v1/logingoogle", token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("GOOGLE_ACCOUNT_NOT_REGISTERED");

    const registered = await google("/v1/registergoogleuser", token);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().user).toMatchObject({ email, firstName: "Gale", tpl: true, hasPassword: false });
    expect(await t.lastEmail(email, "welcome")).toBeDefined();
    expect((await google("/v1/logingoogle", token)).statusCode).toBe(200);
  });

  it("links Google to an existing account with the same address", async () => {
    const email = uniqueEmail("link");
    await t.createAccount({ email, password: PASSWORD });
    const response = await google("/v1/logingoogle", signDevGoogleToken(identity(email), inAnHour()));
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email, tpl: true, hasPassword: true });
  });

  it("refuses forged, expired and unverified tokens with the spec's message", async () => {
    const email = uniqueEmail("forged");
    const invalid = { error: { code: "INVALID_GOOGLE_TOKEN", message: "Invalid google token id." } };
    const forged = signDevGoogleToken(identity(email), inAnHour(), "not-the-secret");
    const expired = signDevGoogleToken(identity(email), new Date(t.now().getTime() - 1000));
    const unverified = signDevGoogleToken({ ...identity(email), emailVerified: false }, inAnHour());
    for (const token of [forged, expired, unverified, "garbage"]) {
      const response = await google("/v1/registergoogleuser", token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(invalid);
    }
  });
});
