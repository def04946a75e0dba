/** GET and POST /v1/voucher-extension (product.md page type extendLanding). */
import { z } from "zod";

const voucherId = z.coerce
  .number({ error: "voucherId must be a number" })
  .int({ error: "voucherId must be a number" })
  .positive({ error: "voucherId must be a number" })
  .max(2_147_483_647, { error: "voucherId must be a number" });

/** productOrderId is the order's reference, as the shopper knows it; checked for the spec's message. */
export const extensionRequestSchema = z.object({
  productOrderId: z.string().trim().max(64).optional(),
  voucherId,
});
export type ExtensionRequest = z.infer<typeof extensionRequestSchema>;

export const extensionOfferSchema = z.object({
  voucherId: z.number().int(),
  code: z.string(),
  productOrderId: z.string(),
  title: z.string(),
  dealHeadline: z.string(),
  merchantName: z.string(),
  currency: z.enum(["GBP", "EUR"]),
  expiresAt: z.string(),
  /** The fee, charged at checkout. */
  fee: z.number().int(),
  /** The expiry once extended, if paid now. */
  newExpiresAt: z.string(),
  available: z.boolean(),
  /** Why it cannot be extended now. */
  reason: z.string().nullable(),
});
export type ExtensionOfferView = z.infer<typeof extensionOfferSchema>;

export const extensionStartedSchema = z.object({
  /** The basket holding the extension: pay it at /checkout/{basketToken}. */
  basketToken: z.string(),
  offer: extensionOfferSchema,
});
export type ExtensionStarted = z.infer<typeof extensionStartedSchema>;
