import { once } from "node:events";
import { createServer, get, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountsTestApp,
  SITE_HOST,
  startAccountsApp,
  uniqueEmail,
} from "./modules/accounts/test-support.ts";
import { addHeadersOnWrite } from "./security.ts";
import { brandHeaders } from "./testing.ts";

let t: AccountsTestApp;
let cookies: Record<string, string>;
beforeAll(async () => {
  t = await startAccountsApp();
  const email = uniqueEmail("csrf");
  await t.createAccount({ email, password: "csrf-pass" });
  cookies = await t.signIn(email, "csrf-pass");
});
afterAll(() => t.close());

const CSRF_REJECTED = {
  error: { code: "CSRF_REJECTED", message: "This request did not come from this site, so it was refused." },
};

const logout = (headers: Record<string, string>, withCookies = cookies) =>
  t.call({ method: "PUT", url: "/v1/logout", cookies: withCookies, headers });
const signedIn = async () => (await t.call({ method: "GET", url: "/v1/user", cookies })).statusCode === 200;

describe("CSRF: state-changing calls must come from the site itself", () => {
  it("refuses another site's Origin, and the session survives", async () => {
    const response = await logout({ origin: "https://evil.example" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REJECTED);
    expect(await signedIn()).toBe(true);
  });

  it("refuses another site's Referer when there is no Origin", async () => {
    const response = await logout({ origin: "", referer: "https://evil.example/page" });
    expect(response.statusCode).toBe(403);
  });

  it("refuses a call with cookies but neither Origin nor Referer", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/login",
      headers: { host: SITE_HOST, brand: "dealmoor", "country-code": "gb", cookie: "sid=abc" },
      payload: { username: "a@b.co", password: "x" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REJECTED);
  });

  it("guards the storefront's form posts the same way", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/myaccount/delete",
      headers: { host: SITE_HOST, origin: "https://evil.example", cookie: `sid=${cookies.sid}` },
      payload: "password=x",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REJECTED);
  });

  it("refuses an Origin of null (a sandboxed page)", async () => {
    expect((await logout({ origin: "null" })).statusCode).toBe(403);
  });

  it("accepts the site's own Origin or Referer, and cookie-less server calls", async () => {
    const fromReferer = await t.call({
      method: "POST",
      url: "/v1/email",
      headers: { origin: "", referer: `http://${SITE_HOST}/checkout` },
      body: { requestSubscriptionDetails: { email: uniqueEmail("ref") } },
    });
    expect(fromReferer.statusCode).toBe(200);
    const serverToServer = await t.app.inject({
      method: "POST",
      url: "/v1/email",
      headers: { brand: "dealmoor", "country-code": "gb" },
      payload: { requestSubscriptionDetails: { email: uniqueEmail("s2s") } },
    });
    expect(serverToServer.statusCode).toBe(200);
    // GETs are never state-changing, whatever their origin.
    const read = await t.call({
      method: "GET",
      url: "/v1/user",
      cookies,
      headers: { origin: "https://evil.example" },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe("security headers", () => {
  // Over the network, as a browser gets them: in-process answers (a page's loader reading the
  // API) go without them, since the page's own answer carries them.
  let origin: string;
  beforeAll(async () => {
    origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  const overNetwork = (path: string, init: RequestInit = {}) =>
    fetch(`${origin}${path}`, { ...init, headers: { ...brandHeaders("main-uk"), ...init.headers } });

  it("sets HSTS, nosniff, a referrer policy, no framing and a strict CSP on API answers", async () => {
    const response = await overNetwork("/v1/locations");
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "strict-transport-security": "max-age=31536000; includeSubDomains",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
    });
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("gives pages the storefront's policy: scripts only from the site, never inline", async () => {
    const response = await overNetwork("/no/such/page");
    const policy = String(response.headers.get("content-security-policy"));
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("unsafe-inline'; script");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("sets headers on errors too", async () => {
    const response = await overNetwork("/v1/logout", {
      method: "PUT",
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("leaves them off answers read in-process, whose page sends its own", async () => {
    const response = await t.call({ method: "GET", url: "/v1/locations" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-frame-options"]).toBeUndefined();
    expect(response.headers["content-security-policy"]).toBeUndefined();
  });
});

describe("headers on responses written outside Fastify (the storefront's pages)", () => {
  it("adds the headers the page did not set and keeps every Set-Cookie", async () => {
    const server = createServer((_request, response) => {
      addHeadersOnWrite(response, {
        "x-frame-options": "DENY",
        "content-security-policy": "default-src 'none'",
      });
      response.writeHead(302, [
        "location",
        "/",
        "content-security-policy",
        "script-src 'self' 'nonce-abc'",
        "set-cookie",
        "a=1",
        "set-cookie",
        "b=2",
      ]);
      response.end();
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as { port: number };
    const answer = await new Promise<IncomingMessage>((resolve) => get({ port, host: "127.0.0.1" }, resolve));
    server.close();
    expect(answer.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["content-security-policy"]).toBe("script-src 'self' 'nonce-abc'");
  });

  it("adds them to a head written as an object, whatever case the page's own names have", async () => {
    const server = createServer((_request, response) => {
      addHeadersOnWrite(response, {
        "x-frame-options": "DENY",
        "content-security-policy": "default-src 'none'",
        "referrer-policy": "no-referrer",
      });
      response.setHeader("Referrer-Policy", "same-origin");
      response.writeHead(200, {
        "Content-Security-Policy": "script-src 'self'",
        "content-type": "text/plain",
      });
      response.end("ok");
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as { port: number };
    const answer = await new Promise<IncomingMessage>((resolve) => get({ port, host: "127.0.0.1" }, resolve));
    server.close();
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["content-security-policy"]).toBe("script-src 'self'");
    expect(answer.headers["referrer-policy"]).toBe("same-origin");
    expect(answer.headers["content-type"]).toBe("text/plain");
  });
});
