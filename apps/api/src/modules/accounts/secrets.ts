/**
 * Random secrets and their stored form. Session ids and emailed tokens are 256-bit random
 * values; only their SHA-256 is stored, so a copy of the database cannot sign anyone in or
 * use a link. Passwords are hashed with argon2id (the library's default algorithm).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** A URL- and cookie-safe random secret (43 characters). */
export function randomSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** The customer token handed to the storefront (services.md §9: at least 10 characters). */
export function newCustomerToken(): string {
  return randomBytes(18).toString("base64url");
}

/** How a session id or token is stored and looked up. */
export function secretHash(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Computed once: verifying against it costs the same as against a real hash. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such account, or one without a
 * password) it still spends the time of a real check, so timing does not reveal accounts.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword(randomSecret());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** Constant-time comparison of two strings (signatures, hashes). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
