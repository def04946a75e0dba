/**
 * The loyalty club (services.md §7.6, product.md §3-§5 "Loyalty"): standing, exchanging
 * points for wallet credit, and points for viewing and sharing deals. Rules and numbers live
 * in the domain (loyalty.ts, loyalty-levels.ts); the exchange is idempotent by key and
 * race-safe through the conditional update that takes the points.
 */
import { randomBytes } from "node:crypto";
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import {
  canExchangePoints,
  exchangePrompt,
  LEVEL_CANNOT_EXCHANGE_MESSAGE,
  NOT_ENOUGH_POINTS_MESSAGE,
  pointsToCredit,
  validatePointsExchange,
} from "@deals/domain/loyalty";
import { type LoyaltyEventKind, loyaltyStanding, pointsForEvent } from "@deals/domain/loyalty-levels";
import { formatMoney } from "@deals/domain/money";
import { ApiError, notFound } from "../../errors.ts";
import type { Customer } from "../accounts/auth.ts";
import { dealDayKey, lookUpDeals } from "../deals/service.ts";
import { addWalletCredit } from "../wallet/queries.ts";
import {
  creditPurchases,
  findExchange,
  loyaltyAccountOf,
  recentActivities,
  recordEvent,
  takeExchange,
} from "./queries.ts";
import type { EventResult, ExchangeResult, LoyaltyStatusAnswer } from "./schemas.ts";

export interface LoyaltyContext {
  db: Db;
  brand: Brand;
  customer: Customer;
  now: Date;
}

/** How many activities the status lists (ours). */
const ACTIVITIES_SHOWN = 20;

async function statusOf(ctx: LoyaltyContext): Promise<LoyaltyStatusAnswer> {
  const account = await loyaltyAccountOf(ctx.db, ctx.customer.id);
  const standing = loyaltyStanding(account.lifetimePoints, account.currentPoints);
  const activities = await recentActivities(ctx.db, ctx.customer.id, ACTIVITIES_SHOWN);
  return {
    currentLevel: standing.currentLevel,
    lifetimePoints: standing.lifetimePoints,
    currentPoints: standing.currentPoints,
    exchangeRate: standing.exchangeRate,
    nextLevel: standing.nextLevel ?? null,
    pointsToNextLevel: standing.pointsToNextLevel,
    progress: standing.progress,
    canExchange: canExchangePoints(standing.currentLevel),
    exchangePrompt: exchangePrompt(standing.currentPoints),
    currentPointsWorth: pointsToCredit(standing.currentPoints, standing.exchangeRate, ctx.brand.currency)
      .formatted,
    loyaltyActivityDescriptions: activities.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    playerActivityCountVO: { points: standing.currentPoints },
  };
}

/** The customer's standing, their paid orders' points credited first. */
export async function loyaltyStatus(ctx: LoyaltyContext): Promise<LoyaltyStatusAnswer> {
  await ctx.db.transaction((tx) => creditPurchases(tx, ctx.customer.id));
  return statusOf(ctx);
}

const invalidPoints = (message: string) => new ApiError(422, "INVALID_POINTS", message);

/** The points of the path: a whole number, else the prompt that says what is allowed. */
function parsePoints(text: string, currentPoints: number): number {
  if (!/^\d{1,9}$/.test(text)) throw invalidPoints(exchangePrompt(currentPoints));
  return Number(text);
}

class ExchangeRefused extends Error {}

/**
 * POST exchange/{points}: points for wallet credit at the level's rate, to 2 decimals. The
 * same idempotency key always answers the first exchange and spends nothing more.
 */
