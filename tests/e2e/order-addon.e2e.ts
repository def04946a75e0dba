/**
 * The second-checkout upsell, through the browser: a shopper pays keeping their card, follows
 * "Add more deals to your order" from the confirmation, and adds a deal in one click, paid
 * with the kept card; the new order's confirmation is addressed by its reference, and an old
 * link by the order's id still reaches it. Axe finds nothing serious.
 */
import { BRANDS } from "@deals/domain/brand";
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import {
  buyableVoucher,
  createAccount,
  fillAddress,
  findDeals,
  goToCheckout,
  newEmail,
  signInAtCheckout,
  toConfirmation,
  VISA,
} from "./support/buying.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { siteUrl } from "./support/site.ts";

const REFERENCE_PATH = /^\/order-confirmation\/[0-9A-F]{16}$/;

describe("order add-on", () => {
  const browser = useBrowser();

  test("from the confirmation, a deal is added and paid with the kept card in one click", async () => {
    const [deal] = await findDeals("/v1/deals/london", 1, buyableVoucher);
    const email = newEmail("addon");
    await createAccount("main-uk", email, "Ada");
    const tab = await browser.newPage();
    await tab.goto(siteUrl(deal!.urlPath));
    await tab.getByRole("button", { name: "Add to basket" }).click();
    await expectVisible(tab.getByRole("status").getByText("Added to your basket."));
    await goToCheckout(tab);
    await signInAtCheckout(tab, email);
    await fillAddress(tab, "gb");
    await tab.getByLabel("Card number").fill(VISA);
    await tab.getByLabel("Expiry date (MM/YY)").fill("12/30");
    await tab.getByLabel("Security code").fill("123");
    await tab.getByLabel("Save this card for next time").check();
    await tab.getByRole("button", { name: /^Pay / }).click();
    await toConfirmation(tab);
    expect(new URL(tab.url()).pathname).toMatch(REFERENCE_PATH);
    const first = ((await tab.locator("[data-order-id]").textContent()) ?? "").trim();

    await tab.getByRole("link", { name: "Add more deals to your order" }).click();
    await tab.waitForURL((url) => url.pathname === "/order-addon");
    await expectVisible(tab.getByRole("heading", { name: "Add to your order", level: 1 }));
    await expectVisible(tab.getByText(/paid with your Visa ending 1111/));
    expect(await seriousViolations(tab), "order add-on").toEqual([]);
    const offer = tab.locator(".buy-again__list > li").first();
    await offer.getByRole("button", { name: /^Add to my order for £/ }).click();
    await toConfirmation(tab);
    expect(new URL(tab.url()).pathname).toMatch(REFERENCE_PATH);
    await expectVisible(tab.getByRole("heading", { name: "Thank you for your order" }));
    const second = ((await tab.locator("[data-order-id]").textContent()) ?? "").trim();
    expect(second).not.toBe(first);
    expect(await tab.locator(".voucher__code").count()).toBe(1);

    // A link made before confirmations carried the reference still leads to the order.
    const byReference = await tab.request.get(siteUrl(`/v1/order/reference/${second}`), {
      headers: { brand: BRANDS["main-uk"].key, "country-code": BRANDS["main-uk"].countryCode },
    });
    expect(byReference.status()).toBe(200);
    const { productOrder } = (await byReference.json()) as { productOrder: { id: number } };
    await tab.goto(siteUrl(`/order-confirmation/${productOrder.id}`));
    expect(new URL(tab.url()).pathname).toBe(`/order-confirmation/${second}`);
  });
});
