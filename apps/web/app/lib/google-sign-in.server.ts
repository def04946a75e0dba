/**
 * Sign in with Google from the storefront. The API verifies Google ID tokens through a port
 * (apps/api/src/modules/accounts/google.ts): outside production its development verifier
 * accepts test tokens, which /dev/google issues in Google's place; in production the API has
 * no verifier, so the button is not offered at all rather than offered and failing.
 */
import { DEV_GOOGLE_TOKEN_SECRET, signDevGoogleToken } from "@deals/domain/google-dev-token";

/** How long a development token stays valid: long enough for the one call that spends it. */
const DEV_TOKEN_LIFETIME_MS = 5 * 60 * 1000;

export function googleSignInOffered(): boolean {
  return process.env.NODE_ENV !== "production";
}

/** A development ID token for the account chosen on /dev/google (its email is its Google id). */
export function devGoogleIdToken(
  account: { email: string; firstName: string; lastName: string },
  now = new Date(),
) {
  return signDevGoogleToken(
    {
      subject: `dev-google:${account.email.toLowerCase()}`,
      email: account.email,
      emailVerified: true,
      givenName: account.firstName,
      familyName: account.lastName,
    },
    new Date(now.getTime() + DEV_TOKEN_LIFETIME_MS),
    process.env.GOOGLE_TEST_TOKEN_SECRET || DEV_GOOGLE_TOKEN_SECRET,
  );
}
