/**
 * The cookies a sign-in sets and a sign-out clears. The session id is HttpOnly, SameSite=Lax
 * and Secure outside local development; the customer token and brand cookies keep the spec's
 * names and lifetimes (services.md §9 "Tokens and cookies", @deals/domain/cookies) and stay
 * readable by the storefront, which keeps them client-side (product.md §3).
 */
import { COOKIES, type CookieSpec, REGISTERED_USER_COOKIE_VALUE } from "@deals/domain/cookies";
import { vipStatusLabel } from "@deals/domain/subscription";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sessionLifetimeSeconds } from "./sessions.ts";

export const SESSION_COOKIE = "sid";

/** Plain HTTP is only for local development and tests: production cookies are always Secure. */
function secureCookies(request: FastifyRequest): boolean {
  return process.env.NODE_ENV === "production" || request.protocol === "https";
}

function attributes(request: FastifyRequest, spec?: CookieSpec) {
  return {
    path: "/",
    sameSite: "lax" as const,
    secure: secureCookies(request),
    ...(spec?.maxAgeSeconds === undefined ? {} : { maxAge: spec.maxAgeSeconds }),
  };
}

export interface SignedInCookies {
  sid: string;
  rememberMe: boolean;
  customerToken: string;
  vipUser: boolean;
}

export function setSignInCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: SignedInCookies,
): void {
  // Without remember-me the cookie ends with the browser session; with it, with the session.
  const sessionAge = signedIn.rememberMe ? { maxAge: sessionLifetimeSeconds(true) } : {};
  reply.setCookie(SESSION_COOKIE, signedIn.sid, { ...attributes(request), ...sessionAge, httpOnly: true });
  reply.setCookie(
    COOKIES.customerToken.name,
    signedIn.customerToken,
    attributes(request, COOKIES.customerToken),
  );
  reply.setCookie(
    COOKIES.brandUser.name,
    REGISTERED_USER_COOKIE_VALUE,
    attributes(request, COOKIES.brandUser),
  );
  reply.setCookie(
    COOKIES.vipMembership.name,
    vipStatusLabel(signedIn.vipUser),
    attributes(request, COOKIES.vipMembership),
  );
}

/** The brand cookie stays: the visitor is still a registered user of the site. */
export function clearSignInCookies(request: FastifyRequest, reply: FastifyReply): void {
  for (const name of [SESSION_COOKIE, COOKIES.customerToken.name, COOKIES.vipMembership.name]) {
    reply.clearCookie(name, { path: "/", sameSite: "lax", secure: secureCookies(request) });
  }
}
