/**
 * After purchase, through the browser: the wallet shows credit per currency with its history
 * and terms; every link of every account page answers (no 404, nothing 500) on all four brands.
 */
import { BRAND_IDS, type BrandId } from "@deals/domain/brand";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import {
  addToBasket,
  buyableVoucher,
  createAccount,
  type Deal,
  fillAddress,
  findDeals,
  goToCheckout,
  lastEmail,
  newEmail,
  PASSWORD,
  payByCard,
  signInAtCheckout,
  toConfirmation,
  VISA,
} from "./support/buying.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { apiGet, siteUrl } from "./support/site.ts";

/** The brand's gift-card deal, found as a shopper would: by searching for it. */
async function giftCardDeal(brandId: BrandId): Promise<Deal> {
  const found = await apiGet<{ deals: { id: number; headline: string }[] }>(
    "/v1/search?q=gift%20card",
    brandId,
  );
  const card = found.deals.find((deal) => deal.headline.endsWith("Gift Card"));
  if (!card) throw new Error(`No gift card deal on ${brandId}`);
  return apiGet<Deal>(`/v1/deal/${card.id}`, brandId);
}

async function signIn(tab: Page, brandId: BrandId, email: string, next = "/myaccount/wallet") {
  await tab.goto(siteUrl(next, brandId));
  await tab.waitForURL((url) => url.pathname === "/login");
  await tab.getByLabel("Email address").fill(email);
  await tab.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await tab.getByRole("button", { name: "Sign in", exact: true }).click();
  await tab.waitForURL((url) => url.pathname === next);
  await expectVisible(tab.getByRole("heading", { level: 1 }), 10_000);
}

async function devCredit(brand: BrandId, email: string, amount: number, kind: string, source: string) {
  const credited = await fetch(siteUrl("/dev/wallet-credit"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ brand, email, amount, kind, source }),
  });
  expect(credited.status, await credited.clone().text()).toBe(200);
}

