/**
 * /insights, the shopper's dashboard, on the Irish site in euros: someone not signed in is
 * asked to sign in and comes back to it; after buying a voucher it shows what they saved
 * against the "was" price, the voucher available, and the deal among those viewed last.
 */
import { formatMoney } from "@deals/domain/money";
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
  type Product,
  payByCard,
  toConfirmation,
  VISA,
} from "./support/buying.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { siteUrl } from "./support/site.ts";

const BRAND = "main-ie";
const irish = (path: string) => siteUrl(path, BRAND);

describe("/insights", () => {
  const browser = useBrowser();

  test("asks a visitor to sign in, then shows what a purchase saved, in euros", async () => {
    const [deal] = await findDeals("/v1/deals/dublin", 1, buyableVoucher, BRAND);
    // The deal page starts on its one product; the API also says its price and "was" price.
    const product = deal!.products[0] as Product & { price: number; originalPrice: number };
    const email = newEmail("insights");
    await createAccount(BRAND, email, "Orla");

    const tab = await browser.newPage();
    const response = await tab.goto(irish("/insights"));
    expect(response?.status()).toBe(200);
    await expectVisible(tab.getByRole("heading", { level: 1, name: "Your savings" }));
    expect(await seriousViolations(tab)).toEqual([]);

    // By keyboard to the sign-in page; signing in comes back here.
    await tab.getByRole("main").getByRole("link", { name: "Sign in" }).focus();
    await tab.keyboard.press("Enter");
    await tab.waitForURL((url) => url.pathname === "/login");
    await tab.getByLabel("Email address").fill(email);
    await tab.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await tab.getByRole("button", { name: "Sign in", exact: true }).click();
    await tab.waitForURL((url) => url.pathname === "/insights");
    expect(await tab.locator('[data-insight="saved"]').textContent()).toBe(formatMoney(0, "EUR"));
    await expectVisible(tab.getByText("Nothing yet: what you save on every deal adds up here."));

    await addToBasket(tab, deal!, irish);
    await goToCheckout(tab);
    await fillAddress(tab, "ie");
    await payByCard(tab, VISA);
    await toConfirmation(tab);

    // From the account menu.
    await tab.getByRole("banner").locator(".header-account summary").click();
    await tab.getByRole("banner").getByRole("link", { name: "My savings" }).click();
    await tab.waitForURL((url) => url.pathname === "/insights");
    const saved = Math.max(0, product.originalPrice - product.price);
    expect(await tab.locator('[data-insight="saved"]').textContent()).toBe(formatMoney(saved, "EUR"));
    expect(await tab.locator('[data-group="Available"] .insights__count').textContent()).toBe("1");
    await expectVisible(
      tab.getByRole("region", { name: "Recently viewed" }).getByRole("link", { name: deal!.headline }),
    );
    expect(await seriousViolations(tab)).toEqual([]);
    // A purchase through the browser besides two accessibility checks: longer than most journeys.
  }, 180_000);
});
