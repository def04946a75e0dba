/**
 * The second-checkout upsell, through the browser: a shopper pays keeping their card, follows
 * "Add more deals to your order" from the confirmation, and adds a deal in one click, paid
 * with the kept card; the new order's confirmation is addressed by its reference, and an old
 * link by the order's id still reaches it. On the Irish site, in euros, an order paid with a
 * card not kept is never added to with the customer's kept card: the page says so and the deal
 * goes to the basket once, however often it is clicked. Axe finds nothing serious.
 */
import { BRANDS } from "@deals/domain/brand";
import { ORDER_ADDON_MESSAGES } from "@deals/domain/order-addon";
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import {
  addToBasket,
  buyableVoucher,
  createAccount,
  fillAddress,
  findDeals,
  goToCheckout,
  MASTERCARD,
  newEmail,
  payByCard,
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

  test("an order paid with a card not kept goes through checkout, not the kept card, and a double click adds once", async () => {
    const at = (path: string) => siteUrl(path, "main-ie");
    const [first, second] = await findDeals("/v1/deals/dublin", 2, buyableVoucher, "main-ie");
    const email = newEmail("addon-ie");
    await createAccount("main-ie", email, "Siobhan");
    const tab = await browser.newPage();
    // The first order keeps the Visa (the default from then on).
    await addToBasket(tab, first!, at);
    await goToCheckout(tab);
    await signInAtCheckout(tab, email);
    await fillAddress(tab, "ie");
    await tab.getByLabel("Card number").fill(VISA);
    await tab.getByLabel("Expiry date (MM/YY)").fill("12/30");
    await tab.getByLabel("Security code").fill("123");
    await tab.getByLabel("Save this card for next time").check();
    await tab.getByRole("button", { name: /^Pay / }).click();
    await toConfirmation(tab);

    // The second is paid with a Mastercard not kept.
    await addToBasket(tab, second!, at);
    await goToCheckout(tab);
    await tab.getByRole("radio", { name: "Debit or credit card (Visa or MasterCard)" }).check();
    await fillAddress(tab, "ie");
    await payByCard(tab, MASTERCARD);
    await toConfirmation(tab);

    await tab.getByRole("link", { name: "Add more deals to your order" }).click();
    await tab.waitForURL((url) => url.pathname === "/order-addon");
    await expectVisible(tab.getByText(ORDER_ADDON_MESSAGES.notKept));
    expect(await tab.getByText(/Visa ending 1111/).count()).toBe(0);
    expect(await seriousViolations(tab), "order add-on through checkout").toEqual([]);
    const offer = tab.locator(".buy-again__list > li").first();
    await expectVisible(offer.getByText(/€\d/));
    await offer.getByRole("button", { name: "Add and pay at checkout" }).dblclick();
    await tab.waitForURL((url) => url.pathname.startsWith("/checkout/"));
    // A retry from the page (new keys, as after going back) adds nothing more either.
    await tab.goBack();
    await tab.waitForURL((url) => url.pathname === "/order-addon");
    await tab
      .locator(".buy-again__list > li")
      .first()
      .getByRole("button", { name: "Add and pay at checkout" })
      .click();
    await tab.waitForURL((url) => url.pathname.startsWith("/checkout/"));

    await tab.goto(at("/basket"));
    const lines = tab.locator("ul.basket-lines > li");
    await expectVisible(lines.first());
    expect(await lines.count()).toBe(1);
    expect(await lines.first().getByLabel("Quantity").inputValue()).toBe("1");
  });
});