describe("after purchase", () => {
  const browser = useBrowser();

  test("the wallet shows refundable and marketing credit in euros on an Irish site, with its history and terms", async () => {
    const email = newEmail("wallet");
    await createAccount("main-ie", email, "Aoife");
    await devCredit("main-ie", email, 1250, "refundable", "refund");
    await devCredit("main-ie", email, 300, "marketing", "loyalty");
    const tab = await browser.newPage();
    await signIn(tab, "main-ie", email);

    await expectVisible(tab.getByRole("heading", { name: "Wallet", level: 1 }));
    const eur = tab.locator('tr[data-currency="EUR"]');
    expect(await eur.locator('[data-balance="refundable"]').textContent()).toBe("€12.50");
    expect(await eur.locator('[data-balance="marketing"]').textContent()).toBe("€3");
    expect(await eur.locator('[data-balance="total"]').textContent()).toBe("€15.50");
    const rows = tab.locator(".wallet__history tbody tr");
    expect(await rows.count()).toBe(2);
    await expectVisible(rows.nth(0).getByText("Club rewards credit"));
    await expectVisible(rows.nth(0).getByText(/Expires \d+ \w+ \d{4}/));
    await expectVisible(rows.nth(1).getByText("Refund"));
    expect(await rows.nth(1).locator("td").last().textContent()).toBe("+€12.50");
    for (const [name, path] of [
      ["Wallet terms of use", "/page/wallettermsofuse"],
      ["More about wallet credit", "/page/wallet-credit-more-info"],
    ])
      expect(await tab.getByRole("link", { name }).getAttribute("href")).toBe(path);
    expect(await seriousViolations(tab), "wallet").toEqual([]);
  });

  test("a gift card bought as a deal is bought again in one click, and redeemed by a friend into their wallet, once", async () => {
    const [buyer, friend] = [newEmail("card-buyer"), newEmail("card-friend")];
    await createAccount("main-uk", buyer, "Bea");
    await createAccount("main-uk", friend, "Finn");
    const deal = await giftCardDeal("main-uk");
    const tab = await browser.newPage();
    await tab.goto(siteUrl(deal.urlPath));
    await tab.getByLabel(/£25 gift card/).check();
    await tab.getByRole("button", { name: "Add to basket" }).click();
    await expectVisible(tab.getByRole("status").getByText("Added to your basket."));
    await goToCheckout(tab);
    await signInAtCheckout(tab, buyer);
    await fillAddress(tab, "gb");
    await payByCard(tab, VISA);
    await toConfirmation(tab);
    const code = (await tab.locator(".voucher__code").first().textContent())?.trim() ?? "";

    // Bought once, one click from the basket again.
    await tab.goto(siteUrl("/buy-again"));
    const again = tab.getByRole("listitem").filter({ hasText: deal.headline });
    expect(await seriousViolations(tab), "buy again").toEqual([]);
    await again.getByRole("button", { name: "Add to basket" }).click();
    await tab.waitForURL((url) => url.pathname === "/basket");
    await expectVisible(tab.getByText(/£25 gift card/));
    expect(code).toMatch(/^\w{4}-\w{4}-\w{4}$/);

    const other = await browser.newPage();
    await signIn(other, "main-uk", friend, "/giftcard/redeem");
    expect(await seriousViolations(other), "gift card redeem").toEqual([]);
    await other.getByLabel("Gift card code").fill("WRNG-CODE-XXXX");
    await other.getByRole("button", { name: "Redeem" }).click();
    await expectVisible(other.getByRole("alert").getByText("Gift card code not recognised."));
    await other.getByLabel("Gift card code").fill(code.toLowerCase());
    await other.getByRole("button", { name: "Redeem" }).click();
    await expectVisible(other.getByRole("status").getByText("£25 has been added to your wallet."));
    await other.getByRole("link", { name: "See your wallet" }).click();
    await other.waitForURL((url) => url.pathname === "/myaccount/wallet");
    expect(await other.locator('tr[data-currency="GBP"] [data-balance="total"]').textContent()).toBe("£25");
    await expectVisible(other.locator(".wallet__history").getByText("Gift card redeemed"));
  });

  test("an e-gift bought on an Irish site is claimed by its recipient in another browser; the buyer sees it claimed", async () => {
    const [buyer, recipient] = [newEmail("gift-buyer"), newEmail("gift-recipient")];
    await createAccount("main-ie", buyer, "Niamh");
    await createAccount("main-ie", recipient, "Ciara");
    const [deal] = await findDeals(
      "/v1/deals/dublin",
      1,
      (d) => buyableVoucher(d) && d.products.every((p) => p.adminFee > 0),
      "main-ie",
    );
    const ie = (path: string) => siteUrl(path, "main-ie");
    const tab = await browser.newPage();
    await addToBasket(tab, deal!, ie);
    await tab.goto(ie("/basket"));
    await tab.getByLabel(/^E-gift/).check();
    await tab.getByLabel("Recipient's email").fill(recipient);
    await tab.getByRole("button", { name: "Save gift options" }).click();
    await expectVisible(tab.getByText(/€/).first());
    await goToCheckout(tab);
    await signInAtCheckout(tab, buyer);
    await fillAddress(tab, "ie");
    await payByCard(tab, VISA);
    await toConfirmation(tab);

    const email = await lastEmail(recipient);
    expect(email?.subject).toBe("Niamh sent you a gift from Dealmoor");
    const code = /mygift\?code=([\w-]+)/.exec(email?.text ?? "")?.[1];
    expect(code).toBeDefined();

    const other = await browser.newPage();
    await other.goto(ie(`/mygift?code=${code}`));
    await other.waitForURL((url) => url.pathname === "/login");
    await other.getByLabel("Email address").fill(recipient);
    await other.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await other.getByRole("button", { name: "Sign in", exact: true }).click();
    await other.waitForURL((url) => url.pathname === "/mygift");
    expect(await other.getByLabel("Gift code").inputValue()).toBe(code);
    expect(await seriousViolations(other), "claim gift").toEqual([]);
    await other.getByRole("button", { name: "Claim gift" }).click();
    await expectVisible(other.getByRole("heading", { name: "A gift from Niamh" }));
    await expectVisible(other.getByText(deal!.headline));
    await expectVisible(other.locator(".voucher__code"));

    await tab.goto(ie("/mygift"));
    await expectVisible(tab.getByText(/Claimed on \d+ \w+ \d{4}/));
    await tab.getByLabel("Gift code").fill("not-a-gift");
    await tab.getByRole("button", { name: "Claim gift" }).click();
    await expectVisible(tab.getByRole("alert").getByText("Gift code not recognised"));
  });

  test("no link of any account page answers 404 or fails, on all four brands", async () => {
    const walk = async (brandId: BrandId) => {
      const email = newEmail(`menu-${brandId}`);
      await createAccount(brandId, email, "Menu");
      const tab = await browser.newPage();
      await signIn(tab, brandId, email);
      await expectVisible(tab.getByRole("navigation", { name: "My account" }));
      const menu = await tab
        .getByRole("navigation", { name: "My account" })
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
      expect(menu).toContain("/myaccount/wallet");
      // Each page is read and each link asked from the signed-in page itself (the browser
      // resolves the brand's *.localhost host), without rendering them one by one.
      const answers = await tab.evaluate(async (pages) => {
        const checked = new Map<string, number>();
        for (const page of pages) {
          const html = await (await fetch(page)).text();
          const anchors = new DOMParser()
            .parseFromString(html, "text/html")
            .querySelectorAll(".account a[href]");
          for (const anchor of anchors) {
            const url = new URL(anchor.getAttribute("href")!, new URL(page, location.href));
            const link = `${url.pathname}${url.search}`;
            if (url.origin !== location.origin || checked.has(link) || link === "/logout") continue;
            const answer = await fetch(link, { redirect: "manual" });
            checked.set(link, answer.type === "opaqueredirect" ? 302 : answer.status);
          }
        }
        return [...checked];
      }, menu);
      for (const [link, status] of answers)
        expect([200, 302], `${brandId}: ${link} answered ${status}`).toContain(status);
      const checked = new Set(answers.map(([link]) => link));
      expect(checked.size, brandId).toBeGreaterThanOrEqual(menu.length);
    };
    // The four brands side by side, each in its own browser context.
    await Promise.all(BRAND_IDS.map(walk));
  });
});
