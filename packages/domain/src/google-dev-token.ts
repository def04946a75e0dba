/**
 * The development stand-in for Google's ID tokens, shared by the API's development verifier
 * and the storefront's development Google page: base64url JSON claims, a dot, and their
 * HMAC-SHA256 under a shared secret (GOOGLE_TEST_TOKEN_SECRET, or the default below).
 */
import { createHmac } from "node:crypto";

export interface GoogleIdentity {
  /** Google's stable id for the account (the token's `sub`). */
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

/** The development secret when GOOGLE_TEST_TOKEN_SECRET is not set. */
export const DEV_GOOGLE_TOKEN_SECRET = "dev-google-token-secret";

export interface TestTokenClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  /** Expiry, seconds since the epoch, as in a real ID token. */
  exp: number;
}

export const devTokenSignature = (payload: string, secret: string) =>
  createHmac("sha256", secret).update(payload).digest("base64url");

/** A test token for the identity, valid until expiresAt. */
export function signDevGoogleToken(
  identity: GoogleIdentity,
  expiresAt: Date,
  secret = DEV_GOOGLE_TOKEN_SECRET,
) {
  const claims: TestTokenClaims = {
    sub: identity.subject,
    email: identity.email,
    email_verified: identity.emailVerified,
    given_name: identity.givenName,
    family_name: identity.familyName,
    exp: Math.floor(expiresAt.getTime() / 1000),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${devTokenSignature(payload, secret)}`;
}
