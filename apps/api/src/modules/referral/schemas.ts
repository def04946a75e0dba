/** Request and response shapes of the refer-a-friend calls (services.md §7.2 "/raf/status"). */
import { REFERRAL_STATUSES } from "@deals/domain/referral";
import { VALIDATION_MESSAGES as M } from "@deals/domain/validation";
import { z } from "zod";

const money = z.number().int();
const moment = z.string().nullable();

export const rafStatusQuerySchema = z.object({ origin: z.string().max(200).optional() });

export const rafStatusSchema = z.object({
  referralCode: z.string(),
  /** The customer's personal link on their site, to copy or send. */
  referralLink: z.string(),
  currency: z.enum(["GBP", "EUR"]),
  /** What each friend's first order earns, and the most a customer can earn, in minor units and as shown. */
  creditPerFriend: money,
  creditPerFriendFormatted: z.string(),
  creditUpTo: money,
  creditUpToFormatted: z.string(),
  creditEarned: money,
  creditEarnedFormatted: z.string(),
  /** Days after the friend's order before the credit is due (the refund window). */
  pendingDays: z.number().int(),
  stats: z.object({
    invited: z.number().int(),
    pending: z.number().int(),
    credited: z.number().int(),
    cancelled: z.number().int(),
  }),
  linkOpens: z.number().int(),
  shares: z.number().int(),
  referrals: z.array(
    z.object({
      id: z.number().int(),
      friendName: z.string(),
      status: z.enum(REFERRAL_STATUSES),
      statusLabel: z.string(),
      invitedAt: moment,
      joinedAt: moment,
      creditDueAt: moment,
      creditedAt: moment,
      cancelledAt: moment,
      credit: money.nullable(),
      creditFormatted: z.string().nullable(),
    }),
  ),
});
export type RafStatus = z.infer<typeof rafStatusSchema>;

export const referralCodeBodySchema = z.object({ referralCode: z.string().trim().min(1).max(40) });

export const assignResultSchema = z.object({ referrerFirstName: z.string(), message: z.string() });
export const openResultSchema = z.object({ referrerFirstName: z.string() });

export const inviteBodySchema = z.object({
  email: z
    .string({ error: M.required })
    .trim()
    .min(1, { error: M.required })
    .max(254, { error: "Use at most 254 characters" })
    .pipe(z.email({ error: M.email })),
});
export const inviteResultSchema = z.object({ message: z.string(), status: rafStatusSchema });

export const shareBodySchema = z.object({ channel: z.enum(["copy", "share"]) });
export const shareResultSchema = z.object({ shares: z.number().int() });

export const invitationParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
