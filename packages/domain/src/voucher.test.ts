import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  depositBalanceMinor,
  depositOrderNote,
  depositOrderStatus,
  FULFILMENT_STATUSES,
  type FulfilmentStatus,
  isVoucherStatus,
  MARK_USED_MESSAGES,
  markUsedProblem,
  PROTECTED_VOUCHER_BANNERS,
  protectedVoucherBanner,
  RECEIVE_RETURN_MESSAGES,
  REFUND_MESSAGES,
  RETURN_MESSAGES,
  receiveReturnProblem,
  redemptionInstructions,
  refundEligibility,
  returnProblem,
  VOUCHER_STATUS_NOTES,
  VOUCHER_STATUSES,
  type VoucherStatus,
} from "./voucher.ts";

const now = new Date("2025-06-15T12:00:00Z");
const DAY = 86_400_000;
const voucher = (status: VoucherStatus, daysToExpiry = 30) => ({
  status,
  expiresAt: new Date(now.getTime() + daysToExpiry * DAY),
});

describe("statuses", () => {
  it("has the ten voucher statuses, three fulfilment statuses and four banners", () => {
    expect(VOUCHER_STATUSES).toHaveLength(10);
    expect(VOUCHER_STATUSES).toContain("Returned to the Merchant");
    expect(FULFILMENT_STATUSES).toEqual(["Processing Order", "Dispatched", "Delivered"]);
    expect(PROTECTED_VOUCHER_BANNERS).toEqual(["Available", "Expired", "Redeemed", "Refunded"]);
    expect(isVoucherStatus("Ready to Redeem")).toBe(true);
    expect(isVoucherStatus("ready to redeem")).toBe(false);
  });

  it("tells a Booked traveller documents come within 3 working days", () => {
    expect(VOUCHER_STATUS_NOTES.Booked).toBe(
      "Travel documents are expected from the merchant within 3 working days",
    );
  });
});

describe("protectedVoucherBanner", () => {
  it("shows Available, Redeemed, Refunded and Expired", () => {
    expect(protectedVoucherBanner(voucher("Ready to Redeem"), now)).toBe("Available");
    expect(protectedVoucherBanner(voucher("Redeemed"), now)).toBe("Redeemed");
    expect(protectedVoucherBanner(voucher("Booked"), now)).toBe("Redeemed");
    expect(protectedVoucherBanner(voucher("Refunded"), now)).toBe("Refunded");
    expect(protectedVoucherBanner(voucher("Expired"), now)).toBe("Expired");
    expect(protectedVoucherBanner(voucher("Ready to Redeem", 0), now)).toBe("Expired");
  });

  it("shows none while a refund or return is under way", () => {
    expect(protectedVoucherBanner(voucher("Return in Transit"), now)).toBeUndefined();
  });
});

describe("refundEligibility", () => {
  it("allows a refund of an unused voucher more than 7 days from expiry", () => {
    expect(refundEligibility(voucher("Ready to Redeem", 8), now)).toEqual({ eligible: true });
  });

  it("is unavailable once redeemed", () => {
    expect(refundEligibility(voucher("Redeemed"), now)).toEqual({
      eligible: false,
      reason: REFUND_MESSAGES.redeemed,
    });
    expect(refundEligibility(voucher("Booked"), now)).toEqual({
      eligible: false,
      reason: REFUND_MESSAGES.redeemed,
    });
  });

  it("is unavailable within 7 days of expiry, with the reason", () => {
    expect(refundEligibility(voucher("Ready to Redeem", 7), now)).toEqual({
      eligible: false,
      reason: "Refunds are unavailable within 7 days of the voucher's expiry",
    });
    const justOutside = {
      status: "Ready to Redeem" as const,
      expiresAt: new Date(now.getTime() + 7 * DAY + 1),
    };
    expect(refundEligibility(justOutside, now)).toEqual({ eligible: true });
  });

  it("is unavailable when expired, refunded or already in progress", () => {
    expect(refundEligibility(voucher("Expired"), now)).toMatchObject({ reason: REFUND_MESSAGES.expired });
    expect(refundEligibility(voucher("Ready to Redeem", -1), now)).toMatchObject({
      reason: REFUND_MESSAGES.expired,
    });
    expect(refundEligibility(voucher("Refunded"), now)).toMatchObject({ reason: REFUND_MESSAGES.refunded });
    expect(refundEligibility(voucher("Credit Requested"), now)).toMatchObject({
      reason: REFUND_MESSAGES.inProgress,
    });
  });

  it("is never available in the last 7 days of any voucher (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VOUCHER_STATUSES),
        fc.integer({ min: -30 * DAY, max: 7 * DAY }),
        (status, ms) => {
          const v = { status, expiresAt: new Date(now.getTime() + ms) };
          expect(refundEligibility(v, now).eligible).toBe(false);
        },
      ),
    );
  });
});

