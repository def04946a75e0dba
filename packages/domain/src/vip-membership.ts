/**
 * A customer's VIP membership over time (product.md §1 "Paid VIP membership (one year ...)",
 * §4 "Subscription state"): which state it is in, when a paid year or a free trial starts and
 * ends, when it renews, when the renewal reminder is due, and what cancelling changes. The
 * lengths are in constants.ts.
 */
import { VIP_FREE_TRIAL_DAYS, VIP_MEMBERSHIP_DAYS, VIP_RENEWAL_REMINDER_DAYS } from "./constants.ts";
import { canSubscribe, type SubscriptionState } from "./subscription.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export type VipPlan = "trial" | "paid";

export interface VipMembership {
  plan: VipPlan;
  startedAt: Date;
  /** The end of the current period (the trial, or the paid year). */
  endsAt: Date;
  /** A paid year renews by itself at its end unless the member cancelled. */
  renews: boolean;
  /** The customer has had their one free trial. */
  trialUsed: boolean;
  /** The period end the renewal reminder was emailed for, if it was. */
  reminderSentFor: Date | null;
}

export interface VipPeriod {
  startsAt: Date;
  endsAt: Date;
}

export const VIP_MESSAGES = {
  alreadyMember: "You are already a VIP member.",
  trialUsed: "You have already had your free VIP trial.",
  notMember: "You are not a VIP member.",
  alreadyCancelled: "Your VIP membership is already cancelled: it ends on its end date.",
  inProgress: "Your VIP payment is already being processed.",
} as const;

export function isMembershipActive(membership: VipMembership | null, now: Date): boolean {
  return membership !== null && now < membership.endsAt;
}

/** Ends within the reminder window and will not carry on by itself (a trial, or cancelled). */
function endingWithoutRenewal(membership: VipMembership, now: Date): boolean {
  const windowStarts = membership.endsAt.getTime() - VIP_RENEWAL_REMINDER_DAYS * DAY_MS;
  return now.getTime() >= windowStarts && !(membership.plan === "paid" && membership.renews);
}

/**
 * ELIGIBLE: never a member. ACTIVE: a member whose membership carries on. RENEW: a former
 * member, or one whose trial or cancelled year ends within the reminder window (they may pay
 * for the next year now; it starts when the current one ends). NOT_CHECKED is the shopper's
 * state before anyone looked, which the server never answers.
 */
export function subscriptionState(membership: VipMembership | null, now: Date): SubscriptionState {
  if (membership === null) return "ELIGIBLE";
  if (!isMembershipActive(membership, now)) return "RENEW";
  return endingWithoutRenewal(membership, now) ? "RENEW" : "ACTIVE";
}

/** Why the customer may not pay for a year now, or null when they may (canSubscribe). */
export function subscribeRefusal(membership: VipMembership | null, now: Date): string | null {
  return canSubscribe(true, subscriptionState(membership, now)) ? null : VIP_MESSAGES.alreadyMember;
}

/** The year a payment now buys: from now, or from the end of the period still running. */
export function paidPeriod(membership: VipMembership | null, now: Date): VipPeriod {
  const startsAt = membership && isMembershipActive(membership, now) ? membership.endsAt : now;
  return { startsAt, endsAt: new Date(startsAt.getTime() + VIP_MEMBERSHIP_DAYS * DAY_MS) };
}

/** Why the customer may not start a free trial, or null: once per customer, never while a member. */
export function freeTrialRefusal(membership: VipMembership | null, now: Date): string | null {
  if (membership?.trialUsed) return VIP_MESSAGES.trialUsed;
  if (isMembershipActive(membership, now)) return VIP_MESSAGES.alreadyMember;
  return null;
}

export function trialPeriod(now: Date): VipPeriod {
  return { startsAt: now, endsAt: new Date(now.getTime() + VIP_FREE_TRIAL_DAYS * DAY_MS) };
}

/** A paid year that renews is renewed once its end has come; the next year follows on. */
export function renewalDue(membership: VipMembership, now: Date): VipPeriod | null {
  if (membership.plan !== "paid" || !membership.renews || now < membership.endsAt) return null;
  const startsAt = membership.endsAt;
  return { startsAt, endsAt: new Date(startsAt.getTime() + VIP_MEMBERSHIP_DAYS * DAY_MS) };
}

/** The reminder goes once per paid year that will renew, within the window before its end. */
export function renewalReminderDue(membership: VipMembership, now: Date): boolean {
  if (membership.plan !== "paid" || !membership.renews || now >= membership.endsAt) return false;
  if (membership.reminderSentFor?.getTime() === membership.endsAt.getTime()) return false;
  return now.getTime() >= membership.endsAt.getTime() - VIP_RENEWAL_REMINDER_DAYS * DAY_MS;
}

/**
 * One click cancels (never a hidden renewal): a paid year stops renewing and runs to its end; a
 * free trial, which costs nothing and never renews, ends at once. Refused when there is nothing
 * to cancel.
 */
export function cancelRefusal(membership: VipMembership | null, now: Date): string | null {
  if (!isMembershipActive(membership, now)) return VIP_MESSAGES.notMember;
  if (membership!.plan === "paid" && !membership!.renews) return VIP_MESSAGES.alreadyCancelled;
  return null;
}

/** Cancelling a trial ends it now; cancelling a paid year stops its renewal. */
export function cancelledMembership(membership: VipMembership, now: Date): VipMembership {
  return membership.plan === "trial"
    ? { ...membership, endsAt: now, renews: false }
    : { ...membership, renews: false };
}
