import { VALIDATION_MESSAGES as M } from "@deals/domain/validation";
import { z } from "zod";

export const stockNotificationBodySchema = z.object({
  dealId: z.coerce
    .number({ error: "dealId must be a deal id" })
    .int({ error: "dealId must be a deal id" })
    .positive({ error: "dealId must be a deal id" }),
  email: z
    .string({ error: M.required })
    .trim()
    .min(1, { error: M.required })
    .max(254)
    .pipe(z.email({ error: M.email })),
});

export const stockNotificationSchema = z.object({
  dealId: z.number().int(),
  email: z.string(),
  /** True when this call made the request; false when the same one was already waiting. */
  created: z.boolean(),
  message: z.string(),
});
export type StockNotification = z.infer<typeof stockNotificationSchema>;
