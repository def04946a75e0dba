/**
 * Merchant API keys for the journeys. The server is started with a key for every merchant a
 * catalogue of `deals` deals can have (ids 1 to `deals`: there is at most one merchant per
 * deal), each derived from a secret made afresh for the run, so a journey can act as the
 * merchant of the deal it bought (the deal's business id) through the API's ordinary key check.
 */
import { createHmac, randomBytes } from "node:crypto";

export const newMerchantKeySecret = () => randomBytes(24).toString("hex");

export const merchantKey = (secret: string, merchantId: number) =>
  createHmac("sha256", secret).update(`merchant-${merchantId}`).digest("hex");

/** MERCHANT_API_KEYS for the server: `merchantId:key` pairs. */
export function merchantApiKeys(secret: string, deals: number): string {
  return Array.from({ length: deals }, (_, i) => `${i + 1}:${merchantKey(secret, i + 1)}`).join(",");
}
