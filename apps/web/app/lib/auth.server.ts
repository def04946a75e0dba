/**
 * The storefront's view of who is signed in (product.md §4 "Auth"), protected pages, and
 * where a sign-in leads (§4 "Login redirect precedence").
 */
import type { Brand } from "@deals/domain/brand";
import { COOKIES } from "@deals/domain/cookies";
import {
  type AuthProfile,
  type AuthState,
  INITIAL_AUTH_STATE,
  loginRedirectTarget,
  nextAuthState,
} from "@deals/domain/login-redirect";
import type { AppLoadContext } from "react-router";
import { redirect } from "react-router";
import { type AccountsClient, createAccountsClient, type Profile } from "./accounts-api.ts";
import { ApiError } from "./api.ts";
import { clearCookie, readCookie, setCookie } from "./cookies.server.ts";

/** The session cookie set by the API; without it nobody is signed in and nothing is fetched. */
const SESSION_COOKIE = "sid";

/** Whether the request carries a session (it may still have ended: the API decides). */
export const hasSession = (request: Request) => readCookie(request, SESSION_COOKIE) !== undefined;

function authProfile(profile: Profile): AuthProfile {
  return {
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    vipUser: profile.vipUser,
    customerToken: profile.customerToken,
  };
}

/**
 * The shell's auth state: the check is finished after the profile fetch whether or not it
 * succeeded; a failed fetch leaves the visitor signed out (services.md §8).
 */
export async function loadAuthState(client: AccountsClient, request: Request): Promise<AuthState> {
  if (!readCookie(request, SESSION_COOKIE))
    return nextAuthState(INITIAL_AUTH_STATE, { type: "profile-fetch-failed" });
  try {
    const { data } = await client.profile();
    return nextAuthState(INITIAL_AUTH_STATE, { type: "profile-fetched", profile: authProfile(data) });
  } catch (error) {
    if (!(error instanceof ApiError)) console.warn("profile fetch failed", error);
    return nextAuthState(INITIAL_AUTH_STATE, { type: "profile-fetch-failed" });
  }
}

/**
 * Sends a signed-out visitor to the login page, having saved where they were going
 * (product.md §2 "App shell": the return path is saved first).
 */
export function redirectToLogin(request: Request, next?: string): Response {
  const url = new URL(request.url);
  return redirect("/login", {
    headers: {
      "Set-Cookie": setCookie(request, COOKIES.postLoginUrl, next ?? `${url.pathname}${url.search}`),
    },
  });
}

/** Runs account calls for a protected page; a missing session becomes the login redirect. */
export async function withLogin<T>(request: Request, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirectToLogin(request);
    throw error;
  }
}

/** The signed-in customer's profile, or the login redirect. */
export async function requireProfile(client: AccountsClient, request: Request): Promise<Profile> {
  if (!readCookie(request, SESSION_COOKIE)) throw redirectToLogin(request);
  return (await withLogin(request, () => client.profile())).data;
}

/** Where a successful sign-in goes, and the cookies that clear the spent redirect hints. */
export function afterLogin(request: Request): { target: string; clearHints: string[] } {
  const target = loginRedirectTarget({
    localRedirect: readCookie(request, COOKIES.localRedirect.name),
    redirectUrl: readCookie(request, COOKIES.redirectUrl.name),
    postLoginUrl: readCookie(request, COOKIES.postLoginUrl.name),
  });
  const hints = [COOKIES.localRedirect, COOKIES.redirectUrl, COOKIES.postLoginUrl];
  return { target, clearHints: hints.map((spec) => clearCookie(request, spec)) };
}

export function accountsClient(context: AppLoadContext, brand: Brand, request: Request): AccountsClient {
  return createAccountsClient(context.apiFetch, brand, request);
}
