/**
 * Who is signed in: a route reading `request.customer` gets the session's shopper; a route
 * that never reads it (a storefront page, whose API calls find the session) costs no lookup.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccountsTestApp, startAccountsApp, uniqueEmail } from "./test-support.ts";

let t: AccountsTestApp;
let lookups = 0;

beforeAll(async () => {
  t = await startAccountsApp();
  const signedIn = async (request: { customer: unknown }) => ({ signedIn: request.customer !== null });
  t.app.get("/v1/who-is-here", { schema: { hide: true } }, signedIn);
  t.app.get("/who-is-here-page", { schema: { hide: true }, config: { readsCustomer: false } }, signedIn);
  const find = t.app.sessions.find;
  t.app.sessions.find = (...args) => {
    lookups++;
    return find(...args);
  };
});
afterAll(() => t.close());

describe("the signed-in shopper", () => {
  it("is found from the session for a route that reads it, and not looked up for one that does not", async () => {
    const email = uniqueEmail("auth");
    await t.createAccount({ email, password: "Who-Is-Here-4417" });
    const cookies = await t.signIn(email, "Who-Is-Here-4417");

    const before = lookups;
    const api = await t.call({ method: "GET", url: "/v1/who-is-here", cookies });
    expect(api.json()).toEqual({ signedIn: true });
    expect(lookups).toBe(before + 1);

    const page = await t.call({ method: "GET", url: "/who-is-here-page", cookies });
    expect(page.json()).toEqual({ signedIn: false });
    expect(lookups).toBe(before + 1);
  });
});
