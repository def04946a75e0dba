/**
 * Sign in with Google behind a port: the API asks a verifier whether an ID token is genuine
 * and whose it is. Outside production a development verifier accepts test tokens signed with
 * a shared secret (`signDevGoogleToken`); in production a verifier that checks Google's
 * signed ID tokens is passed in, and without one Google sign-in is unavailable.
 */
import { createHmac } from "node:crypto";
import { sameSecret } from "./secrets.ts";

export interface GoogleIdentity {
  /** Google's stable id for the account (the token's `sub`). */
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export interface GoogleTokenVerifier {
  /** The identity in a genuine, unexpired token; null for any other token. */
  verify(idToken: string, now: Date): Promise<GoogleIdentity | null>;
}

/** The development secret when GOOGLE_TEST_TOKEN_SECRET is not set. */
export const DEV_GOOGLE_TOKEN_SECRET = "dev-google-token-secret";

interface TestTokenClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  /** Expiry, seconds since the epoch, as in a real ID token. */
  exp: number;
}

const signature = (payload: string, secret: string) =>
  createHmac("sha256", secret).update(payload).digest("base64url");

/** A test token: base64url JSON claims, a dot, and their HMAC-SHA256 under the secret. */
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
  return `${payload}.${signature(payload, secret)}`;
}

export function devGoogleVerifier(secret = DEV_GOOGLE_TOKEN_SECRET): GoogleTokenVerifier {
  return {
    async verify(idToken, now) {
      const [payload, signed, extra] = idToken.split(".");
      if (!payload || !signed || extra !== undefined || !sameSecret(signed, signature(payload, secret)))
        return null;
      let claims: Partial<TestTokenClaims>;
      try {
        claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<TestTokenClaims>;
      } catch {
        return null;
      }
      if (typeof claims.sub !== "string" || typeof claims.email !== "string") return null;
      if (typeof claims.exp !== "number" || claims.exp * 1000 <= now.getTime()) return null;
      return {
        subject: claims.sub,
        email: claims.email,
        emailVerified: claims.email_verified === true,
        givenName: typeof claims.given_name === "string" ? claims.given_name : "",
        familyName: typeof claims.family_name === "string" ? claims.family_name : "",
      };
    },
  };
}

/** The development verifier outside production; in production none unless one is passed in. */
export function googleVerifierFromEnv(env: NodeJS.ProcessEnv = process.env): GoogleTokenVerifier | null {
  if (env.NODE_ENV === "production") return null;
  return devGoogleVerifier(env.GOOGLE_TEST_TOKEN_SECRET || DEV_GOOGLE_TOKEN_SECRET);
}