export async function exchangePoints(
  ctx: LoyaltyContext,
  pointsText: string,
  idempotencyKey = randomBytes(16).toString("hex"),
): Promise<ExchangeResult> {
  const { customer, brand } = ctx;
  const previous = await findExchange(ctx.db, customer.id, idempotencyKey);
  if (previous) return exchangeAnswer(ctx, -previous.points, previous.creditMinor ?? 0);
  try {
    const { points, creditMinor } = await ctx.db.transaction(async (tx) => {
      await creditPurchases(tx, customer.id);
      const account = await loyaltyAccountOf(tx, customer.id);
      const standing = loyaltyStanding(account.lifetimePoints, account.currentPoints);
      if (!canExchangePoints(standing.currentLevel)) {
        throw new ApiError(403, "LEVEL_CANNOT_EXCHANGE", LEVEL_CANNOT_EXCHANGE_MESSAGE);
      }
      const points = parsePoints(pointsText, standing.currentPoints);
      const refusal = validatePointsExchange(standing, points);
      if (refusal) throw invalidPoints(refusal);
      const credit = pointsToCredit(points, standing.exchangeRate, brand.currency);
      const taken = await takeExchange(tx, {
        customerId: customer.id,
        points,
        creditMinor: credit.amountMinor,
        idempotencyKey,
        description: `Exchanged ${points} points for ${credit.formatted} wallet credit`,
        now: ctx.now,
      });
      if (taken === "not-enough") throw new ExchangeRefused();
      if (taken === "repeated") {
        const first = await findExchange(tx, customer.id, idempotencyKey);
        return { points: -(first?.points ?? 0), creditMinor: first?.creditMinor ?? 0 };
      }
      await addWalletCredit(tx, {
        customerId: customer.id,
        currency: brand.currency,
        kind: "marketing",
        source: "loyalty",
        amountMinor: credit.amountMinor,
        description: `Club rewards: ${points} points exchanged`,
        now: ctx.now,
      });
      return { points, creditMinor: credit.amountMinor };
    });
    return exchangeAnswer(ctx, points, creditMinor);
  } catch (error) {
    // The points were spent by another exchange between the check and the taking.
    if (error instanceof ExchangeRefused) {
      const account = await loyaltyAccountOf(ctx.db, customer.id);
      throw invalidPoints(
        account.currentPoints > 0 ? exchangePrompt(account.currentPoints) : NOT_ENOUGH_POINTS_MESSAGE,
      );
    }
    throw error;
  }
}

async function exchangeAnswer(
  ctx: LoyaltyContext,
  points: number,
  creditMinor: number,
): Promise<ExchangeResult> {
  return {
    points,
    credit: creditMinor,
    creditFormatted: formatMoney(creditMinor, ctx.brand.currency, undefined, "always"),
    currency: ctx.brand.currency,
    status: await statusOf(ctx),
  };
}

const EVENT_DESCRIPTIONS: Record<LoyaltyEventKind, string> = {
  "view-deal": "Viewed a deal",
  "share-deal": "Shared a deal",
};

/** Views and shares of the site's deals, each counted once a day; unknown deals are skipped. */
export async function recordEvents(
  ctx: LoyaltyContext,
  events: { kind: LoyaltyEventKind; dealId: number }[],
  unknownDeal: "skip" | "refuse",
): Promise<EventResult> {
  const known = new Set(
    (await lookUpDeals(ctx.db, ctx.brand, [...new Set(events.map((e) => e.dealId))])).map((d) => d.id),
  );
  if (unknownDeal === "refuse" && events.some((e) => !known.has(e.dealId))) {
    throw notFound("DEAL_NOT_FOUND", "There is no deal with this id on this site.");
  }
  const day = dealDayKey(ctx.now);
  let pointsEarned = 0;
  await ctx.db.transaction(async (tx) => {
    for (const event of events.filter((e) => known.has(e.dealId))) {
      pointsEarned += await recordEvent(tx, {
        customerId: ctx.customer.id,
        kind: event.kind,
        dealId: event.dealId,
        points: pointsForEvent(event.kind),
        day,
        description: EVENT_DESCRIPTIONS[event.kind],
        now: ctx.now,
      });
    }
  });
  const account = await loyaltyAccountOf(ctx.db, ctx.customer.id);
  return { pointsEarned, currentPoints: account.currentPoints, lifetimePoints: account.lifetimePoints };
}
