import { BRANDS } from "@deals/domain/brand";
import { describe, expect, it } from "vitest";
import { accountMenu } from "./account-menu.ts";

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe("accountMenu", () => {
  it("offers refer a friend only on the Irish sites", () => {
    expect(labels(accountMenu(BRANDS["main-ie"], false))).toContain("Refer a friend");
    expect(labels(accountMenu(BRANDS["sister-ie"], false))).toContain("Refer a friend");
    expect(labels(accountMenu(BRANDS["main-uk"], false))).not.toContain("Refer a friend");
    expect(labels(accountMenu(BRANDS["sister-uk"], false))).not.toContain("Refer a friend");
  });

  it("shows VIP rewards only to VIP users", () => {
    expect(labels(accountMenu(BRANDS["main-uk"], true))).toContain("VIP rewards");
    expect(labels(accountMenu(BRANDS["main-uk"], false))).not.toContain("VIP rewards");
  });

  it("always links the account pages of this issue", () => {
    const hrefs = accountMenu(BRANDS["sister-uk"], false).map((item) => item.href);
    for (const page of ["profile", "password", "subscriptions", "delete"])
      expect(hrefs).toContain(`/myaccount/${page}`);
  });
});
