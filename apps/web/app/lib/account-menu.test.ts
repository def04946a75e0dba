import { BRAND_IDS, BRANDS } from "@deals/domain/brand";
import { describe, expect, it } from "vitest";
import { accountMenu } from "./account-menu.ts";

describe("accountMenu", () => {
  it("links the account pages, wallet and club rewards included, on every brand", () => {
    for (const id of BRAND_IDS) {
      const hrefs = accountMenu(BRANDS[id], false).map((item) => item.href);
      for (const page of ["vouchers", "profile", "password", "subscriptions", "wallet", "rewards", "delete"])
        expect(hrefs).toContain(`/myaccount/${page}`);
    }
  });
});
