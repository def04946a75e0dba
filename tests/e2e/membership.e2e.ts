/**
 * Membership and loyalty through the browser: a guest hearts deals with the keyboard (the
 * change announced), signs in and finds them on /wishlist; a customer earns club points by
 * buying and exchanges them for wallet credit. The pages pass axe.
 */
import { BRANDS } from "@deals/domain/brand";
import type { Page } from "playwright-core";
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
  newEmail,
  PASSWORD,
  payByCard,
  signInAtCheckout,
  toConfirmation,
  VISA,
} from "./support/buying.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { locationDeals, siteUrl } from "./support/site.ts";

const BRAND = BRANDS["main-uk"];
const page = (path: string) => siteUrl(path, BRAND.id);
/** The heart beside the deal page's headline (its "also viewed" cards have their own). */
const dealHeart = (tab: Page) => tab.locator(".deal__buy").getByRole("button", { name: /^Wishlist: / });
const heart = (tab: Page, headline: string) =>
  tab.getByRole("button", { name: `Wishlist: ${headline}`, exact: true });

async function signIn(tab: Page, email: string): Promise<void> {
  await tab.goto(page("/login"));
  await tab.getByLabel("Email address").fill(email);
  await tab.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await tab.getByRole("button", { name: "Sign in" }).click();
  await tab.waitForURL((url) => url.pathname === "/");
}

describe("wishlist", () => {
  const browser = useBrowser();

  test("a guest hearts deals by keyboard, signs in and sees them on /wishlist", async () => {
    const email = newEmail("wisher");
    await createAccount(BRAND.id, email, "Wren");
    const { deals } = await locationDeals("london");
    const first = deals[0]!;
    const second = deals.find((deal) => deal.headline !== first.headline)!;
    const tab = await browser.newPage();

    await tab.goto(page("/deals/london"));
    const firstHeart = heart(tab, first.headline).first();
    await firstHeart.focus();
    await tab.keyboard.press("Enter");
    await expectVisible(tab.getByRole("status").getByText("Added to your wishlist"));
    expect(await firstHeart.getAttribute("aria-pressed")).toBe("true");

    // On the deal page the heart is pressed too, and another deal's page adds a second.
    await tab.goto(page(second.urlPath));
    await dealHeart(tab).press("Enter");
    await expectVisible(tab.getByRole("status").getByText("Added to your wishlist"));
    await tab.goto(page(first.urlPath));
    expect(await dealHeart(tab).getAttribute("aria-pressed")).toBe("true");

    await signIn(tab, email);

    await tab.goto(page("/wishlist"));
    await expectVisible(tab.getByRole("heading", { level: 1, name: "Your wishlist" }));
    await expectVisible(tab.getByRole("link", { name: first.headline }));
    await expectVisible(tab.getByRole("link", { name: second.headline }));
    expect(await seriousViolations(tab)).toEqual([]);

    // The list is the customer's now: a fresh browser signed in as them finds it too.
    const other = await browser.newPage();
    await signIn(other, email);
    await other.goto(page("/wishlist"));
    await expectVisible(other.getByRole("link", { name: second.headline }));

    // Taking a deal off with its heart, then emptying the list.
    await heart(tab, second.headline).first().click();
    await expectVisible(tab.getByRole("status").getByText("Removed from your wishlist"));
    await tab.getByRole("button", { name: "Remove everything from my wishlist" }).click();
    await expectVisible(tab.getByText("Nothing here yet."));
  });

  test("without JavaScript a heart posts the page's form and the page comes back with it pressed", async () => {
    const tab = await browser.newPage({ javaScriptEnabled: false });
    const listing = "/deals/london?orderBy=discount&order=desc";
    await tab.goto(page(listing));
    const name = await tab.locator(".deal-card").first().getByRole("button").getAttribute("aria-label");
    const cardHeart = () => tab.getByRole("button", { name: name!, exact: true }).first();
    const backOnListing = (url: URL) => `${url.pathname}${url.search}` === listing;

    await cardHeart().click();
    await tab.waitForURL(backOnListing);
    expect(await cardHeart().getAttribute("aria-pressed")).toBe("true");

    // Pressed again, it takes the deal off.
    await cardHeart().click();
    await tab.waitForURL(backOnListing);
    expect(await cardHeart().getAttribute("aria-pressed")).toBe("false");
  });
  test("a heart on a homepage row comes back pressed for its shopper and no one else", async () => {
    // The rows' markup is written once for every shopper (home-view.server.ts): a shopper's own
    // hearts must still show on it, and never another's.
    const rowHeart = (tab: Page, name: string) =>
      tab.locator(".home-row").getByRole("button", { name, exact: true }).first();
    const tab = await browser.newPage({ javaScriptEnabled: false });
    await tab.goto(page("/"));
    const name = await tab
      .locator(".home-row .deal-card")
      .first()
      .getByRole("button")
      .getAttribute("aria-label");
    expect(await rowHeart(tab, name!).getAttribute("aria-pressed")).toBe("false");

    await rowHeart(tab, name!).click();
    await tab.waitForURL((url) => url.pathname === "/");
    expect(await rowHeart(tab, name!).getAttribute("aria-pressed")).toBe("true");

    const other = await browser.newPage({ javaScriptEnabled: false });
    await other.goto(page("/"));
    expect(await rowHeart(other, name!).getAttribute("aria-pressed")).toBe("false");
  });
});

describe("club rewards", () => {
  const browser = useBrowser();

  test("buying earns points, which are exchanged for wallet credit", async () => {
    const email = newEmail("member");
    await createAccount(BRAND.id, email, "Kit");
    // £10 paid for the deal (fees apart) reaches Bronze (100 points), the first level that can exchange.
    const [deal] = await findDeals(
      "/v1/deals/london",
      1,
      (d) => buyableVoucher(d) && d.products[0]!.totalPrice >= 2_000,
    );
    const tab = await browser.newPage();
    await addToBasket(tab, deal!, page);
    await goToCheckout(tab);
    await signInAtCheckout(tab, email);
    await fillAddress(tab, "gb");
    await payByCard(tab, VISA);
    await toConfirmation(tab);

    await tab.goto(page("/myaccount/rewards"));
    await expectVisible(tab.getByRole("heading", { level: 2, name: "Your level: Bronze" }));
    await expectVisible(tab.getByRole("cell", { name: /^Purchase: order \d+$/ }));
    expect(await seriousViolations(tab)).toEqual([]);
    await tab.getByLabel("Points to exchange").fill("100");
    await tab.getByRole("button", { name: "Exchange points" }).click();
    await expectVisible(
      tab.getByRole("status").getByText("You exchanged 100 points for £1.00 of wallet credit."),
    );
    await expectVisible(tab.getByRole("cell", { name: "Exchanged 100 points for £1.00 wallet credit" }));

    await tab.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "Wallet" }).click();
    const credit = tab.locator('.wallet__history tr[data-source="loyalty"]');
    await expectVisible(credit.getByText("Club rewards: 100 points exchanged"));
    expect(await credit.locator(".wallet__in").textContent()).toBe("+£1");

    // Every page the account menu links answers.
    const links = tab.getByRole("navigation", { name: "My account" }).getByRole("link");
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs).toContain("/myaccount/rewards");
    for (const href of hrefs) {
      const response = await tab.goto(page(href));
      expect(response?.status(), href).toBeLessThan(400);
    }
  });
});
