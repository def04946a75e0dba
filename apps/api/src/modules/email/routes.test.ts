import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const get = (url: string) => testApp.app.inject({ method: "GET", url, headers: brandHeaders() });

describe("GET /v1/email/verify", () => {
  it("answers a verdict from the syntax and the domain", async () => {
    const response = await get("/v1/email/verify?email=someone%40example.com");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: "someone@example.com", verdict: "undeliverable" });
    expect((await get("/v1/email/verify?email=nonsense")).json().verdict).toBe("undeliverable");
  });

  it("needs an email", async () => {
    const response = await get("/v1/email/verify");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("email: This field is required");
  });
});

describe("GET /dev/mailbox.json", () => {
  it("lists the outbox, newest first, optionally for one address", async () => {
    const email = "Mailbox.Reader@mail.example.co.uk";
    await testApp.app.inject({
      method: "POST",
      url: "/v1/subscription",
      headers: brandHeaders(),
      payload: { email, location: "london" },
    });
    const all = (await testApp.app.inject({ method: "GET", url: "/dev/mailbox.json" })).json();
    expect(all.emails[0]).toMatchObject({ to: email, template: "subscription", sentAt: null });
    const mine = await testApp.app.inject({
      method: "GET",
      url: `/dev/mailbox.json?to=${encodeURIComponent(email.toLowerCase())}`,
    });
    expect(mine.json().emails.map((e: { to: string }) => e.to)).toEqual([email]);
  });
});
