import { describe, expect, it } from "vitest";
import {
  basketHasVipMembership,
  canSubscribe,
  isVipMembershipActive,
  isVipOptInType,
  SUBSCRIPTION_STATES,
  vipExclusiveLinesRefused,
  vipPricesApply,
  vipStatusLabel,
} from "./subscription.ts";

describe("canSubscribe", () => {
  const user = { email: "vip@example.com" };

  it("is allowed for a user in ELIGIBLE, RENEW or NOT_CHECKED", () => {
    expect(canSubscribe(user, "ELIGIBLE")).toBe(true);
    expect(canSubscribe(user, "RENEW")).toBe(true);
    expect(canSubscribe(user, "NOT_CHECKED")).toBe(true);
  });

  it("is refused when ACTIVE, without a user, or in an unknown state", () => {
    expect(canSubscribe(user, "ACTIVE")).toBe(false);
    expect(canSubscribe(undefined, "ELIGIBLE")).toBe(false);
    expect(canSubscribe(null, "RENEW")).toBe(false);
    expect(canSubscribe(user, "eligible")).toBe(false);
  });

  it("knows the four states", () => {
    expect(SUBSCRIPTION_STATES).toEqual(["ELIGIBLE", "ACTIVE", "RENEW", "NOT_CHECKED"]);
  });
});

describe("isVipOptInType", () => {
  it("matches types containing VIP-SUB-FREE-TRIAL or VIP-SUB-PAID-FLOW", () => {
    expect(isVipOptInType("CHECKOUT-VIP-SUB-FREE-TRIAL")).toBe(true);
    expect(isVipOptInType("VIP-SUB-PAID-FLOW-2")).toBe(true);
    expect(isVipOptInType("NEWSLETTER")).toBe(false);
    expect(isVipOptInType("vip-sub-paid-flow")).toBe(false);
    expect(isVipOptInType(undefined)).toBe(false);
  });
});

describe("VIP prices", () => {
  it("apply when VIP membership (VVE) is in the basket", () => {
    expect(basketHasVipMembership([{ addonType: "VVE", productId: 1, quantity: 1 }])).toBe(true);
    expect(vipPricesApply([{ addonType: "VVE", quantity: 1 }], false)).toBe(true);
  });

  it("apply when the customer is VIP", () => {
    expect(vipPricesApply([], true)).toBe(true);
  });

  it("do not apply otherwise", () => {
    expect(vipPricesApply(undefined, false)).toBe(false);
    expect(vipPricesApply([{ addonType: "DVP", quantity: 1 }], false)).toBe(false);
    expect(vipPricesApply([{ addonType: "VVE", quantity: 0 }], false)).toBe(false);
  });
});

describe("VIP-exclusive products", () => {
  const now = new Date("2025-06-15T12:00:00Z");

  it("need an active membership", () => {
    expect(isVipMembershipActive({ vipUser: true }, now)).toBe(true);
    expect(
      isVipMembershipActive({ vipUser: true, membershipExpiresAt: new Date("2025-06-16T00:00:00Z") }, now),
    ).toBe(true);
    expect(isVipMembershipActive({ vipUser: true, membershipExpiresAt: now }, now)).toBe(false);
    expect(isVipMembershipActive({ vipUser: false }, now)).toBe(false);
    expect(isVipMembershipActive(undefined, now)).toBe(false);
  });

  it("are refused from the basket without one", () => {
    const lines = [{ id: "a", vipExclusive: true }, { id: "b", vipExclusive: false }, { id: "c" }];
    expect(vipExclusiveLinesRefused(lines, false).map((l) => l.id)).toEqual(["a"]);
    expect(vipExclusiveLinesRefused(lines, true)).toEqual([]);
  });

  it("stores VIP status as VIP or Non - VIP", () => {
    expect(vipStatusLabel(true)).toBe("VIP");
    expect(vipStatusLabel(false)).toBe("Non - VIP");
  });
});
