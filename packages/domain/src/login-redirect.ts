/**
 * Where a shopper lands after logging in, and the authentication and checkout status values
 * the shell moves through (product.md §4 "Login redirect precedence", "Auth", "Checkout status").
 */

export const DEFAULT_LOGIN_REDIRECT = "/";

const SAME_SITE_BASE = "https://same-site.invalid";
const MAX_REDIRECT_LENGTH = 2048;

/**
 * A path on this site ("/myaccount/vouchers?page=2"). Refuses anything a browser could resolve
 * to another host: absolute URLs, protocol-relative "//host", backslashes (read as slashes) and
 * control characters (stripped by browsers, so "/\t/host" becomes "//host").
 */
export function isSafeRelativePath(value: unknown): value is string {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_LENGTH) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, SAME_SITE_BASE).origin === SAME_SITE_BASE;
  } catch {
    return false;
  }
}

export interface LoginRedirectSources {
  localRedirect?: unknown;
  redirectUrl?: unknown;
  postLoginUrl?: unknown;
}

/**
 * The local redirect cookie, then the redirect URL cookie, then the stored post-login URL,
 * then the default; a source that is not a same-site path falls through to the next.
 */
export function loginRedirectTarget(
  sources: LoginRedirectSources,
  fallback = DEFAULT_LOGIN_REDIRECT,
): string {
  const candidates = [sources.localRedirect, sources.redirectUrl, sources.postLoginUrl];
  return candidates.find(isSafeRelativePath) ?? fallback;
}

// Authentication state

export interface AuthProfile {
  email: string;
  firstName?: string;
  lastName?: string;
  vipUser: boolean;
  customerToken: string;
}

export interface AuthState {
  isAuthenticated: boolean;
  isAuthCheckFinished: boolean;
  userprofile: AuthProfile | null;
  /** Taken from the profile's firstName. */
  username: string | null;
}

export const INITIAL_AUTH_STATE: AuthState = {
  isAuthenticated: false,
  isAuthCheckFinished: false,
  userprofile: null,
  username: null,
};

export type AuthEvent =
  | { type: "profile-fetched"; profile: AuthProfile }
  | { type: "profile-fetch-failed" }
  | { type: "reset" };

/**
 * The auth check is finished after the profile fetch whether or not it succeeded; a user set
 * means authenticated; reset returns to unauthenticated (the check stays finished: the answer
 * is known).
 */
export function nextAuthState(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case "profile-fetched":
      return {
        isAuthenticated: true,
        isAuthCheckFinished: true,
        userprofile: event.profile,
        username: event.profile.firstName ?? null,
      };
    case "profile-fetch-failed":
      return { ...state, isAuthCheckFinished: true };
    case "reset":
      return { ...INITIAL_AUTH_STATE, isAuthCheckFinished: state.isAuthCheckFinished };
  }
}

// Checkout status

export const CHECKOUT_STATUSES = ["LOADING", "READY", "REFRESHED", "REFRESHING", "UPDATING"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
export const INITIAL_CHECKOUT_STATUS: CheckoutStatus = "LOADING";
