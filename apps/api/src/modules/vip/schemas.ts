/** The VIP calls' shapes (product.md §4 "Subscription state"; §6 "VIP member"). */
import { SUBSCRIPTION_STATES } from "@deals/domain/subscription";
import { z } from "zod";

export const vipStatusSchema = z.object({
  /** ELIGIBLE, ACTIVE or RENEW (subscribing is allowed in ELIGIBLE and RENEW). */
  state: z.enum(SUBSCRIPTION_STATES),
  vipUser: z.boolean(),
  plan: z.enum(["trial", "paid"]).nullable(),
  /** VIP-SUB-FREE-TRIAL or VIP-SUB-PAID-FLOW. */
  optInType: z.string().nullable(),
  startedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  renews: z.boolean(),
  /** When the paid year renews (and is charged), while it renews. */
  renewalDate: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  freeTrialAvailable: z.boolean(),
  canSubscribe: z.boolean(),
  /** A year of VIP, in minor units of the site's currency. */
  price: z.object({ amount: z.number().int(), currency: z.enum(["GBP", "EUR"]) }),
  /** Members' messages to customer service are answered first. */
  prioritySupport: z.boolean(),
  rewards: z.object({
    /** Paid purchases at a VIP price. */
    vipPurchases: z.number().int(),
    /** What VIP prices saved on them, in minor units. */
    savedMinor: z.number().int(),
  }),
});
export type VipStatus = z.infer<typeof vipStatusSchema>;

export const subscribeBodySchema = z
  .object({
    card: z
      .object({
        number: z.string().max(40),
        expiry: z.string().max(10),
        securityCode: z.string().max(8),
      })
      .optional(),
    /** A payment method the customer saved (GET /v1/checkout's payment instruments). */
    instrumentId: z.coerce.number().int().positive().optional(),
  })
  .describe("How to pay: a new card (kept for the renewal) or a saved instrument");

export const idempotencyHeadersSchema = z.object({
  "idempotency-key": z
    .string()
    .optional()
    .describe("8 to 100 characters; a repeat answers the first payment"),
});
