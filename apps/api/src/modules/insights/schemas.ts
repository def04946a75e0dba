/** GET /v1/user/insights's answer: the signed-in shopper's dashboard (product.md §2 "dashboard"). */
import { LOYALTY_LEVELS } from "@deals/domain/loyalty";
import { VOUCHER_GROUPS } from "@deals/domain/voucher-groups";
import { z } from "zod";

const minor = z.number().int();

export const insightsSchema = z.object({
  /** The site's currency: every amount below is in its minor units. */
  currency: z.enum(["GBP", "EUR"]),
  /** Paid orders on this site, refunded units left out. */
  savings: z.object({
    savedMinor: minor,
    againstWasMinor: minor,
    promoMinor: minor,
    wouldHaveCostMinor: minor,
    percentSaved: z.number().int(),
    units: z.number().int(),
    orders: z.number().int(),
  }),
  vouchers: z.object({
    groups: z.array(z.object({ group: z.enum(VOUCHER_GROUPS), count: z.number().int() })),
    /** The window "expiring soon" looks ahead, in days. */
    expiringSoonDays: z.number().int(),
    /** Available vouchers expiring within that window, the soonest first. */
    expiringSoon: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        dealHeadline: z.string(),
        merchantName: z.string(),
        expiresAt: z.string(),
        daysLeft: z.number().int(),
      }),
    ),
  }),
  wallet: z.object({ balanceMinor: minor, marketingMinor: minor, refundableMinor: minor }),
  loyalty: z.object({
    currentLevel: z.enum(LOYALTY_LEVELS),
    currentPoints: z.number().int(),
    /** Every current point exchanged now, formatted in the site's currency. */
    currentPointsWorth: z.string(),
    /** null at the top level. */
    nextLevel: z.enum(LOYALTY_LEVELS).nullable(),
    pointsToNextLevel: z.number().int(),
  }),
  vip: z.object({
    vipUser: z.boolean(),
    endsAt: z.string().nullable(),
    /** What VIP prices saved, in minor units. */
    savedMinor: minor,
  }),
});
export type Insights = z.infer<typeof insightsSchema>;
