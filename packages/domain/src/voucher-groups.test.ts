import { describe, expect, it } from "vitest";
import type { VoucherState, VoucherStatus } from "./voucher.ts";
import { countByGroup, daysLeft, EXPIRING_SOON_DAYS, expiresSoon, voucherGroup } from "./voucher-groups.ts";

const DAY_MS = 86_400_000;
const now = new Date("2026-11-26T12:00:00Z");
const voucher = (status: VoucherStatus, days: number): VoucherState => ({
  status,
  expiresAt: new Date(now.getTime() + days * DAY_MS),
});

describe("voucherGroup", () => {
  it("puts each status in the group the shopper reads it as", () => {
    expect(voucherGroup(voucher("Ready to Redeem", 30), now)).toBe("Available");
    expect(voucherGroup(voucher("Ready to Redeem", -1), now)).toBe("Expired");
    expect(voucherGroup(voucher("Booked", 30), now)).toBe("Redeemed");
    expect(voucherGroup(voucher("Return in Transit", 30), now)).toBe("In progress");
    expect(voucherGroup(voucher("Refunded", 30), now)).toBe("Refunded");
  });
});

describe("expiresSoon", () => {
  it("is an available voucher within the first reminder's window", () => {
    expect(EXPIRING_SOON_DAYS).toBe(14);
    expect(expiresSoon(voucher("Ready to Redeem", 14), now)).toBe(true);
    expect(expiresSoon(voucher("Ready to Redeem", 14.01), now)).toBe(false);
    expect(expiresSoon(voucher("Redeemed", 2), now)).toBe(false);
    expect(expiresSoon(voucher("Ready to Redeem", -1), now)).toBe(false);
  });
});

describe("daysLeft", () => {
  it("counts a part day as a day, and nothing once expired", () => {
    expect(daysLeft(new Date(now.getTime() + 2.5 * DAY_MS), now)).toBe(3);
    expect(daysLeft(new Date(now.getTime() + DAY_MS), now)).toBe(1);
    expect(daysLeft(new Date(now.getTime() - DAY_MS), now)).toBe(0);
  });
});

describe("countByGroup", () => {
  it("lists every group in order, empty ones too", () => {
    const counts = countByGroup(
      [voucher("Ready to Redeem", 5), voucher("Ready to Redeem", 50), voucher("Redeemed", 5)],
      now,
    );
    expect(counts).toEqual([
      { group: "Available", count: 2 },
      { group: "Redeemed", count: 1 },
      { group: "In progress", count: 0 },
      { group: "Expired", count: 0 },
      { group: "Refunded", count: 0 },
    ]);
  });
});
