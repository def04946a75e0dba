import { describe, expect, it } from "vitest";
import type { AccountsClient, Profile } from "./accounts-api.ts";
import { ApiError } from "./api.ts";
import { afterLogin, loadAuthState, redirectToLogin } from "./auth.server.ts";

const request = (cookie?: string, url = "http://main-uk.localhost/login") =>
  new Request(url, cookie ? { headers: { cookie } } : {});

const profile = {
  email: "a@b.co.uk",
  firstName: "Robin",
  lastName: "Ash",
  vipUser: false,
  customerToken: "tok-123456789",
};

function clientAnswering(answer: () => Promise<{ data: Profile }>) {
  let calls = 0;
  const client = {
    profile: () => {
      calls++;
      return answer();
    },
  } as unknown as AccountsClient;
  return { client, calls: () => calls };
}

describe("loadAuthState (product.md §4 Auth)", () => {
  it("without a session cookie: finished, signed out, nothing fetched", async () => {
    const { client, calls } = clientAnswering(() => Promise.reject(new Error("must not be called")));
    const state = await loadAuthState(client, request());
    expect(state).toMatchObject({ isAuthenticated: false, isAuthCheckFinished: true, userprofile: null });
    expect(calls()).toBe(0);
  });

  it("a failed profile fetch still finishes the check, signed out", async () => {
    const { client } = clientAnswering(() =>
      Promise.reject(new ApiError(401, "LOGIN_REQUIRED", "Please sign in.")),
    );
    const state = await loadAuthState(client, request("sid=expired"));
    expect(state).toMatchObject({ isAuthenticated: false, isAuthCheckFinished: true });
  });

  it("a fetched profile signs in, with the username from the first name", async () => {
    const { client } = clientAnswering(() => Promise.resolve({ data: profile as Profile }));
    const state = await loadAuthState(client, request("sid=live"));
    expect(state).toMatchObject({ isAuthenticated: true, isAuthCheckFinished: true, username: "Robin" });
  });
});

describe("login redirects", () => {
  it("saves the return path before sending a visitor to login", () => {
    const response = redirectToLogin(request(undefined, "http://main-uk.localhost/myaccount/profile?tab=2"));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    expect(response.headers.get("set-cookie")).toContain(
      `post_login_url=${encodeURIComponent("/myaccount/profile?tab=2")}`,
    );
    expect(response.headers.get("set-cookie")).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
  });

  it("follows the precedence: local redirect, redirect URL, stored post-login URL, default", () => {
    const cookies = (parts: Record<string, string>) =>
      Object.entries(parts)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join("; ");
    const all = { local_redirect: "/a", redirect_url: "/b", post_login_url: "/c" };
    expect(afterLogin(request(cookies(all))).target).toBe("/a");
    expect(afterLogin(request(cookies({ redirect_url: "/b", post_login_url: "/c" }))).target).toBe("/b");
    expect(afterLogin(request(cookies({ post_login_url: "/c" }))).target).toBe("/c");
    expect(afterLogin(request()).target).toBe("/");
    // Another site is never a target.
    expect(
      afterLogin(request(cookies({ local_redirect: "https://evil.example/", post_login_url: "/c" }))).target,
    ).toBe("/c");
  });

  it("clears the spent hints", () => {
    const { clearHints } = afterLogin(request("post_login_url=%2Fc"));
    expect(clearHints.map((cookie) => cookie.split("=")[0])).toEqual([
      "local_redirect",
      "redirect_url",
      "post_login_url",
    ]);
    for (const cookie of clearHints) expect(cookie).toContain("Max-Age=0");
  });
});
