/**
 * What the account calls answer when they refuse (services.md §8 "Sign-in and account"). None
 * says whether an email address has an account: a wrong password and an unknown address get
 * the same answer, and emailed-link requests always answer that an email is on its way.
 */
import { ApiError } from "../../errors.ts";

export const ACCOUNT_MESSAGES = {
  invalidCredentials: "Invalid email/password. Please try again.",
  accountLocked: "Account temporarily locked, try later or reset password.",
  invalidGoogleToken: "Invalid google token id.",
  changeUnsuccessful: "Error: Change Unsuccessful.",
  linkInvalid: "This link has expired or has already been used. Please ask for a new one.",
  googleNotRegistered: "No account uses this Google account yet. Sign up with Google to create one.",
  googleUnavailable: "Sign in with Google is not available right now.",
  passwordRequired: "Choose a password to activate your account.",
  accountExistsSignIn: "An account already uses this email address. Please sign in to continue.",
  accountExistsEmailed:
    "An account already uses this email address. We have emailed it a link to finish setting up the account.",
} as const;

export const invalidCredentials = () =>
  new ApiError(401, "INVALID_CREDENTIALS", ACCOUNT_MESSAGES.invalidCredentials);
export const accountLocked = () => new ApiError(403, "ACCOUNT_LOCKED", ACCOUNT_MESSAGES.accountLocked);
export const invalidGoogleToken = () =>
  new ApiError(401, "INVALID_GOOGLE_TOKEN", ACCOUNT_MESSAGES.invalidGoogleToken);
export const linkInvalid = () => new ApiError(400, "LINK_INVALID", ACCOUNT_MESSAGES.linkInvalid);
export const changeUnsuccessful = () =>
  new ApiError(400, "CHANGE_UNSUCCESSFUL", ACCOUNT_MESSAGES.changeUnsuccessful);

/** The answer to every emailed-link request, whether or not the address has an account. */
export function emailSentMessage(email: string): string {
  return `If ${email} can use this, we have sent it an email. Please open the link in it.`;
}

export const accountExists = (emailed: boolean) =>
  new ApiError(
    409,
    "ACCOUNT_EXISTS",
    emailed ? ACCOUNT_MESSAGES.accountExistsEmailed : ACCOUNT_MESSAGES.accountExistsSignIn,
  );
