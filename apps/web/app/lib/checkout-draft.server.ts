/**
 * The guest's pay-form draft across the redirect after signing in at checkout: a short-lived
 * cookie only the checkout reads (HttpOnly, path /checkout), cleared by the first checkout
 * page that shows it. Card details are never in it (checkout-draft.ts).
 */

import { type PayDraft, payDraft } from "./checkout-draft.ts";
import { readCookie } from "./cookies.server.ts";

const DRAFT_COOKIE = "checkout_draft";
const DRAFT_MAX_AGE_SECONDS = 600;
/** Browsers keep cookies up to about 4 kB; a draft larger than this is not carried. */
const MAX_COOKIE_VALUE_LENGTH = 3800;

const attributes = (request: Request) =>
  `Path=/checkout; HttpOnly; SameSite=Lax${new URL(request.url).protocol === "https:" ? "; Secure" : ""}`;

export function draftCookie(request: Request, draft: PayDraft): string | undefined {
  if (Object.keys(draft).length === 0) return undefined;
  const value = encodeURIComponent(JSON.stringify(draft));
  if (value.length > MAX_COOKIE_VALUE_LENGTH) return undefined;
  return `${DRAFT_COOKIE}=${value}; Max-Age=${DRAFT_MAX_AGE_SECONDS}; ${attributes(request)}`;
}

/** The carried draft, and the Set-Cookie that clears it, when the request has one. */
export function takeDraft(request: Request): { draft: PayDraft; clear: string } | undefined {
  const text = readCookie(request, DRAFT_COOKIE);
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const draft = parsed && typeof parsed === "object" ? payDraft(Object.entries(parsed)) : {};
  return { draft, clear: `${DRAFT_COOKIE}=; Max-Age=0; ${attributes(request)}` };
}
