/** Applying a promo code to a basket (services.md §7.4 "/v1/promocode"; §8 "Promo analytics events"). */
import { PROMO_OUTCOMES } from "@deals/domain/promo";
import { z } from "zod";

export const applyPromoBodySchema = z.object({
  basketToken: z.string(),
  promoCode: z.string().trim().min(1, { error: "promoCode is required" }).max(50),
});

export const promoResultSchema = z.object({
  code: z.string(),
  applicable: z.boolean(),
  message: z.string(),
  outcome: z.enum(PROMO_OUTCOMES),
  /** The analytics event to fire for this result. */
  analyticsEvent: z.string(),
  /** The discount in minor units, on the basket as it is now. */
  discount: z.number().int(),
});
export type PromoResultBody = z.infer<typeof promoResultSchema>;

/** A refused code: the error, and the same classified result for the shopper and analytics. */
export const promoRefusedSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  promoCode: promoResultSchema,
});

export const promoParamsSchema = z.object({ basketToken: z.string() });
