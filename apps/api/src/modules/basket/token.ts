/**
 * Basket tokens: 32 random url-safe characters (24 random bytes in base64url), far past the
 * spec's minimum of 11 and unguessable, so the token alone can stand for an anonymous basket.
 */
import { randomBytes } from "node:crypto";

export function newBasketToken(): string {
  return randomBytes(24).toString("base64url");
}
