/**
 * The loyalty club's numbers, stated once (product.md §3 "Loyalty": the spec names the levels
 * and leaves thresholds, rates and points earned to us): which level a customer's lifetime
 * points reach, the credit a point is worth there, and the points each activity earns.
 */
import { LOYALTY_LEVELS, type LoyaltyLevel, type LoyaltyStatus } from "./loyalty.ts";

export interface LoyaltyLevelRule {
  name: LoyaltyLevel;
  /** Lifetime points from which the level holds. */
  threshold: number;
  /** Wallet credit per point, in major units (pounds or euros). Pink cannot exchange. */
  exchangeRate: number;
}

/** In ascending order of threshold (ours). */
export const LOYALTY_LEVEL_RULES: readonly LoyaltyLevelRule[] = [
  { name: "Pink", threshold: 0, exchangeRate: 0 },
  { name: "Bronze", threshold: 100, exchangeRate: 0.01 },
  { name: "Silver", threshold: 1_000, exchangeRate: 0.0125 },
  { name: "Gold", threshold: 2_500, exchangeRate: 0.015 },
  { name: "Platinum", threshold: 5_000, exchangeRate: 0.02 },
];

/** Points earned (ours): per whole pound or euro paid for deals, per deal viewed, per deal shared. */
export const LOYALTY_POINTS = {
  perMajorUnitSpent: 10,
  viewDeal: 1,
  shareDeal: 5,
  /** View and share points a customer can earn in one day. */
  dailyEventCap: 50,
} as const;

export type LoyaltyEventKind = "view-deal" | "share-deal";

export function pointsForEvent(kind: LoyaltyEventKind): number {
  return kind === "view-deal" ? LOYALTY_POINTS.viewDeal : LOYALTY_POINTS.shareDeal;
}

/** Points for an order: 10 per whole major unit paid for its deals (never negative). */
export function pointsForPurchase(paidForDealsMinor: number): number {
  if (!Number.isSafeInteger(paidForDealsMinor) || paidForDealsMinor <= 0) return 0;
  return Math.floor(paidForDealsMinor / 100) * LOYALTY_POINTS.perMajorUnitSpent;
}

function ruleFor(lifetimePoints: number): { index: number; rule: LoyaltyLevelRule } {
  let index = 0;
  LOYALTY_LEVEL_RULES.forEach((rule, i) => {
    if (lifetimePoints >= rule.threshold) index = i;
  });
  return { index, rule: LOYALTY_LEVEL_RULES[index]! };
}

export interface LoyaltyStanding extends LoyaltyStatus {
  lifetimePoints: number;
  /** Lifetime points still needed for the next level; 0 at Platinum. */
  pointsToNextLevel: number;
  /** 0 to 1: how far from this level's threshold to the next one. */
  progress: number;
}

/** Where lifetime and current points put a customer: level, rates and the way to the next. */
export function loyaltyStanding(lifetimePoints: number, currentPoints: number): LoyaltyStanding {
  const lifetime = Math.max(0, Math.floor(lifetimePoints));
  const { index, rule } = ruleFor(lifetime);
  const next = LOYALTY_LEVEL_RULES[index + 1];
  return {
    currentLevel: rule.name,
    currentPoints: Math.max(0, Math.floor(currentPoints)),
    exchangeRate: rule.exchangeRate,
    lifetimePoints: lifetime,
    ...(next ? { nextLevel: { name: next.name, exchangeRate: next.exchangeRate } } : {}),
    pointsToNextLevel: next ? next.threshold - lifetime : 0,
    progress: next ? (lifetime - rule.threshold) / (next.threshold - rule.threshold) : 1,
  };
}

// The rules cover every level, in the club's order.
if (LOYALTY_LEVEL_RULES.map((rule) => rule.name).join() !== LOYALTY_LEVELS.join()) {
  throw new Error("LOYALTY_LEVEL_RULES must list LOYALTY_LEVELS in order");
}
