import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccountsTestApp, startAccountsApp, uniqueEmail } from "./test-support.ts";

let t: AccountsTestApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

const PASSWORD = "subscribe-pass";

async function customer(label: string) {
  const email = uniqueEmail(label);
  await t.createAccount({ email, password: PASSWORD });
  return { email, cookies: await t.signIn(email, PASSWORD) };
}

describe("subscribe and unsubscribe by token", () => {
  it("subscribes an address to a location and unsubscribes it from the emailed link, twice safely", async () => {
    const email = uniqueEmail("news");
    const response = await t.call({
      method: "POST",
      url: "/v1/subscription",
      body: { email, location: "leeds" },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ email, location: { shortName: "leeds", name: "Leeds" } });
    expect(
      (
        await t.call({ method: "POST", url: "/v1/email", body: { requestSubscriptionDetails: { email } } })
      ).json(),
    ).toMatchObject({ isSubscribed: true });

    const token = await t.emailedToken(email, "subscription");
    const cancel = () => t.call({ method: "POST", url: "/v1/subscription/cancel", body: { token } });
    const first = await cancel();
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toContain("Leeds");
    expect((await cancel()).statusCode).toBe(200);
    expect(
      (
        await t.call({ method: "POST", url: "/v1/email", body: { requestSubscriptionDetails: { email } } })
      ).json(),
    ).toMatchObject({ isSubscribed: false });
  });

  it("shows in the signed-in shopper's profile while their address is subscribed on this site", async () => {
    const { email, cookies } = await customer("profile-news");
    const profile = async () =>
      (await t.call({ method: "GET", url: "/v1/user", cookies })).json() as { isSubscribed: boolean };
    expect((await profile()).isSubscribed).toBe(false);

    // Another site's subscription is not this site's.
    const elsewhere = { email, location: "dublin" };
    const sister = await t.call({
      method: "POST",
      url: "/v1/subscription",
      body: elsewhere,
      brandId: "sister-ie",
    });
    expect(sister.statusCode, sister.body).toBe(201);
    expect((await profile()).isSubscribed).toBe(false);

    // The address as typed differently still names the account's.
    const body = { email: ` ${email.toUpperCase()} `, location: "leeds" };
    expect((await t.call({ method: "POST", url: "/v1/subscription", body })).statusCode).toBe(201);
    expect((await profile()).isSubscribed).toBe(true);
  });

  it("answers the spec's messages: email and location required, unsubscribe token required", async () => {
    const noLocation = await t.call({
      method: "POST",
      url: "/v1/subscription",
      body: { email: uniqueEmail("x") },
    });
    expect(noLocation.json().error.message).toBe("location: This field is required");
    const noEmail = await t.call({ method: "POST", url: "/v1/subscription", body: { location: "leeds" } });
    expect(noEmail.json().error.message).toBe("email: This field is required");
    const noToken = await t.call({ method: "POST", url: "/v1/subscription/cancel", body: {} });
    expect(noToken.json().error.message).toBe("token: Unsubscribe token is required");
    const unknownToken = await t.call({
      method: "POST",
      url: "/v1/subscription/cancel",
      body: { token: "nope" },
    });
    expect(unknownToken.statusCode).toBe(404);
    const unknownLocation = await t.call({
      method: "POST",
      url: "/v1/subscription",
      body: { email: uniqueEmail("y"), location: "atlantis" },
    });
    expect(unknownLocation.statusCode).toBe(404);
  });
});

describe("the customer's subscriptions and email preferences", () => {
  it("lists, adds and cancels the customer's own subscriptions", async () => {
    const { cookies } = await customer("mine");
    const added = await t.call({
      method: "POST",
      url: "/v1/user/subscriptions",
      cookies,
      body: { location: "bristol" },
    });
    expect(added.statusCode).toBe(201);
    const list = (await t.call({ method: "GET", url: "/v1/user/subscriptions", cookies })).json();
    expect(list.subscriptions.map((s: { location: { shortName: string } }) => s.location.shortName)).toEqual([
      "bristol",
    ]);
    expect(list.emailPreferences).toEqual({ dailyDeals: false, vipNews: false, partnerOffers: false });

    const cancelled = await t.call({
      method: "DELETE",
      url: `/v1/user/subscriptions/${added.json().id}`,
      cookies,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(
      (await t.call({ method: "GET", url: "/v1/user/subscriptions", cookies })).json().subscriptions,
    ).toEqual([]);
  });

  it("answers 404 for another customer's subscription id, and leaves it alone", async () => {
    const owner = await customer("owner");
    const other = await customer("other");
    const added = await t.call({
      method: "POST",
      url: "/v1/user/subscriptions",
      cookies: owner.cookies,
      body: { location: "york" },
    });
    const id = added.json().id;
    const attempt = await t.call({
      method: "DELETE",
      url: `/v1/user/subscriptions/${id}`,
      cookies: other.cookies,
    });
    expect(attempt.statusCode).toBe(404);
    expect(attempt.json().error).toEqual({
      code: "SUBSCRIPTION_NOT_FOUND",
      message: "There is no such subscription.",
    });
    const missing = await t.call({
      method: "DELETE",
      url: "/v1/user/subscriptions/999999",
      cookies: other.cookies,
    });
    expect(missing.json()).toEqual(attempt.json());
    const ownerList = (
      await t.call({ method: "GET", url: "/v1/user/subscriptions", cookies: owner.cookies })
    ).json();
    expect(ownerList.subscriptions.map((s: { id: number }) => s.id)).toEqual([id]);
  });

  it("updates the email preferences", async () => {
    const { cookies } = await customer("prefs");
    const preferences = { dailyDeals: true, vipNews: false, partnerOffers: true };
    const response = await t.call({
      method: "PUT",
      url: "/v1/user/email-preferences",
      cookies,
      body: preferences,
    });
    expect(response.json()).toEqual(preferences);
    expect((await t.call({ method: "GET", url: "/v1/user", cookies })).json().emailPreferences).toEqual(
      preferences,
    );
  });

  it("needs a signed-in customer", async () => {
    expect((await t.call({ method: "GET", url: "/v1/user/subscriptions" })).statusCode).toBe(401);
    expect((await t.call({ method: "DELETE", url: "/v1/user/subscriptions/1" })).statusCode).toBe(401);
  });
});
