/**
 * VIP membership through the browser (product.md §1, §6 "VIP member"): a customer joins VIP
 * from the hub by card, then pays VIP prices and buys a VIP-only deal, and sees their rewards
 * and renewal; on an Irish site a customer starts the free trial in euros and cancels it in
 * one click. Every page passes axe.
 */
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { formatMoney } from "@deals/domain/money";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import {
  addToBasket,
  buyable,
  createAccount,
  type Deal,
  fillAddress,
  findDeals,
  goToCheckout,
  newEmail,
  PASSWORD,
  payByCard,
  summaryAmount,
  toConfirmation,
  VISA,
} from "./support/buying.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { siteUrl } from "./support/site.ts";

interface VipDeal extends Deal {
  price: number;
  vipPrice: number | null;
  display: { vipDiscountAllowed: boolean };
  products: (Deal["products"][number] & { price: number; vipPrice: number | null })[];
}

/** A voucher or shop product (no travel dates) every guard lets through but its VIP-only flag. */
const plainDeal = (deal: VipDeal) =>
  deal.dealType !== "travel" &&
  buyable({
    ...deal,
    vipExclusive: false,
    products: deal.products.map((p) => ({ ...p, vipExclusive: false })),
  });

async function signIn(tab: Page, brandId: BrandId, email: string): Promise<void> {
  await tab.goto(siteUrl("/login", brandId));
  await tab.getByLabel("Email address").fill(email);
  await tab.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await tab.getByRole("button", { name: "Sign in" }).click();
  await tab.waitForURL((url) => url.pathname === "/");
}

const vipCookie = async (tab: Page) => {
  const cookie = (await tab.context().cookies()).find((c) => c.name === "vip_membership");
  return cookie && decodeURIComponent(cookie.value);
};

describe("VIP membership", () => {
  const browser = useBrowser();

  test("a customer joins VIP by card, pays the VIP price and buys a VIP-only deal", async () => {
    const brand = BRANDS["main-uk"];
    const page = (path: string) => siteUrl(path, brand.id);
    const [vipOnly] = await findDeals(
      "/v1/deals/vip",
      1,
      (deal) => deal.vipExclusive && plainDeal(deal as VipDeal),
      brand.id,
    );
    const [vipPriced] = (await findDeals(
      "/v1/deals/vip",
      1,
      (deal) => {
        const d = deal as VipDeal;
        const product = d.products[0];
        return (
          !d.vipExclusive &&
          d.dealType === "voucher" &&
          plainDeal(d) &&
          d.products.length === 1 &&
          d.display.vipDiscountAllowed &&
          product?.vipPrice != null &&
          product.vipPrice < product.price
        );
      },
      brand.id,
    )) as VipDeal[];
    const email = newEmail("vip");
    await createAccount(brand.id, email, "Vera");
    const tab = await browser.newPage();
    await signIn(tab, brand.id, email);

    // Before joining: the deal says it is for members, and the header offers VIP with its icon.
    await tab.goto(page(vipOnly!.urlPath));
    await expectVisible(tab.getByText("For VIP members only."));
    const vipIcon = tab.locator('.site-nav a[href="/deals/vip"] svg');
    expect(await vipIcon.count()).toBeGreaterThan(0);

    await tab.goto(page("/deals/vip"));
    await expectVisible(tab.getByRole("heading", { name: `${brand.name} VIP` }));
    await expectVisible(tab.getByText("£4.99 a year"));
    expect(await seriousViolations(tab)).toEqual([]);
    await tab.getByLabel("Card number").fill(VISA);
    await tab.getByLabel("Expiry date (MM/YY)").fill("12/30");
    await tab.getByLabel("Security code").fill("123");
    await tab.getByRole("button", { name: "Pay £4.99 and join VIP" }).click();
    await expectVisible(tab.getByText("Welcome to VIP: VIP prices and VIP-only deals are yours."));
    expect(await vipCookie(tab)).toBe("VIP");
    await tab.goto(page("/deals/vip"));
    expect(await vipIcon.count()).toBe(0);

    // The VIP price is what the member is charged; the VIP-only deal is theirs to buy.
    await addToBasket(tab, vipPriced!, page);
    await goToCheckout(tab);
    await expect
      .poll(() => summaryAmount(tab, "items"))
      .toBe(formatMoney(vipPriced!.products[0]!.vipPrice!, brand.currency));
    await addToBasket(tab, vipOnly!, page);
    await goToCheckout(tab);
    await fillAddress(tab, "gb");
    await payByCard(tab, VISA);
    await toConfirmation(tab);
    await expectVisible(tab.getByText(vipOnly!.headline).first());

    await tab.goto(page("/myaccount/vip-rewards"));
    await expectVisible(tab.getByRole("heading", { level: 1, name: "VIP rewards" }));
    await expectVisible(tab.getByText(/^Renews on .* for £4\.99 a year/));
    const saved = (await tab.locator(".vip-rewards__facts dd").nth(1).textContent()) ?? "";
    expect(saved).not.toBe("£0.00");
    expect(await seriousViolations(tab)).toEqual([]);
  });

  test("on an Irish site a customer starts the free trial in euros and cancels it in one click", async () => {
    const brand = BRANDS["main-ie"];
    const page = (path: string) => siteUrl(path, brand.id);
    const email = newEmail("trial");
    await createAccount(brand.id, email, "Tara");
    const tab = await browser.newPage();
    await signIn(tab, brand.id, email);

    await tab.goto(page("/deals/vip"));
    await expectVisible(tab.getByText("€4.99 a year"));
    await tab.getByRole("button", { name: "Start a free 30-day trial" }).click();
    await expectVisible(tab.getByText("Your free VIP trial has started"));
    expect(await vipCookie(tab)).toBe("VIP");

    await tab.goto(page("/myaccount/vip-rewards"));
    await expectVisible(tab.getByText(/^Ends on .*; a free trial is never charged\./));
    expect(await seriousViolations(tab)).toEqual([]);
    await tab.getByRole("button", { name: "Cancel free trial" }).click();
    await expectVisible(tab.getByText("Your free trial has ended."));
    await expectVisible(tab.getByText("You are not a member at the moment."));
    expect(await vipCookie(tab)).toBe("Non - VIP");

    // The trial was the one: the hub now offers only the paid year, in euros.
    await tab.goto(page("/deals/vip"));
    await expectVisible(tab.getByRole("button", { name: "Pay €4.99 and join VIP" }));
    expect(await tab.getByRole("button", { name: /free .*trial/ }).count()).toBe(0);
    expect(await seriousViolations(tab)).toEqual([]);
  });
});
