import { BRAND_IDS, BRANDS } from "@deals/domain/brand";
import { describe, expect, it } from "vitest";
import { accountMenu } from "./account-menu.ts";

const hrefs = (id: (typeof BRAND_IDS)[number], vipUser: boolean) =>
  accountMenu(BRANDS[id], vipUser).map((item) => item.href);

describe("accountMenu", () => {
  it("links the savings dashboard first, then the account pages, wallet and club rewards included, on every brand", () => {
    for (const id of BRAND_IDS) {
      for (const page of ["vouchers", "profile", "password", "subscriptions", "wallet", "rewards", "delete"])
        expect(hrefs(id, false)).toContain(`/myaccount/${page}`);
      expect(hrefs(id, false)[0]).toBe("/insights");
    }
  });

  it("has refer a friend on the Irish variants only", () => {
    expect(BRAND_IDS.filter((id) => hrefs(id, false).includes("/myaccount/refer-a-friend"))).toEqual([
      "main-ie",
      "sister-ie",
    ]);
  });

  it("shows VIP rewards to VIP users only, on every brand", () => {
    for (const id of BRAND_IDS) {
      expect(hrefs(id, true)).toContain("/myaccount/vip-rewards");
      expect(hrefs(id, false)).not.toContain("/myaccount/vip-rewards");
      const labels = accountMenu(BRANDS[id], true).map((item) => item.label);
      expect(labels).toContain("VIP rewards");
    }
  });
});
