import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VIP_FREE_TRIAL_DAYS, VIP_MEMBERSHIP_DAYS, VIP_RENEWAL_REMINDER_DAYS } from "./constants.ts";
import {
  cancelledMembership,
  cancelRefusal,
  freeTrialRefusal,
  isMembershipActive,
  paidPeriod,
  renewalDue,
  renewalReminderDue,
  subscribeRefusal,
  subscriptionState,
  trialPeriod,
  VIP_MESSAGES,
  type VipMembership,
} from "./vip-membership.ts";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-03-01T12:00:00Z");
const at = (days: number) => new Date(now.getTime() + days * DAY);

const paid = (endsInDays: number, renews = true): VipMembership => ({
  plan: "paid",
  startedAt: at(endsInDays - VIP_MEMBERSHIP_DAYS),
  endsAt: at(endsInDays),
  renews,
  trialUsed: false,
  reminderSentFor: null,
});
const trial = (endsInDays: number): VipMembership => ({
  plan: "trial",
  startedAt: at(endsInDays - VIP_FREE_TRIAL_DAYS),
  endsAt: at(endsInDays),
  renews: false,
  trialUsed: true,
  reminderSentFor: null,
});

/** Any membership, its end anywhere within two years of now. */
const membershipArb = fc
  .record({
    plan: fc.constantFrom("trial" as const, "paid" as const),
    endsInMinutes: fc.integer({ min: -2 * 366 * 24 * 60, max: 2 * 366 * 24 * 60 }),
    renews: fc.boolean(),
    trialUsed: fc.boolean(),
    reminded: fc.boolean(),
  })
  .map(({ plan, endsInMinutes, renews, trialUsed, reminded }): VipMembership => {
    const endsAt = new Date(now.getTime() + endsInMinutes * 60_000);
    return {
      plan,
      startedAt: new Date(endsAt.getTime() - VIP_MEMBERSHIP_DAYS * DAY),
      endsAt,
      renews: plan === "paid" && renews,
      trialUsed: plan === "trial" || trialUsed,
      reminderSentFor: reminded ? endsAt : null,
    };
  });

describe("subscription state", () => {
  it("is ELIGIBLE for a customer who was never a member", () => {
    expect(subscriptionState(null, now)).toBe("ELIGIBLE");
    expect(subscribeRefusal(null, now)).toBeNull();
  });

  it("is ACTIVE for a member whose membership carries on, and subscribing is refused", () => {
    expect(subscriptionState(paid(200), now)).toBe("ACTIVE");
    expect(subscriptionState(paid(3), now)).toBe("ACTIVE");
    expect(subscriptionState(paid(200, false), now)).toBe("ACTIVE");
    expect(subscriptionState(trial(20), now)).toBe("ACTIVE");
    expect(subscribeRefusal(paid(200), now)).toBe(VIP_MESSAGES.alreadyMember);
  });

  it("is RENEW once it ended, or when a trial or cancelled year ends within the reminder window", () => {
    expect(subscriptionState(paid(-1), now)).toBe("RENEW");
    expect(subscriptionState(trial(VIP_RENEWAL_REMINDER_DAYS - 1), now)).toBe("RENEW");
    expect(subscriptionState(paid(VIP_RENEWAL_REMINDER_DAYS - 1, false), now)).toBe("RENEW");
    expect(subscribeRefusal(paid(-1), now)).toBeNull();
  });

  it("allows subscribing exactly when the state is ELIGIBLE or RENEW (property)", () => {
    fc.assert(
      fc.property(fc.option(membershipArb, { nil: null }), (membership) => {
        const state = subscriptionState(membership, now);
        expect(state).not.toBe("NOT_CHECKED");
        expect(subscribeRefusal(membership, now) === null).toBe(state !== "ACTIVE");
      }),
    );
  });
});

describe("the paid year", () => {
  it("lasts one year from now for a new or former member", () => {
    expect(paidPeriod(null, now)).toEqual({ startsAt: now, endsAt: at(VIP_MEMBERSHIP_DAYS) });
    expect(paidPeriod(paid(-30), now).startsAt).toEqual(now);
  });

  it("follows on from a membership still running, so no day is lost (property)", () => {
    fc.assert(
      fc.property(fc.option(membershipArb, { nil: null }), (membership) => {
        const period = paidPeriod(membership, now);
        expect(period.endsAt.getTime() - period.startsAt.getTime()).toBe(VIP_MEMBERSHIP_DAYS * DAY);
        const expectedStart = membership && membership.endsAt > now ? membership.endsAt : now;
        expect(period.startsAt).toEqual(expectedStart);
      }),
    );
  });
});

