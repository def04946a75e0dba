/**
 * The account calls of the API (services.md §7.2), for the storefront's loaders and actions.
 * Each call forwards what the API needs from the browser's request: its cookies (the
 * session), its Origin or Referer (the API's CSRF check) and its Host (links in emails). An
 * answer carries the API's Set-Cookie headers, which the page passes on to the browser.
 */
import type {
  Deletion,
  EmailPreferencesView,
  Message,
  PasswordChange,
  Profile,
  ProfileUpdate,
  Session,
  Subscription,
  SubscriptionList,
} from "@deals/api/modules/accounts/schemas";
import type { PostcodeLookup } from "@deals/api/modules/address/schemas";
import type { Mailbox } from "@deals/api/modules/email/schemas";
import type { Brand } from "@deals/domain/brand";
import type { LoginBody, RegistrationBody } from "@deals/domain/validation";
import { apiErrorFrom, apiHeaders } from "./api.ts";
import type { ApiFetch } from "./context.ts";

export type { EmailPreferencesView, Mailbox, PostcodeLookup, Profile, Subscription, SubscriptionList };

export interface Answer<T> {
  data: T;
  /** Set-Cookie headers to pass on to the browser. */
  setCookies: string[];
}

const FORWARDED = ["cookie", "origin", "referer", "host"];

export function forwardedHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  return headers;
}

export type RegistrationPath = "/v1/register" | "/v1/register/vip" | "/v1/register/vip-free-trial";

export function createAccountsClient(fetcher: ApiFetch, brand: Brand, request: Request) {
  const forwarded = forwardedHeaders(request);

  async function call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...apiHeaders(brand), ...forwarded };
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetcher(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw await apiErrorFrom(response);
    const data = (response.status === 204 ? null : await response.json()) as T;
    return { data, setCookies: response.headers.getSetCookie() };
  }
  const query = encodeURIComponent;

  return {
    profile: () => call<Profile>("GET", "/v1/user?origin=storefront"),
    updateProfile: (user: ProfileUpdate) => call<Profile>("PUT", "/v1/user", { user }),
    login: (body: LoginBody) => call<Session>("POST", "/v1/login", body),
    /** Signs up, or in when the account exists, with a Google ID token. */
    signInWithGoogle: (body: { idToken: string; rememberMe: boolean }) =>
      call<Session>("POST", "/v1/registergoogleuser", body),
    logout: () => call<null>("PUT", "/v1/logout"),
    register: (path: RegistrationPath, body: RegistrationBody) => call<Session>("POST", path, body),
    changePassword: (passwordChange: PasswordChange) =>
      call<null>("PATCH", "/v1/user/password", { passwordChange }),
    requestPasswordReset: (email: string) =>
      call<Message>("POST", "/v1/user/password_reset_request", { email }),
    checkResetLink: (token: string) =>
      call<{ needsPassword: boolean }>("GET", `/v1/user/password_reset?token=${query(token)}`),
    resetPassword: (body: { token: string; password: string; confirmPassword: string }) =>
      call<Message>("POST", "/v1/user/password_reset", body),
    requestActivation: (email: string) => call<Message>("POST", "/v1/user/activation_request", { email }),
    checkActivationLink: (token: string) =>
      call<{ needsPassword: boolean }>("GET", `/v1/user/password_activate?token=${query(token)}`),
    activate: (body: { token: string; password?: string; confirmPassword?: string }) =>
      call<Session>("POST", "/v1/user/password_activate", body),
    requestDeletion: (password: string) => call<Deletion>("POST", "/v1/user/anonymize", { password }),
    subscriptions: () => call<SubscriptionList>("GET", "/v1/user/subscriptions"),
    subscribe: (location: string) => call<Subscription>("POST", "/v1/user/subscriptions", { location }),
    cancelSubscription: (id: number) => call<Message>("DELETE", `/v1/user/subscriptions/${id}`),
    updateEmailPreferences: (preferences: EmailPreferencesView) =>
      call<EmailPreferencesView>("PUT", "/v1/user/email-preferences", preferences),
    unsubscribe: (token: string) => call<Message>("POST", "/v1/subscription/cancel", { token }),
    lookUpPostcode: (postcode: string) =>
      call<PostcodeLookup>("GET", `/v1/address/postcode/${query(postcode)}`),
    mailbox: () => call<Mailbox>("GET", "/dev/mailbox.json"),
  };
}

export type AccountsClient = ReturnType<typeof createAccountsClient>;
