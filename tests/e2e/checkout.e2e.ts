/**
 * Buying, through the browser: a guest fills a basket from deal pages, signs in at checkout,
 * applies a promo code and pays by card; the confirmation and My vouchers show the vouchers.
 * A declined card keeps the basket for another try; an American Express card and Klarna for a
 * flagged subcategory are refused with the spec's reasons; a gift pack becomes gift wrap; a
 * click-and-collect item is switched to delivery and back, with and without JavaScript; wallet
 * credit lowers the total and shows on the confirmation; the Irish site pays in euros; the
 * basket works without JavaScript; axe finds nothing serious.
 */
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { KLARNA_BLOCKED_SUBCATEGORY_IDS } from "@deals/domain/constants";
import { formatMoney } from "@deals/domain/money";
import { beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import {
  AMEX,
  addToBasket,
  basketCount,
  buyable,
  buyableVoucher,
  createAccount,
  creditWallet,
  DECLINED,
  type Deal,
  dataLayerEvents,
  expectSummary,
  fillAddress,
  findDeals,
  goToCheckout,
  MASTERCARD,
  newEmail,
  payByCard,
  signInAtCheckout,
  summaryAmount,
  toConfirmation,
  VISA,
} from "./support/buying.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { apiGet, siteUrl } from "./support/site.ts";

/** A London deal in a subcategory that refuses Klarna (product.md §5 "Cart guards"). */
async function klarnaBlockedDeal(): Promise<Deal> {
  const { navigations } = await apiGet<{ navigations: { subNavigations: { id: number; url: string }[] }[] }>(
    "/v1/navigations?location=london",
  );
  const blocked = navigations
    .flatMap((item) => item.subNavigations)
    .filter((sub) => (KLARNA_BLOCKED_SUBCATEGORY_IDS as readonly number[]).includes(sub.id));
  for (const subcategory of blocked) {
    const open = (deal: Deal) => deal.open && !deal.soldOut && deal.products.some((p) => !p.soldOut);
    const [deal] = await findDeals(`/v1${subcategory.url}`, 1, open).catch(() => []);
    if (deal) return deal;
  }
  throw new Error("No London deal in a subcategory that refuses Klarna");
}

describe("basket, checkout and order", () => {
  const browser = useBrowser();
  const page = (path: string) => siteUrl(path);
  let twoDeals: Deal[];

  beforeAll(async () => {
    twoDeals = await findDeals("/v1/deals/london", 2, buyableVoucher);
  });

  test("a guest fills a basket, signs in at checkout, uses a promo code, pays by Visa and gets vouchers", async () => {
    const email = newEmail("buyer");
    await createAccount("main-uk", email, "Morgan");
    const tab = await browser.newPage();

    for (const [index, deal] of twoDeals.entries()) {
      await addToBasket(tab, deal, page);
      expect(await basketCount(tab)).toBe(String(index + 1));
    }
    await goToCheckout(tab);
    expect(await seriousViolations(tab), "guest checkout").toEqual([]);
    await expectVisible(tab.getByRole("heading", { name: "Express checkout" }));
    await signInAtCheckout(tab, email);

    await tab.getByLabel("Promo code", { exact: true }).fill("EXPIRED10");
    await tab.getByRole("button", { name: "Apply" }).click();
    const result = tab.locator(".promo-result");
    await expectVisible(result.getByText("This promo code has expired"));
    expect(await result.getAttribute("data-analytics-event")).toBe("promo_code_expired");
    await tab.getByLabel("Promo code", { exact: true }).fill("welcome10");
    await tab.getByRole("button", { name: "Apply" }).click();
    await expectVisible(result.getByText("Promo code applied"));
    expect(await result.getAttribute("data-analytics-event")).toBe("promo_code_successful");
    await expectSummary(tab, "discount").not.toBeNull();
    expect(await dataLayerEvents(tab)).toEqual(["promo_code_expired", "promo_code_successful"]);

    // The VIP upsell is offered, never ticked for the shopper.
    expect(await tab.getByLabel(/Add one year of VIP membership for £4.99/).isChecked()).toBe(false);
    await fillAddress(tab, "gb");
    expect(await seriousViolations(tab), "checkout").toEqual([]);
    await payByCard(tab, VISA);

    await tab.waitForURL((url) => url.pathname.startsWith("/order-confirmation/"), { timeout: 15_000 });
    await expectVisible(tab.getByRole("heading", { name: "Thank you for your order" }));
    await expectVisible(tab.getByRole("status").getByText("Payment successful"));
    await expectVisible(tab.getByText("Visa", { exact: true }));
    const orderNumber = (await tab.locator("[data-order-id]").textContent()) ?? "";
    const codes = await tab.locator(".voucher__code").allTextContents();
    expect(codes).toHaveLength(2);
    await expectVisible(tab.getByText("Ready to Redeem").first());
    expect(await basketCount(tab)).toBe("0");
    expect(await seriousViolations(tab), "confirmation").toEqual([]);

    await tab.goto(page("/myaccount/vouchers"));
    for (const code of codes) {
      const voucher = tab.getByRole("listitem").filter({ hasText: code });
      await expectVisible(voucher.getByText("Ready to Redeem").first());
      await expectVisible(voucher.getByText(orderNumber, { exact: true }));
    }
    expect(await seriousViolations(tab), "my vouchers").toEqual([]);
  });

  test("a declined card keeps the basket; a MasterCard then pays; an American Express card is refused", async () => {
    const email = newEmail("declined");
    await createAccount("main-uk", email, "Riley");
    const tab = await browser.newPage();
    await addToBasket(tab, twoDeals[0]!, page);
    await goToCheckout(tab);
    await signInAtCheckout(tab, email);
    await fillAddress(tab, "gb");

    // Refused as the field is left, and again if paid anyway.
    await tab.getByLabel("Card number").fill(AMEX);
    await tab.getByLabel("Expiry date (MM/YY)").focus();
    await expectVisible(tab.getByText("Only Visa and MasterCard are accepted"));
    await payByCard(tab, AMEX);
    const summary = tab.getByRole("alert").filter({ hasText: "There is a problem" });
    await expectVisible(
      summary.getByRole("link", { name: "Card number: Only Visa and MasterCard are accepted" }),
    );
    expect(await tab.evaluate(() => document.activeElement?.classList.contains("error-summary"))).toBe(true);

    await payByCard(tab, DECLINED);
    const failed = tab.getByRole("alert").filter({ hasText: "Payment failed" });
    await expectVisible(failed.getByText("Your card was declined."), 15_000);
    expect(await basketCount(tab)).toBe("1");

    await payByCard(tab, MASTERCARD);
    await tab.waitForURL((url) => url.pathname.startsWith("/order-confirmation/"), { timeout: 15_000 });
    await expectVisible(tab.getByText("MasterCard", { exact: true }));
  });

  test("Klarna is not offered for a deal in a flagged subcategory, with the reason", async () => {
    const deal = await klarnaBlockedDeal();
    const tab = await browser.newPage();
    await addToBasket(tab, deal, page);
    await goToCheckout(tab);
    const klarna = tab.locator('.payment-refused [data-payment-method="klarna"]');
    await expectVisible(klarna.getByText("This payment method is not available for a deal in your basket."));
    expect(await tab.getByRole("radio", { name: "Klarna" }).count()).toBe(0);
  });

  test("a gift pack is added, then switched to gift wrap", async () => {
    const [deal] = await findDeals(
      "/v1/deals/london",
      1,
      (d) => buyableVoucher(d) && d.products.every((p) => p.adminFee > 0),
    );
    const tab = await browser.newPage();
    await addToBasket(tab, deal!, page);
    await tab.goto(page("/basket"));

    await tab.getByLabel(/Standard delivery gift pack/).check();
    await tab.getByRole("button", { name: "Save gift options" }).click();
    await expectVisible(tab.locator(".toasts").getByText("Gift Pack Added"));
    await expectSummary(tab, "giftPacks").not.toBeNull();

    await tab.getByLabel(/Gift wrap/).check();
    await tab.getByRole("button", { name: "Save gift options" }).click();
    await expectVisible(tab.locator(".toasts").getByText("Gift Wrap Added"));
    await expectSummary(tab, "giftPacks").toBeNull();
    await expectSummary(tab, "giftWrap").not.toBeNull();
    expect(await seriousViolations(tab), "basket").toEqual([]);
  });

  test("a click-and-collect item is switched to delivery without JavaScript, and back with it", async () => {
    const [deal] = await findDeals(
      "/v1/deals/national-deal",
      1,
      // Whichever product the deal page adds, its postage is the deal's.
      (d) =>
        buyable(d) &&
        d.deliveryType === "collection" &&
        new Set(d.products.map((p) => p.postagePrice)).size === 1,
      "main-uk",
      (card) => card.display?.clickAndCollectDeal === true,
    );
    const postage = deal!.products[0]!.postagePrice;
    const deliveryLabel = postage > 0 ? `Delivery: ${formatMoney(postage, "GBP")} postage` : "Delivery: free";
    const tab = await browser.newPage();
    await addToBasket(tab, deal!, page);

    await tab.route("**/*.js", (route) => route.abort());
    await tab.goto(page("/basket"));
    const choice = tab.getByRole("group", { name: "How would you like to get it?" });
    expect(await choice.getByLabel("Click and collect: free").isChecked()).toBe(true);
    expect(await summaryAmount(tab, "postage")).toBeNull();
    await choice.getByLabel(deliveryLabel).check();
    await tab.getByRole("button", { name: "Save delivery choice" }).click();
    await tab.waitForURL((url) => url.pathname === "/basket");
    expect(await choice.getByLabel(deliveryLabel).isChecked()).toBe(true);
    expect(await summaryAmount(tab, "postage")).toBe(formatMoney(postage, "GBP"));
    expect(await seriousViolations(tab), "basket with a delivery choice").toEqual([]);

    // Delivered: the checkout asks for the whole address.
    await tab.getByRole("link", { name: "Go to checkout" }).click();
    await tab.waitForURL((url) => url.pathname.startsWith("/checkout/"));
    const items = tab.getByRole("region", { name: "Your items" });
    await expectVisible(items.getByText("Delivery", { exact: true }));
    expect(await tab.locator('label[for="addressLine1"]').textContent()).toBe("Address line 1");

    // With JavaScript, choosing saves at once.
    await tab.unrouteAll();
    await tab.goto(page("/basket"));
    await tab.getByRole("button", { name: "Save delivery choice" }).waitFor({ state: "detached" });
    const saved = tab.waitForResponse(
      (response) => response.url().includes("/basket.data") && response.request().method() === "POST",
    );
    await choice.getByLabel("Click and collect: free").check();
    await saved;
    await expectSummary(tab, "postage").toBeNull();
    await tab.reload();
    expect(await choice.getByLabel("Click and collect: free").isChecked()).toBe(true);
    await tab.getByRole("link", { name: "Go to checkout" }).click();
    await expectVisible(tab.getByRole("region", { name: "Your items" }).getByText("Click and collect"));
    expect(await tab.locator('label[for="addressLine1"]').textContent()).toBe("Address line 1 (optional)");
  });

  test("wallet credit lowers the total at checkout and shows on the confirmation", async () => {
    const [deal] = await findDeals(
      "/v1/deals/london",
      1,
      (d) => buyableVoucher(d) && d.products[0]!.totalPrice > 1_000,
    );
    const email = newEmail("wallet");
    await createAccount("main-uk", email, "Robin");
    await creditWallet("main-uk", email, 500);
    const tab = await browser.newPage();
    await addToBasket(tab, deal!, page);
    await goToCheckout(tab);
    await signInAtCheckout(tab, email);

    const total = deal!.products[0]!.totalPrice;
    expect(await summaryAmount(tab, "wallet")).toBeNull();
    expect(await summaryAmount(tab, "totalOrderAmount")).toBe(formatMoney(total, "GBP"));
    await tab.getByLabel("Use my wallet credit (£5 available)").check();
    await expectSummary(tab, "wallet").toBe("-£5");
    expect(await summaryAmount(tab, "totalOrderAmount")).toBe(formatMoney(total - 500, "GBP"));
    await expectVisible(tab.getByRole("status").getByText("£5 of your credit is used on this order."));
    await expectVisible(tab.getByRole("button", { name: `Pay ${formatMoney(total - 500, "GBP")}` }));
    expect(await seriousViolations(tab), "checkout with wallet credit").toEqual([]);

    await fillAddress(tab, "gb");
    await payByCard(tab, VISA);
    await toConfirmation(tab);
    await expectVisible(tab.getByRole("heading", { name: "Thank you for your order" }));
    const walletUsed = tab
      .locator("dt", { hasText: "Wallet credit used" })
      .locator("xpath=following-sibling::dd[1]");
    expect(await walletUsed.textContent()).toBe("£5");
    expect(await summaryAmount(tab, "wallet")).toBe("-£5");
    expect(await summaryAmount(tab, "totalOrderAmount")).toBe(formatMoney(total - 500, "GBP"));
  });

  test("the Irish site pays in euros", async () => {
    const brandId: BrandId = "main-ie";
    const irish = (path: string) => siteUrl(path, brandId);
    const [deal] = await findDeals(
      `/v1/deals/${BRANDS[brandId].defaultLocation}`,
      1,
      buyableVoucher,
      brandId,
    );
    const email = newEmail("irish");
    await createAccount(brandId, email, "Aoife");
    const tab = await browser.newPage();
    await addToBasket(tab, deal!, irish);
    await goToCheckout(tab);
    await signInAtCheckout(tab, email);
    expect(await summaryAmount(tab, "totalOrderAmount")).toMatch(/^€/);
    await fillAddress(tab, "ie");
    await payByCard(tab, VISA);
    await tab.waitForURL((url) => url.pathname.startsWith("/order-confirmation/"), { timeout: 15_000 });
    await expectVisible(tab.getByRole("heading", { name: "Thank you for your order" }));
    expect(await summaryAmount(tab, "totalOrderAmount")).toMatch(/^€/);
  });

  test("the basket changes quantity and removes a line without JavaScript", async () => {
    const tab = await browser.newPage();
    await addToBasket(tab, twoDeals[0]!, page);
    await addToBasket(tab, twoDeals[1]!, page);
    await tab.route("**/*.js", (route) => route.abort());
    await tab.goto(page("/basket"));
    const first = tab.getByRole("listitem").filter({ hasText: twoDeals[0]!.headline }).first();
    await first.getByLabel("Quantity").selectOption("2");
    await first.getByRole("button", { name: "Update" }).click();
    await tab.waitForURL((url) => url.pathname === "/basket");
    expect(await basketCount(tab)).toBe("3");
    await first.getByRole("button", { name: /^Remove/ }).click();
    await tab.waitForURL((url) => url.pathname === "/basket");
    expect(await basketCount(tab)).toBe("1");
  });

  test("on the deal page the count goes up at once, and back down when the add fails", async () => {
    const tab = await browser.newPage();
    await addToBasket(tab, twoDeals[0]!, page);
    await tab.goto(page(twoDeals[1]!.urlPath));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await tab.route("**/basket/add", async (route) => {
      await held;
      await route.abort();
    });
    await tab.getByRole("button", { name: "Add to basket" }).click();
    await expect.poll(() => basketCount(tab)).toBe("2");
    release();
    await expectVisible(
      tab
        .getByRole("status")
        .getByText("Oops! Something went wrong. Please try again or click Add to Basket."),
    );
    expect(await basketCount(tab)).toBe("1");
  });

  test("with JavaScript, quantity and remove show at once, and a refused change rolls back", async () => {
    const tab = await browser.newPage();
    await addToBasket(tab, twoDeals[0]!, page);
    await addToBasket(tab, twoDeals[1]!, page);
    await tab.goto(page("/basket"));
    const line = (deal: Deal) => tab.getByRole("listitem").filter({ hasText: deal.headline }).first();
    const first = line(twoDeals[0]!);
    // Hydrated: the form no longer needs its own button.
    await first.getByRole("button", { name: "Update" }).waitFor({ state: "detached" });

    // The basket's answer is held back: the change shows before it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await tab.route("**/basket.data*", async (route) => {
      await held;
      await route.continue();
    });
    await first.getByLabel("Quantity").selectOption("2");
    await expect.poll(() => basketCount(tab)).toBe("3");
    expect(await first.getByLabel("Quantity").inputValue()).toBe("2");
    release();
    await expectVisible(first.getByText(/^Total for this item: £/));
    await tab.unrouteAll();

    // More than the cap allows: refused by the basket, so the line and the count go back.
    await first.getByLabel("Quantity").evaluate((select) => {
      select.append(new Option("999", "999"));
    });
    await first.getByLabel("Quantity").selectOption("999");
    await expectVisible(first.getByRole("alert").getByText("Max quantity reached."));
    expect(await first.getByLabel("Quantity").inputValue()).toBe("2");
    expect(await basketCount(tab)).toBe("3");

    await line(twoDeals[1]!)
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect.poll(() => line(twoDeals[1]!).count()).toBe(0);
    await expect.poll(() => basketCount(tab)).toBe("2");
    // product.md §4 "Basket": removing a line fires cart_remove_item.
    await expect.poll(() => dataLayerEvents(tab)).toContain("cart_remove_item");
  });

  test("checkout without a token says so; an unusable basket starts a new one", async () => {
    const tab = await browser.newPage();
    const missing = await tab.goto(page("/checkout"));
    expect(missing?.status()).toBe(400);
    await expectVisible(tab.getByText("No token provided"));

    await tab.goto(page("/checkout/no-such-basket-token-anywhere"));
    await tab.waitForURL(
      (url) => /^\/checkout\/[\w-]{11,}$/.test(url.pathname) && !url.pathname.includes("no-such"),
    );
    await expectVisible(tab.getByRole("heading", { name: "Checkout" }));
  });
});