describe("the free trial", () => {
  it("lasts the trial length and is allowed once per customer, never while a member", () => {
    expect(trialPeriod(now)).toEqual({ startsAt: now, endsAt: at(VIP_FREE_TRIAL_DAYS) });
    expect(freeTrialRefusal(null, now)).toBeNull();
    expect(freeTrialRefusal(trial(-5), now)).toBe(VIP_MESSAGES.trialUsed);
    expect(freeTrialRefusal(paid(100), now)).toBe(VIP_MESSAGES.alreadyMember);
    expect(freeTrialRefusal(paid(-100), now)).toBeNull();
  });

  it("is refused to anyone who had one (property)", () => {
    fc.assert(
      fc.property(membershipArb, (membership) => {
        if (membership.trialUsed) expect(freeTrialRefusal(membership, now)).toBe(VIP_MESSAGES.trialUsed);
      }),
    );
  });
});

describe("renewal", () => {
  it("is due once a renewing paid year has ended, and the next year follows on", () => {
    expect(renewalDue(paid(1), now)).toBeNull();
    expect(renewalDue(paid(0), now)).toEqual({ startsAt: now, endsAt: at(VIP_MEMBERSHIP_DAYS) });
    expect(renewalDue(paid(-2), now)).toEqual({ startsAt: at(-2), endsAt: at(VIP_MEMBERSHIP_DAYS - 2) });
  });

  it("never happens to a cancelled year or a trial (property)", () => {
    fc.assert(
      fc.property(membershipArb, (membership) => {
        const due = renewalDue(membership, now);
        if (membership.plan === "trial" || !membership.renews) expect(due).toBeNull();
        else expect(due !== null).toBe(membership.endsAt <= now);
      }),
    );
  });

  it("is announced once, within the reminder window before the year ends", () => {
    expect(renewalReminderDue(paid(VIP_RENEWAL_REMINDER_DAYS + 1), now)).toBe(false);
    expect(renewalReminderDue(paid(VIP_RENEWAL_REMINDER_DAYS), now)).toBe(true);
    expect(renewalReminderDue(paid(1), now)).toBe(true);
    expect(renewalReminderDue({ ...paid(1), reminderSentFor: at(1) }, now)).toBe(false);
    expect(renewalReminderDue(paid(1, false), now)).toBe(false);
    expect(renewalReminderDue(trial(1), now)).toBe(false);
    expect(renewalReminderDue(paid(0), now)).toBe(false);
  });
});

describe("cancelling", () => {
  it("stops a paid year renewing; it runs to its end", () => {
    const cancelled = cancelledMembership(paid(100), now);
    expect(cancelled).toMatchObject({ renews: false, endsAt: at(100) });
    expect(isMembershipActive(cancelled, now)).toBe(true);
    expect(renewalDue(cancelled, at(101))).toBeNull();
    expect(cancelRefusal(cancelled, now)).toBe(VIP_MESSAGES.alreadyCancelled);
  });

  it("ends a free trial at once, and the trial cannot be had again", () => {
    const cancelled = cancelledMembership(trial(20), now);
    expect(isMembershipActive(cancelled, now)).toBe(false);
    expect(freeTrialRefusal(cancelled, now)).toBe(VIP_MESSAGES.trialUsed);
  });

  it("is refused when there is no membership running", () => {
    expect(cancelRefusal(null, now)).toBe(VIP_MESSAGES.notMember);
    expect(cancelRefusal(paid(-1), now)).toBe(VIP_MESSAGES.notMember);
  });

  it("never renews afterwards and never shortens a paid year (property)", () => {
    fc.assert(
      fc.property(membershipArb, (membership) => {
        if (cancelRefusal(membership, now) !== null) return;
        const cancelled = cancelledMembership(membership, now);
        expect(renewalDue(cancelled, new Date(cancelled.endsAt.getTime() + DAY))).toBeNull();
        if (membership.plan === "paid") expect(cancelled.endsAt).toEqual(membership.endsAt);
      }),
    );
  });
});
