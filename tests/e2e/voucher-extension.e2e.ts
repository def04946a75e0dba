/**
 * Extending a voucher, through the browser on the Irish site in euros: a shopper buys a
 * voucher, and ten days before it expires My vouchers offers "Extend"; the landing page states
 * the fee and the new expiry, the extension is paid at checkout like any order, and the
 * voucher shows its new expiry and "Extended" in its timeline. Without a product order id the
 * landing page says the spec's message. Axe finds nothing serious.
 */
import type { BrandId } from "@deals/domain/brand";
import { BRANDS } from "@deals/domain/brand";
import { longDate } from "@deals/domain/long-date";
import { EXTENSION_DAYS, EXTENSION_MESSAGES } from "@deals/domain/voucher-extension";
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
  payByCard,
  signInAtCheckout,
  toConfirmation,
  VISA,
} from "./support/buying.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { siteUrl } from "./support/site.ts";

const brandId: BrandId = "main-ie";
const irish = (path: string) => siteUrl(path, brandId);
const DAY = 86_400_000;

describe("voucher extension", () => {
  const browser = useBrowser();

  test("a voucher near expiry is extended for a fee paid at checkout, and shows its new expiry", async () => {
    const [deal] = await findDeals(
      `/v1/deals/${BRANDS[brandId].defaultLocation}`,
      1,
      buyableVoucher,
      brandId,
    );
    const email = newEmail("extend");
    await createAccount(brandId, email, "Orla");
    const tab = await browser.newPage();
    await tab.goto(irish(deal!.urlPath));
    await tab.getByRole("button", { name: "Add to basket" }).click();
    await expectVisible(tab.getByRole("status").getByText("Added to your basket."));
    await goToCheckout(tab);
    await signInAtCheckout(tab, email);
    await fillAddress(tab, "ie");
    await payByCard(tab, VISA);
    await toConfirmation(tab);
    const code = ((await tab.locator(".voucher__code").first().textContent()) ?? "").trim();

    // Fresh vouchers are too new to extend: My vouchers offers nothing yet.
    await tab.goto(irish("/myaccount/vouchers"));
    const card = tab.locator(`li.voucher[data-voucher-code="${code}"]`);
    await expectVisible(card);
    expect(await card.getByRole("link", { name: `Extend voucher ${code}` }).count()).toBe(0);

    // Ten days before it expires, it can be extended.
    const moved = await fetch(siteUrl("/dev/voucher-expiry"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code, expiresInDays: 10 }),
    });
    expect(moved.status).toBe(200);
    const { expiresAt } = (await moved.json()) as { expiresAt: string };
    const newExpiry = longDate(
      new Date(new Date(expiresAt).getTime() + EXTENSION_DAYS * DAY).toISOString(),
      BRANDS[brandId].locale,
    );
    await tab.reload();
    await card.getByRole("link", { name: `Extend voucher ${code}` }).click();
    await tab.waitForURL((url) => url.pathname === "/extend");
    await expectVisible(tab.getByRole("heading", { name: "Extend your voucher", level: 1 }));
    expect(await tab.locator("[data-new-expiry]").textContent()).toBe(newExpiry);
    const fee = (await tab.locator("[data-fee]").textContent()) ?? "";
    expect(fee).toMatch(/^€\d+(\.\d\d)?$/);
    expect(await seriousViolations(tab), "extend landing").toEqual([]);

    // Paid at checkout like any order, the fee named in the summary.
    await tab.getByRole("button", { name: `Extend for ${fee}` }).press("Enter");
    await tab.waitForURL((url) => url.pathname.startsWith("/checkout/"));
    await expectVisible(tab.getByText(`Validity extension: ${deal!.headline} (voucher ${code})`).first());
    await expect
      .poll(() => tab.locator('.order-summary [data-summary="extension"] td').first().textContent())
      .toBe(fee);
    await fillAddress(tab, "ie");
    await payByCard(tab, VISA);
    await toConfirmation(tab);
    await expectVisible(tab.getByRole("heading", { name: "Thank you for your order" }));

    await tab.goto(irish("/myaccount/vouchers"));
    await expectVisible(card.locator(".timeline").getByText("Extended"));
    await expectVisible(card.getByText(`Valid until ${newExpiry}`).first());
    expect(await card.getByRole("link", { name: `Extend voucher ${code}` }).count()).toBe(0);
    expect(await seriousViolations(tab), "my vouchers after extension").toEqual([]);

    // Without the product order id, the landing page says what is missing.
    const missing = await tab.goto(irish("/extend"));
    expect(missing?.status()).toBe(400);
    await expectVisible(tab.getByRole("alert").getByText(EXTENSION_MESSAGES.productOrderIdRequired));
  });
});
