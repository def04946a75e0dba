/** Request and response shapes of the loyalty calls (services.md §7.6, product.md §3 "Loyalty"). */
import { LOYALTY_LEVELS } from "@deals/domain/loyalty";
import { z } from "zod";

const level = z.enum(LOYALTY_LEVELS);
const points = z.number().int();

export const loyaltyStatusSchema = z.object({
  currentLevel: level,
  lifetimePoints: points,
  currentPoints: points,
  /** Credit per point at the current level, in major units. */
  exchangeRate: z.number(),
  /** null at Platinum. */
  nextLevel: z.object({ name: level, exchangeRate: z.number() }).nullable(),
  pointsToNextLevel: points,
  /** 0 to 1: the way from this level's threshold to the next. */
  progress: z.number(),
  canExchange: z.boolean(),
  /** "You don't have enough points" or "Please select a number between 1 and {max} ...". */
  exchangePrompt: z.string(),
  /** Every current point exchanged now, to 2 decimals in the site's currency. */
  currentPointsWorth: z.string(),
  loyaltyActivityDescriptions: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      points,
      kind: z.string(),
      createdAt: z.string(),
    }),
  ),
  playerActivityCountVO: z.object({ points }),
});
export type LoyaltyStatusAnswer = z.infer<typeof loyaltyStatusSchema>;

export const exchangeParamsSchema = z.object({ points: z.string().max(20) });
export const exchangeHeadersSchema = z.object({ "idempotency-key": z.string().min(8).max(100).optional() });
export const exchangeResultSchema = z.object({
  points,
  /** The wallet credit given, in minor units, and as shown (2 decimals). */
  credit: z.number().int(),
  creditFormatted: z.string(),
  currency: z.enum(["GBP", "EUR"]),
  status: loyaltyStatusSchema,
});
export type ExchangeResult = z.infer<typeof exchangeResultSchema>;

const dealRef = z.object({ dealId: z.number().int().positive().max(2_147_483_647) });
export const shareDealBodySchema = z.object({ shareDeal: dealRef });
export const viewDealBodySchema = z.object({ viewDeal: dealRef });
/** The user-action record built from stored views and shares (services.md §7.6). */
export const bulkEventsBodySchema = z.object({
  customerToken: z.string().max(200),
  downloadToolbar: z.boolean().optional(),
  shareDeal: z.array(z.number().int().positive().max(2_147_483_647)).max(50).default([]),
  viewDeal: z.array(z.number().int().positive().max(2_147_483_647)).max(50).default([]),
});
export const eventResultSchema = z.object({
  pointsEarned: points,
  currentPoints: points,
  lifetimePoints: points,
});
export type EventResult = z.infer<typeof eventResultSchema>;
