import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AuthProfile,
  CHECKOUT_STATUSES,
  DEFAULT_LOGIN_REDIRECT,
  INITIAL_AUTH_STATE,
  INITIAL_CHECKOUT_STATUS,
  isSafeRelativePath,
  loginRedirectTarget,
  nextAuthState,
} from "./login-redirect.ts";

describe("loginRedirectTarget precedence", () => {
  const all = {
    localRedirect: "/checkout/abcdefghijkl",
    redirectUrl: "/wishlist",
    postLoginUrl: "/myaccount/vouchers",
  };

  it("takes the local redirect cookie first", () => {
    expect(loginRedirectTarget(all)).toBe("/checkout/abcdefghijkl");
  });

  it("then the redirect URL cookie", () => {
    expect(loginRedirectTarget({ ...all, localRedirect: undefined })).toBe("/wishlist");
  });

  it("then the stored post-login URL", () => {
    expect(loginRedirectTarget({ postLoginUrl: "/myaccount/vouchers" })).toBe("/myaccount/vouchers");
  });

  it("then the default", () => {
    expect(loginRedirectTarget({})).toBe(DEFAULT_LOGIN_REDIRECT);
    expect(loginRedirectTarget({}, "/myaccount")).toBe("/myaccount");
  });

  it("lets an open redirect to another host fall through to the next source", () => {
    expect(loginRedirectTarget({ ...all, localRedirect: "https://evil.example/" })).toBe("/wishlist");
    expect(loginRedirectTarget({ localRedirect: "//evil.example", redirectUrl: "/\\evil.example" })).toBe(
      DEFAULT_LOGIN_REDIRECT,
    );
  });
});

describe("isSafeRelativePath", () => {
  it("accepts same-site paths with query and fragment", () => {
    expect(isSafeRelativePath("/")).toBe(true);
    expect(isSafeRelativePath("/deals/london?page=2#top")).toBe(true);
    expect(isSafeRelativePath("/search?q=//not-a-host")).toBe(true);
  });

  it("refuses anything that could leave the site", () => {
    for (const value of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
      "evil.example/path",
      "",
      undefined,
      42,
    ]) {
      expect(isSafeRelativePath(value)).toBe(false);
    }
  });

  it("never accepts a value that resolves to another origin (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath()), (value) => {
        if (isSafeRelativePath(value)) {
          expect(new URL(value, "https://www.dealmoor.co.uk").host).toBe("www.dealmoor.co.uk");
        }
      }),
    );
  });
});

describe("auth state", () => {
  const profile: AuthProfile = {
    email: "a@example.com",
    firstName: "Ana",
    vipUser: false,
    customerToken: "ct-123456789",
  };

  it("starts unauthenticated with the check not finished", () => {
    expect(INITIAL_AUTH_STATE).toEqual({
      isAuthenticated: false,
      isAuthCheckFinished: false,
      userprofile: null,
      username: null,
    });
  });

  it("finishes the check after a successful fetch, the user set means authenticated", () => {
    expect(nextAuthState(INITIAL_AUTH_STATE, { type: "profile-fetched", profile })).toEqual({
      isAuthenticated: true,
      isAuthCheckFinished: true,
      userprofile: profile,
      username: "Ana",
    });
  });

  it("finishes the check after a failed fetch too", () => {
    expect(nextAuthState(INITIAL_AUTH_STATE, { type: "profile-fetch-failed" })).toEqual({
      ...INITIAL_AUTH_STATE,
      isAuthCheckFinished: true,
    });
  });

  it("returns to unauthenticated on reset", () => {
    const signedIn = nextAuthState(INITIAL_AUTH_STATE, { type: "profile-fetched", profile });
    expect(nextAuthState(signedIn, { type: "reset" })).toEqual({
      ...INITIAL_AUTH_STATE,
      isAuthCheckFinished: true,
    });
  });
});

describe("checkout status", () => {
  it("is LOADING initially, with READY, REFRESHED, REFRESHING and UPDATING", () => {
    expect(INITIAL_CHECKOUT_STATUS).toBe("LOADING");
    expect(CHECKOUT_STATUSES).toEqual(["LOADING", "READY", "REFRESHED", "REFRESHING", "UPDATING"]);
  });
});
