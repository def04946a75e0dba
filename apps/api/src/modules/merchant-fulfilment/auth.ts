/**
 * Merchant API keys: MERCHANT_API_KEYS holds `merchantId:key` pairs separated by commas, and a
 * merchant sends its key as `authorization: Bearer <key>` (a header the logs redact). Keys are
 * compared as SHA-256 digests in constant time, so neither their length nor their content leaks.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { ApiError } from "../../errors.ts";

export type MerchantKeys = ReadonlyArray<{ merchantId: number; digest: Buffer }>;

const digest = (key: string) => createHash("sha256").update(key).digest();

/** The configured keys; a malformed pair is a configuration error found at start-up. */
export function parseMerchantKeys(setting: string | undefined): MerchantKeys {
  return (setting ?? "")
    .split(",")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const [id, key] = pair.split(":");
      const merchantId = Number(id);
      if (!Number.isInteger(merchantId) || merchantId <= 0 || !key || key.length < 16) {
        throw new Error("MERCHANT_API_KEYS must be merchantId:key pairs, each key at least 16 characters");
      }
      return { merchantId, digest: digest(key) };
    });
}

export const MERCHANT_KEY_REQUIRED = "A valid merchant API key is required.";

/** The merchant whose key the request carries, or 401. */
export function requireMerchant(request: FastifyRequest, keys: MerchantKeys): number {
  const header = request.headers.authorization;
  const given = typeof header === "string" && header.startsWith("Bearer ") ? digest(header.slice(7)) : null;
  const match = given && keys.find((k) => timingSafeEqual(k.digest, given));
  if (!match) throw new ApiError(401, "MERCHANT_KEY_REQUIRED", MERCHANT_KEY_REQUIRED);
  return match.merchantId;
}
