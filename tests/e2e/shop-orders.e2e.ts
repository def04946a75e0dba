/**
 * Shop orders after purchase, moved on by the merchant through the merchant fulfilment API.
 * On the Irish sister site, in euros, a shopper with an account follows their item in My
 * vouchers as the merchant dispatches it (courier, delivery estimate and, as the merchant
 * allows, the tracking number) and delivers it; they ask to return it and post it back, and see
 * it returned to the merchant and refunded to their card. On the UK sister site a guest, who has
 * no account to ask from, sends their item back and is refunded once, to the payment they used.
 * Axe finds nothing serious.
 */
import type { BrandId } from "@deals/domain/brand";
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
  payByCard,
  signInAtCheckout,
  toConfirmation,
  VISA,
} from "./support/buying.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { merchantStep } from "./support/merchant.ts";
import { siteUrl } from "./support/site.ts";

const shopItem = (deal: Deal) => buyable(deal) && deal.dealType === "product";
const voucherCard = (tab: Page, code: string) => tab.locator(`li.voucher[data-voucher-code="${code}"]`);
/** A fact of the voucher card's list (Delivery, Courier, Tracking number...). */
const fact = (card: ReturnType<typeof voucherCard>, term: string) =>
  card.locator(`dt:text-is("${term}") + dd`);
const timelineSteps = (card: ReturnType<typeof voucherCard>) =>
  card.locator("ol.timeline > li > span:first-child").allTextContents();

describe("shop orders after purchase", () => {
  const browser = useBrowser();

  test("an account holder follows dispatch, delivery, a return and its refund in My vouchers, in euros", async () => {
    const brandId: BrandId = "sister-ie";
    const at = (path: string) => siteUrl(path, brandId);
    const [deal] = (await findDeals("/v1/deals/national-deal", 1, shopItem, brandId)) as [Deal];
    const email = newEmail("shop");
    await createAccount(brandId, email, "Aoife");
    const tab = await browser.newPage();
    await addToBasket(tab, deal, at);
    await goToCheckout(tab);
    await signInAtCheckout(tab, email);
    await fillAddress(tab, "ie");
    await payByCard(tab, VISA);
    await toConfirmation(tab);
    const code = ((await tab.locator(".voucher__code").first().textContent()) ?? "").trim();

    await tab.goto(at("/myaccount/vouchers"));
    const card = voucherCard(tab, code);
    await expectVisible(card.getByRole("heading", { name: deal.headline }));
    expect(await fact(card, "Delivery").textContent()).toBe("Processing Order");
    const printPath = await card.getByRole("link", { name: `Print voucher ${code}` }).getAttribute("href");
    const voucherId = Number(/\/vouchers\/(\d+)\//.exec(printPath ?? "")?.[1]);
    expect(voucherId).toBeGreaterThan(0);

    const expected = new Date(Date.now() + 3 * 86_400_000);
    await merchantStep(brandId, deal.business.id, voucherId, "dispatch", {
      courier: "An Post",
      trackingNumber: "CE123456789IE",
      deliveryEstimate: expected.toISOString(),
      showTrackingToCustomer: true,
    });
    await tab.reload();
    expect(await fact(card, "Delivery").textContent()).toBe("Dispatched");
    expect(await fact(card, "Courier").textContent()).toBe("An Post");
    expect(await fact(card, "Tracking number").textContent()).toBe("CE123456789IE");
    expect(await fact(card, "Expected by").count()).toBe(1);
    await expectVisible(card.getByText(/Sent with An Post, tracking number CE123456789IE/));

    await merchantStep(brandId, deal.business.id, voucherId, "delivered");
    await tab.reload();
    expect(await fact(card, "Delivery").textContent()).toBe("Delivered");
    expect(await timelineSteps(card)).toEqual(expect.arrayContaining(["Ordered", "Dispatched", "Delivered"]));
    expect(await seriousViolations(tab), "my vouchers, delivered").toEqual([]);

    // The shopper asks to return it, with a reason, then posts it back.
    await card.getByLabel("Why are you returning it?").selectOption({ index: 1 });
    await card.getByRole("button", { name: "Return this item" }).click();
    await expectVisible(tab.getByRole("status").getByText("return requested"));
    await voucherCard(tab, code).getByRole("button", { name: "I've sent it back" }).click();
    await expectVisible(tab.getByRole("status").getByText("on its way back"));
    await expect
      .poll(() => timelineSteps(voucherCard(tab, code)))
      .toEqual(expect.arrayContaining(["Return Requested", "Return in Transit"]));

    // The merchant receives it: returned, and refunded to the card in euros.
    const received = await merchantStep(brandId, deal.business.id, code, "return-received");
    expect(received.status).toBe("Refunded");
    await tab.goto(at("/myaccount/vouchers"));
    const refunded = voucherCard(tab, code);
    const steps = await timelineSteps(refunded);
    expect(steps.slice(-4)).toEqual([
      "Return Requested",
      "Return in Transit",
      "Returned to the Merchant",
      "Refunded",
    ]);
    expect(steps.filter((s) => s === "Refunded")).toHaveLength(1);
    await expectVisible(refunded.getByText(/€[\d.,]+ to your original payment method/));
    expect(await refunded.getByRole("button", { name: "Return this item" }).count()).toBe(0);
    expect(await seriousViolations(tab), "my vouchers, refunded").toEqual([]);
  });

  test("a guest's item received back by the merchant is refunded once, to the payment they used", async () => {
    const brandId: BrandId = "sister-uk";
    const at = (path: string) => siteUrl(path, brandId);
    const [deal] = (await findDeals("/v1/deals/national-deal", 1, shopItem, brandId)) as [Deal];
    const email = newEmail("guest-return");
    const tab = await browser.newPage();
    await addToBasket(tab, deal, at);
    await goToCheckout(tab);
    await tab.getByLabel("Email address for your order").fill(email);
    await fillAddress(tab, "gb");
    await tab
      .getByRole("region", { name: "Express checkout" })
      .getByRole("radio", { name: "Google Pay" })
      .check();
    await tab.getByRole("button", { name: /^Pay / }).click();
    await toConfirmation(tab);
    await expectVisible(tab.getByText("Google Pay", { exact: true }));
    const code = ((await tab.locator(".voucher__code").first().textContent()) ?? "").trim();
    expect(await seriousViolations(tab), "guest confirmation").toEqual([]);

    // The guest arranges the return with the merchant; the merchant names the voucher by its code.
    await merchantStep(brandId, deal.business.id, code, "dispatch", {
      courier: "Royal Mail",
      trackingNumber: "RM1",
    });
    await merchantStep(brandId, deal.business.id, code, "delivered");
    const received = await Promise.all([
      merchantStep(brandId, deal.business.id, code, "return-received"),
      merchantStep(brandId, deal.business.id, code, "return-received"),
    ]);
    expect(received.map((r) => r.status)).toContain("Refunded");
    expect((await merchantStep(brandId, deal.business.id, code, "return-received")).status).toBe("Refunded");

    // One refund email, saying the money went back to the payment used, in pounds.
    const mailbox = await (await fetch(siteUrl(`/dev/mailbox.json?to=${encodeURIComponent(email)}`))).json();
    const refunds = (mailbox.emails as { subject: string; text: string }[]).filter((e) =>
      e.subject.startsWith("Your refund for"),
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.text).toContain(code);
    expect(refunds[0]!.text).toMatch(/Refunded: £[\d.,]+ to your original payment method/);
  });
});
