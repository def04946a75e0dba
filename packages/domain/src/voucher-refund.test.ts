import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REFUND_MESSAGES } from "./voucher.ts";
import {
  refundReasonProblem,
  refundSplit,
  SELF_REFUND_MESSAGES,
  selfRefundEligibility,
  voucherShareMinor,
} from "./voucher-refund.ts";

const DAY = 86_400_000;
const now = new Date("2026-06-15T10:00:00Z");
const voucher = (overrides: Partial<Parameters<typeof selfRefundEligibility>[0]> = {}) => ({
  status: "Ready to Redeem" as const,
  expiresAt: new Date(now.getTime() + 60 * DAY),
  protected: true,
  purchasedAt: new Date(now.getTime() - 30 * DAY),
  ...overrides,
});

describe("selfRefundEligibility", () => {
  it("lets a protected voucher be refunded until 7 days before expiry", () => {
    expect(selfRefundEligibility(voucher(), now)).toEqual({ eligible: true });
    expect(selfRefundEligibility(voucher({ expiresAt: new Date(now.getTime() + 7 * DAY) }), now)).toEqual({
      eligible: false,
      reason: REFUND_MESSAGES.nearExpiry,
    });
  });

  it("lets an unprotected voucher be refunded only within 14 days of purchase", () => {
    const recent = voucher({ protected: false, purchasedAt: new Date(now.getTime() - 13 * DAY) });
    expect(selfRefundEligibility(recent, now)).toEqual({ eligible: true });
    expect(selfRefundEligibility(voucher({ protected: false }), now)).toEqual({
      eligible: false,
      reason: SELF_REFUND_MESSAGES.notProtected,
    });
  });

  it("refuses once redeemed", () => {
    expect(selfRefundEligibility(voucher({ status: "Redeemed" }), now)).toMatchObject({
      reason: REFUND_MESSAGES.redeemed,
    });
  });
});

describe("refund reason", () => {
  it("must be one of the listed reasons", () => {
    expect(refundReasonProblem(undefined)).toBe("A refund reason must be selected");
    expect(refundReasonProblem("")).toBe("A refund reason must be selected");
    expect(refundReasonProblem("I no longer need it")).toBeUndefined();
  });
});

describe("voucherShareMinor", () => {
  it("shares a line exactly between its vouchers (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 20 }),
        (total, quantity) => {
          const shares = Array.from({ length: quantity }, (_, i) => voucherShareMinor(total, quantity, i));
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe("refundSplit", () => {
  const paid = {
    paidOriginalMinor: 2000,
    refundedOriginalMinor: 0,
    paidWalletMinor: 500,
    refundedWalletMinor: 0,
  };

  it("puts a wallet refund all in the wallet", () => {
    expect(refundSplit(1200, "wallet", paid)).toEqual({ walletMinor: 1200, originalMinor: 0 });
  });

  it("sends to the card what the card paid, the rest to the wallet", () => {
    expect(refundSplit(1200, "original", paid)).toEqual({ walletMinor: 0, originalMinor: 1200 });
    expect(refundSplit(800, "original", { ...paid, refundedOriginalMinor: 1500 })).toEqual({
      walletMinor: 300,
      originalMinor: 500,
    });
    // Only 1,000 of the order is left to give back.
    expect(refundSplit(1200, "original", { ...paid, refundedOriginalMinor: 1500 })).toEqual({
      walletMinor: 500,
      originalMinor: 500,
    });
  });

  it("never gives back more than the order paid and has not had back (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom("wallet" as const, "original" as const),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        (share, destination, po, ro, pw, rw) => {
          const money = {
            paidOriginalMinor: po,
            refundedOriginalMinor: ro,
            paidWalletMinor: pw,
            refundedWalletMinor: rw,
          };
          const split = refundSplit(share, destination, money);
          const total = split.walletMinor + split.originalMinor;
          expect(split.walletMinor).toBeGreaterThanOrEqual(0);
          expect(split.originalMinor).toBeGreaterThanOrEqual(0);
          expect(total).toBeLessThanOrEqual(share);
          expect(total).toBeLessThanOrEqual(Math.max(po - ro, 0) + Math.max(pw - rw, 0));
          expect(split.originalMinor).toBeLessThanOrEqual(Math.max(po - ro, 0));
        },
      ),
    );
  });
});
