/**
 * My vouchers, through the browser on the Irish site, in euros: a shopper buys four
 * vouchers with voucher protection (offered, never pre-ticked), sees each on My vouchers named
 * by its deal and merchant with its protection banner, prints one and reads its QR code back
 * from the PDF, refunds one to the wallet and sees the balance, refunds one to the card, is
 * refused a refund within 7 days of expiry, and marks one as used. Axe finds nothing serious.
 */
import type { BrandId } from "@deals/domain/brand";
import { BRANDS } from "@deals/domain/brand";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { readQrFromPdf } from "../support/pdf-qr.ts";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import {
  buyableVoucher,
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
import { siteUrl } from "./support/site.ts";

const brandId: BrandId = "main-ie";
const irish = (path: string) => siteUrl(path, brandId);
const QUANTITY = 4;

/** A voucher deal that lets one shopper buy four at once. */
const fourAtOnce = (deal: Deal) =>
  buyableVoucher(deal) &&
  ((deal.products[0] as { maxQuantityUserCanCurrentlyBuy?: number }).maxQuantityUserCanCurrentlyBuy ?? 0) >=
    QUANTITY;

const voucherCard = (tab: Page, code: string) => tab.locator(`li.voucher[data-voucher-code="${code}"]`);

async function refundTo(tab: Page, code: string, destination: RegExp) {
  await tab.goto(irish("/myaccount/vouchers"));
  await voucherCard(tab, code)
    .getByRole("link", { name: `Refund voucher ${code}` })
    .click();
  await tab.waitForURL((url) => url.pathname.endsWith("/refund"));
  await tab.getByLabel("Why do you want a refund?").selectOption({ index: 1 });
  await tab.getByRole("radio", { name: destination }).check();
  await tab.getByLabel("I confirm this voucher code has not been redeemed with the merchant").check();
  await tab.getByRole("button", { name: "Refund voucher" }).click();
  await expectVisible(tab.getByRole("status").getByText("Your voucher is now"));
}

describe("my vouchers", () => {
  const browser = useBrowser();
  let deal: Deal;

  beforeAll(async () => {
    [deal] = (await findDeals(`/v1/deals/${BRANDS[brandId].defaultLocation}`, 1, fourAtOnce, brandId)) as [
      Deal,
    ];
  });

  test("buy with protection, print, refund to wallet and to card, refused near expiry, mark as used", async () => {
    const email = newEmail("after");
    await createAccount(brandId, email, "Niamh");
    const tab = await browser.newPage();

    await tab.goto(irish(deal.urlPath));
    await tab.getByLabel("Quantity").fill(String(QUANTITY));
    await tab.getByRole("button", { name: "Add to basket" }).click();
    await expectVisible(tab.getByRole("status").getByText("Added to your basket."));
    await goToCheckout(tab);
    await signInAtCheckout(tab, email);
    const protection = tab.getByLabel(/Add voucher protection for €2.49/);
    expect(await protection.isChecked()).toBe(false);
    await protection.check();
    await expect
      .poll(() => tab.locator('.order-summary [data-summary="voucherProtection"] td').first().textContent())
      .toBe("€2.49");
    await fillAddress(tab, "ie");
    await payByCard(tab, VISA);
    await toConfirmation(tab);
    const reference = (await tab.locator("[data-order-id]").textContent()) ?? "";
    expect(reference).toMatch(/^[0-9A-F]{16}$/);
    await expectVisible(tab.getByRole("heading", { level: 3 }).first());
    const codes = await tab.locator(".voucher__code").allTextContents();
    expect(codes).toHaveLength(QUANTITY);
    const [toWallet, toCard, nearExpiry, used] = codes as [string, string, string, string];

    await tab.goto(irish("/myaccount/vouchers"));
    for (const code of codes) {
      const card = voucherCard(tab, code);
      await expectVisible(card.getByRole("heading", { name: deal.headline }));
      await expectVisible(card.getByText("Protected voucher: Available"));
      await expectVisible(card.getByText(reference, { exact: true }));
      expect(await card.getByText("Ready to Redeem", { exact: true }).count()).toBe(1);
    }
    expect(await tab.getByRole("navigation", { name: "Voucher pages" }).count()).toBe(0);
    expect(await seriousViolations(tab), "my vouchers").toEqual([]);

    // Print: the printable page, then the PDF's QR code read back.
    await voucherCard(tab, toWallet)
      .getByRole("link", { name: `Print voucher ${toWallet}` })
      .click();
    await expectVisible(tab.getByRole("heading", { name: "How to redeem" }));
    await expectVisible(tab.getByText(toWallet, { exact: true }));
    expect(await seriousViolations(tab), "printable voucher").toEqual([]);
    const pdfPath = await tab.getByRole("link", { name: "Download as a PDF" }).getAttribute("href");
    // Fetched by the page itself: its host (main-ie.localhost) resolves in the browser only.
    const pdf = await tab.evaluate(async (path) => {
      const response = await fetch(path!);
      return {
        type: response.headers.get("content-type"),
        bytes: [...new Uint8Array(await response.arrayBuffer())],
      };
    }, pdfPath);
    expect(pdf.type).toBe("application/pdf");
    expect(await readQrFromPdf(new Uint8Array(pdf.bytes))).toBe(toWallet);

    // Refund to the wallet: a reason is required, then the balance shows the money.
    await tab.goto(irish("/myaccount/vouchers"));
    await voucherCard(tab, toWallet)
      .getByRole("link", { name: `Refund voucher ${toWallet}` })
      .click();
    await tab.getByRole("button", { name: "Refund voucher" }).click();
    await expectVisible(tab.getByText("A refund reason must be selected"));
    expect(await seriousViolations(tab), "refund form").toEqual([]);
    await refundTo(tab, toWallet, /Wallet credit/);
    const balance = (await tab.locator("[data-wallet-balance]").textContent()) ?? "";
    expect(balance).toMatch(/^€\d/);
    expect(balance).not.toBe("€0");

    // Refund to the card: the sandbox gateway records it and the timeline says where it went.
    await refundTo(tab, toCard, /original payment method/);
    await expectVisible(tab.getByText(/back to your original payment method/));
    await tab.goto(irish("/myaccount/vouchers"));
    await expectVisible(voucherCard(tab, toCard).getByText("Protected voucher: Refunded"));
    await expectVisible(voucherCard(tab, toCard).getByText(/to your original payment method/));

    // Six days before expiry, the refund is refused with the spec's rule.
    const moved = await fetch(siteUrl("/dev/voucher-expiry"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: nearExpiry, expiresInDays: 6 }),
    });
    expect(moved.status).toBe(200);
    await tab.reload();
    const late = voucherCard(tab, nearExpiry);
    expect(await late.getByRole("link", { name: `Refund voucher ${nearExpiry}` }).count()).toBe(0);
    await expectVisible(late.getByText("Refunds are unavailable within 7 days of the voucher's expiry"));

    // I've used this voucher: confirmed, it becomes Redeemed.
    const usedCard = voucherCard(tab, used);
    await usedCard.getByLabel("I confirm I have used this voucher with the merchant").check();
    await usedCard.getByRole("button", { name: "I've used this voucher" }).click();
    await expectVisible(tab.getByRole("status").getByText("marked as used"));
    await expectVisible(voucherCard(tab, used).getByText("Protected voucher: Redeemed"));

    // Filter by status.
    await tab.getByLabel("Show").selectOption("Refunded");
    await tab.getByRole("button", { name: "Filter" }).click();
    await tab.waitForURL((url) => url.searchParams.get("status") === "Refunded");
    expect(
      (
        await tab
          .locator("li.voucher")
          .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-voucher-code")))
      ).sort(),
    ).toEqual([toWallet, toCard].sort());
  });
});
