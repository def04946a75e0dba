/**
 * App-wide protections, on every request including the storefront's pages:
 * - CSRF (contracts "Accounts and sessions"): a state-changing request (POST, PUT, PATCH,
 *   DELETE) from a browser must carry an Origin, or failing that a Referer, of this same
 *   host; one with neither is accepted only when it carries no cookies (a server calling the
 *   API, which has no session to abuse). Together with SameSite=Lax session cookies.
 * - Security headers: HSTS, no MIME sniffing, a referrer policy, no framing, and a
 *   Content-Security-Policy, on every answer sent over the network. Pages get the storefront's
 *   policy; the page renderer replaces it with the same policy plus its per-response script nonce.
 */

import type { ServerResponse } from "node:http";
import { documentContentSecurityPolicy } from "@deals/domain/content-security-policy";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "./errors.ts";
import { fromNetwork } from "./in-process.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Paths the API answers itself (JSON, images, the docs page); everything else is a page. */
const API_PATHS = ["/v1", "/images", "/healthz", "/openapi.json", "/dev/mailbox.json"];
const DOCS_PATH = "/docs";

const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
// The API docs page loads Swagger UI's own scripts and inline styles from this site.
const DOCS_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

const COMMON_HEADERS: Record<string, string> = {
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

/** The common headers with a policy, made once rather than for every request. */
const withPolicy = (policy: string): Readonly<Record<string, string>> => ({
  ...COMMON_HEADERS,
  "content-security-policy": policy,
});

const API_HEADERS = withPolicy(API_POLICY);
const DOCS_HEADERS = withPolicy(DOCS_POLICY);
// A page's own answer names its script nonce (entry.server.tsx); this covers pages that do not.
const DOCUMENT_HEADERS = withPolicy(documentContentSecurityPolicy());

const underPrefix = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  if (underPrefix(pathname, DOCS_PATH)) return DOCS_HEADERS;
  if (API_PATHS.some((prefix) => underPrefix(pathname, prefix))) return API_HEADERS;
  return DOCUMENT_HEADERS;
}

function sameHost(source: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(source).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** True when a state-changing request may go ahead (see the file comment). */
export function passesCsrfCheck(request: FastifyRequest): boolean {
  if (!STATE_CHANGING.has(request.method)) return true;
  const { origin, referer, host, cookie } = request.headers;
  if (origin) return sameHost(origin, host);
  if (referer) return sameHost(referer, host);
  return !cookie;
}

/** Whether a head's header object has `name` (lower case) in any case. */
function namesHeader(head: Record<string, unknown>, name: string): boolean {
  if (name in head) return true;
  for (const key in head) if (key.length === name.length && key.toLowerCase() === name) return true;
  return false;
}

/**
 * Adds the security headers when the response head is written, unless the response set its
 * own (a page's CSP with its nonce). Done at writeHead because pages are written by React
 * Router, outside Fastify's reply hooks; and without `setHeader`, since Node 20 keeps only the
 * last Set-Cookie of a head written as a list once any header was set beforehand.
 */
export function addHeadersOnWrite(raw: ServerResponse, headers: Readonly<Record<string, string>>): void {
  const writeHead = raw.writeHead;
  raw.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const given = args.at(-1);
    if (Array.isArray(given)) {
      const present = new Set(
        given.filter((_, index) => index % 2 === 0).map((name) => String(name).toLowerCase()),
      );
      for (const [name, value] of Object.entries(headers)) if (!present.has(name)) given.push(name, value);
    } else if (given && typeof given === "object") {
      // Added to the head's own object rather than set: one header set beforehand makes Node
      // set each of the object's headers one by one too (Fastify's answers pass theirs so).
      const head = given as Record<string, unknown>;
      for (const name in headers) {
        if (!namesHeader(head, name) && !this.hasHeader(name)) head[name] = headers[name];
      }
    } else {
      for (const name in headers) if (!this.hasHeader(name)) this.setHeader(name, headers[name]!);
    }
    return (writeHead as (...parameters: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

export const securityPlugin = fp(
  async (app) => {
    app.addHook("onRequest", (request, reply, done) => {
      // A page's loader reads an in-process answer's body, never its headers, and what the
      // browser gets is the page's own answer, which has them: so only answers sent over the
      // network get them (writing them was a few per cent of an in-process call).
      if (fromNetwork(request)) addHeadersOnWrite(reply.raw, securityHeadersFor(request.url));
      if (passesCsrfCheck(request)) return done();
      done(
        new ApiError(403, "CSRF_REJECTED", "This request did not come from this site, so it was refused."),
      );
    });
  },
  { name: "security" },
);