describe("deposit orders", () => {
  it("go from deposit paid to balance paid to merchant", () => {
    expect(depositOrderStatus({ balancePaidToMerchant: false })).toBe("Deposit paid");
    expect(depositOrderStatus({ balancePaidToMerchant: true })).toBe("Balance paid to merchant");
  });

  it("say the deposit is paid and the balance is paid to the merchant, with what is still due", () => {
    expect(depositOrderNote("€249")).toBe("Deposit paid, balance paid to merchant: €249 still due");
  });

  it("leave the price less the deposit for the merchant", () => {
    expect(depositBalanceMinor(29_900, 5_000)).toBe(24_900);
    expect(depositBalanceMinor(3_000, 5_000)).toBe(0);
  });
});

describe("markUsedProblem", () => {
  it("needs a voucher ready to redeem and the shopper's confirmation", () => {
    expect(markUsedProblem(voucher("Ready to Redeem"), true, now)).toBeUndefined();
    expect(markUsedProblem(voucher("Ready to Redeem"), false, now)).toBe(MARK_USED_MESSAGES.confirm);
    expect(markUsedProblem(voucher("Redeemed"), true, now)).toBe(MARK_USED_MESSAGES.notReady);
    expect(markUsedProblem(voucher("Ready to Redeem", -1), true, now)).toBe(MARK_USED_MESSAGES.notReady);
  });
});

describe("redemptionInstructions", () => {
  it("tells a traveller to book and when documents come, and a local shopper to show the voucher", () => {
    const travel = redemptionInstructions({
      dealType: "travel",
      deliveryType: "none",
      bookingCalendarOnRedemption: false,
    });
    expect(travel.join(" ")).toContain("within 3 working days");
    const local = redemptionInstructions({
      dealType: "voucher",
      deliveryType: "none",
      bookingCalendarOnRedemption: true,
    });
    expect(local).toEqual([
      "Book your date with the merchant online, quoting your voucher code.",
      "Show this voucher (printed or on your phone) when you arrive.",
    ]);
  });
});

describe("returnProblem", () => {
  it("lets a shop item ready to redeem be returned, nothing else", () => {
    expect(returnProblem({ ...voucher("Ready to Redeem"), dealType: "product" }, now)).toBeUndefined();
    expect(returnProblem({ ...voucher("Ready to Redeem"), dealType: "voucher" }, now)).toBe(
      RETURN_MESSAGES.notShop,
    );
    expect(returnProblem({ ...voucher("Return Requested"), dealType: "product" }, now)).toBe(
      RETURN_MESSAGES.notReturnable,
    );
  });
});

describe("receiveReturnProblem", () => {
  const item = (status: VoucherStatus, fulfilmentStatus: FulfilmentStatus | null, guest: boolean) => ({
    status,
    fulfilmentStatus,
    guest,
  });

  it("receives a return the shopper posted back, guest or not", () => {
    expect(receiveReturnProblem(item("Return in Transit", "Delivered", false))).toBeUndefined();
    expect(receiveReturnProblem(item("Return in Transit", null, true))).toBeUndefined();
  });

  it("asks an account holder to post the return back first", () => {
    for (const status of VOUCHER_STATUSES.filter((s) => s !== "Return in Transit")) {
      expect(receiveReturnProblem(item(status, "Delivered", false))).toBe(
        RECEIVE_RETURN_MESSAGES.notInTransit,
      );
    }
  });

  it("receives a guest's item sent to them and still ready to redeem, nothing else", () => {
    expect(receiveReturnProblem(item("Ready to Redeem", "Dispatched", true))).toBeUndefined();
    expect(receiveReturnProblem(item("Ready to Redeem", "Delivered", true))).toBeUndefined();
    expect(receiveReturnProblem(item("Ready to Redeem", "Processing Order", true))).toBe(
      RECEIVE_RETURN_MESSAGES.notSent,
    );
    expect(receiveReturnProblem(item("Ready to Redeem", null, true))).toBe(RECEIVE_RETURN_MESSAGES.notSent);
    for (const status of ["Refunded", "Returned to the Merchant", "Redeemed", "Expired"] as const) {
      expect(receiveReturnProblem(item(status, "Delivered", true))).toBe(RECEIVE_RETURN_MESSAGES.notSent);
    }
  });
});
