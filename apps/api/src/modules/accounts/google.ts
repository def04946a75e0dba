/**
 * Sign in with Google behind a port: the API asks a verifier whether an ID token is genuine
 * and whose it is. Outside production a development verifier accepts test tokens signed with
 * a shared secret (`signDevGoogleToken`, packages/domain/src/google-dev-token.ts); in production a verifier that checks Google's
 * signed ID tokens is passed in, and without one Google sign-in is unavailable.
 */
import {
  DEV_GOOGLE_TOKEN_SECRET,
  devTokenSignature,
  type GoogleIdentity,
  type TestTokenClaims,
} from "@deals/domain/google-dev-token";
import { sameSecret } from "./secrets.ts";

export {
  DEV_GOOGLE_TOKEN_SECRET,
  type GoogleIdentity,
  signDevGoogleToken,
} from "@deals/domain/google-dev-token";

export interface GoogleTokenVerifier {
  /** The identity in a genuine, unexpired token; null for any other token. */
  verify(idToken: string, now: Date): Promise<GoogleIdentity | null>;
}

export function devGoogleVerifier(secret = DEV_GOOGLE_TOKEN_SECRET): GoogleTokenVerifier {
  return {
    async verify(idToken, now) {
      const [payload, signed, extra] = idToken.split(".");
      if (
        !payload ||
        !signed ||
        extra !== undefined ||
        !sameSecret(signed, devTokenSignature(payload, secret))
      )
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
