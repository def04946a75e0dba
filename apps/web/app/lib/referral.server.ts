/**
 * The referral code cookie (product.md §3 "Cookies"): set when a visitor arrives by a friend's
 * referral link, and used once they sign in or register, when they join through it (or are
 * refused as an existing customer); either way the cookie is spent.
 */
import type { Brand } from "@deals/domain/brand";
import { COOKIES } from "@deals/domain/cookies";
import { normaliseReferralCode } from "@deals/domain/referral";
import type { AppLoadContext } from "react-router";
import { ApiError } from "./api.ts";
import { clearCookie, readCookie } from "./cookies.server.ts";
import { createReferralClient } from "./referral-api.ts";

export function referralCodeCookie(request: Request): string | undefined {
  const value = readCookie(request, COOKIES.referralCode.name);
  return value ? (normaliseReferralCode(value) ?? undefined) : undefined;
}

/** On sign-in (`signedIn` carries the new session): joins through the cookie's code; the cookie to clear. */
export async function referralAfterSignIn(
  context: AppLoadContext,
  brand: Brand,
  signedIn: Request,
): Promise<string[]> {
  const code = referralCodeCookie(signedIn);
  if (!code) return [];
  try {
    await createReferralClient(context.apiFetch, brand, signedIn).assign(code);
  } catch (error) {
    // A refusal (an existing customer, an unknown code) ends the referral; anything else is logged.
    if (!(error instanceof ApiError && error.status < 500)) console.warn("referral assign failed", error);
  }
  return [clearCookie(signedIn, COOKIES.referralCode)];
}
