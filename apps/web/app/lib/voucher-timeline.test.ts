import { describe, expect, it } from "vitest";
import { voucherTimeline } from "./voucher-timeline.ts";

const voucher = { createdAt: "2026-06-15T10:00:00Z", expiresAt: "2027-06-15T10:00:00Z" };

describe("voucherTimeline", () => {
  it("shows when it was ordered, that it is ready, and the date to redeem it by", () => {
    expect(voucherTimeline({ ...voucher, status: "Ready to Redeem" }, "en-GB")).toEqual([
      { label: "Ordered", date: "15 June 2026", state: "done" },
      { label: "Ready to Redeem", date: null, state: "current" },
      { label: "Redeem by", date: "15 June 2027", state: "upcoming" },
    ]);
  });

  it("ends at a status after which there is nothing left to do, with the status's note", () => {
    expect(voucherTimeline({ ...voucher, status: "Redeemed" }, "en-GB").map((s) => s.label)).toEqual([
      "Ordered",
      "Redeemed",
    ]);
    const booked = voucherTimeline({ ...voucher, status: "Booked" }, "en-IE")[1];
    expect(booked?.note).toMatch(/within 3 working days/);
  });
});

describe("voucherTimeline with its history", () => {
  it("dates each status reached and names the current one once", () => {
    const steps = voucherTimeline(
      {
        ...voucher,
        status: "Refunded",
        timeline: [
          { status: "Request Processed", note: "I no longer need it", at: "2026-06-20T10:00:00Z" },
          { status: "Refunded", note: "£10.00 to your original payment method", at: "2026-06-20T10:00:01Z" },
        ],
      },
      "en-GB",
    );
    expect(steps).toEqual([
      { label: "Ordered", date: "15 June 2026", state: "done" },
      { label: "Request Processed", date: "20 June 2026", state: "done", note: "I no longer need it" },
      {
        label: "Refunded",
        date: "20 June 2026",
        state: "current",
        note: "£10.00 to your original payment method",
      },
    ]);
    expect(steps.filter((s) => s.label === "Refunded")).toHaveLength(1);
  });
});
