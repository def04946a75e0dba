import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REFERRAL_CREDIT_UP_TO_MINOR } from "./constants.ts";
import {
  normaliseReferralCode,
  REFERRAL_CODE_LENGTH,
  REFERRAL_CREDIT_PER_FRIEND_MINOR,
  REFERRAL_MESSAGES,
  REFERRAL_STATUSES,
  referralCodeFrom,
  referralCreditable,
  referralCreditDueAt,
  referralCreditMinor,
  referralLinkPath,
  referralRefusal,
  referralStats,
} from "./referral.ts";

const DAY_MS = 86_400_000;

describe("the refund window", () => {
  const paid = new Date("2025-06-01T10:00:00Z");

  it("makes the credit due 14 days after the friend paid", () => {
    expect(referralCreditDueAt(paid)).toEqual(new Date("2025-06-15T10:00:00Z"));
  });

  it("credits a pending referral only from its due time, and never a refunded one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -30 * DAY_MS, max: 30 * DAY_MS }),
        fc.boolean(),
        fc.constantFrom(...REFERRAL_STATUSES),
        (offset, friendRefunded, status) => {
          const creditDueAt = referralCreditDueAt(paid);
          const now = new Date(creditDueAt.getTime() + offset);
          expect(referralCreditable({ status, creditDueAt, friendRefunded }, now)).toBe(
            status === "pending" && !friendRefunded && offset >= 0,
          );
        },
      ),
    );
    expect(referralCreditable({ status: "joined", creditDueAt: null, friendRefunded: false }, paid)).toBe(
      false,
    );
  });
});

describe("the credit", () => {
  it("gives the amount per friend until the referrer reaches the cap, never past it", () => {
    expect(referralCreditMinor(0)).toBe(REFERRAL_CREDIT_PER_FRIEND_MINOR);
    expect(referralCreditMinor(REFERRAL_CREDIT_UP_TO_MINOR - 300)).toBe(300);
    expect(referralCreditMinor(REFERRAL_CREDIT_UP_TO_MINOR)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (friends) => {
        let total = 0;
        for (let i = 0; i < friends; i++) {
          const credit = referralCreditMinor(total);
          expect(credit).toBeGreaterThanOrEqual(0);
          expect(credit).toBeLessThanOrEqual(REFERRAL_CREDIT_PER_FRIEND_MINOR);
          total += credit;
        }
        expect(total).toBe(Math.min(friends * REFERRAL_CREDIT_PER_FRIEND_MINOR, REFERRAL_CREDIT_UP_TO_MINOR));
      }),
    );
  });
});

describe("who can be referred", () => {
  it("refuses existing customers, the referrer and a friend already referred", () => {
    const newcomer = { isReferrer: false, hasPaidOrder: false, alreadyReferred: false };
    expect(referralRefusal(newcomer)).toBeNull();
    expect(referralRefusal({ ...newcomer, hasPaidOrder: true })).toBe(
      "Existing customers cannot be referred.",
    );
    expect(referralRefusal({ ...newcomer, isReferrer: true })).toBe(REFERRAL_MESSAGES.ownCode);
    expect(referralRefusal({ ...newcomer, alreadyReferred: true })).toBe(REFERRAL_MESSAGES.alreadyReferred);
  });
});

describe("codes and links", () => {
  it("makes codes that read back as themselves, in any case", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: REFERRAL_CODE_LENGTH, maxLength: 16 }), (bytes) => {
        const code = referralCodeFrom(bytes);
        expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
        expect(normaliseReferralCode(code)).toBe(code);
        expect(normaliseReferralCode(` ${code.toLowerCase()} `)).toBe(code);
      }),
    );
    expect(() => referralCodeFrom(new Uint8Array(3))).toThrow(RangeError);
  });

  it("refuses what cannot be a code", () => {
    for (const text of ["", "ABC", "ABCDEFGH1", "ABCDEF0O", "ABCD-EFG", "../../x"])
      expect(normaliseReferralCode(text), text).toBeNull();
  });

  it("links to /raf/{code}", () => {
    expect(referralLinkPath("ABCDEFGH")).toBe("/raf/ABCDEFGH");
  });
});

describe("stats", () => {
  it("counts invited and joined friends as invited, and each other status apart", () => {
    expect(referralStats(["invited", "joined", "pending", "pending", "credited", "cancelled"])).toEqual({
      invited: 2,
      pending: 2,
      credited: 1,
      cancelled: 1,
    });
    expect(referralStats([])).toEqual({ invited: 0, pending: 0, credited: 0, cancelled: 0 });
  });
});
