/**
 * Basket and customer token rules (services.md §5). Tokens are created elsewhere; these
 * functions only decide whether a value read from a cookie, a header or a response can be
 * trusted as a token.
 */
import { BASKET_TOKEN_MIN_LENGTH, CUSTOMER_TOKEN_MIN_LENGTH } from "./constants.ts";

/**
 * A basket token is valid only if longer than 10 characters and not the literal "undefined"
 * (a missing token written into a cookie as text). That literal has 9 characters, so the
 * length rule already refuses it.
 */
export function isValidBasketToken(token: unknown): token is string {
  return typeof token === "string" && token.length >= BASKET_TOKEN_MIN_LENGTH;
}

/** A customer token shorter than 10 characters means no wishlist fetch (services.md §5). */
export function isValidCustomerToken(token: unknown): token is string {
  return typeof token === "string" && token.length >= CUSTOMER_TOKEN_MIN_LENGTH;
}

/**
 * The customer token is set from a cauth parameter only when none exists (services.md §5):
 * the token to keep, given the current one and the one offered by the parameter.
 */
export function customerTokenAfterCauth(current: unknown, fromCauth: unknown): string | undefined {
  if (isValidCustomerToken(current)) return current;
  return isValidCustomerToken(fromCauth) ? fromCauth : undefined;
}
