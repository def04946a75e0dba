/**
 * A shopper opens a site's homepage and sees the deals of its default location, priced in
 * the site's currency: pounds in the UK, euros in Ireland (product.md §1); the deals they
 * looked at come back under "Recently viewed" on the location homepage.
 */
import { BRAND_IDS, BRANDS, type BrandId } from "@deals/domain/brand";
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { visiblePrices } from "./support/prices.ts";
import { locationDeals, siteUrl } from "./support/site.ts";

describe("homepage", () => {
  const browser = useBrowser();

  async function expectHomepage(address: string, brandId: BrandId, symbol: "£" | "€") {
    const brand = BRANDS[brandId];
    const { deals } = await locationDeals(brand.defaultLocation, brandId);
    expect(deals.length).toBeGreaterThan(0);

    const page = await browser.newPage();
    const response = await page.goto(address);
    expect(response?.status()).toBe(200);

    // The first deals of the brand's default location are on show...
    for (const deal of deals.slice(0, 3)) {
      await expectVisible(page.getByRole("main").getByText(deal.headline));
    }
    // ...and every price reads in the site's currency.
    const prices = await visiblePrices(page);
    expect(prices.length).toBeGreaterThanOrEqual(3);
    expect(prices.filter((price) => !price.startsWith(symbol))).toEqual([]);
  }

  test("the UK site lists London's deals in pounds", async () => {
    await expectHomepage(siteUrl("/"), "main-uk", "£");
  });

  test("the Irish site, by its host name, lists its deals in euros", async () => {
    await expectHomepage(siteUrl("/", "main-ie"), "main-ie", "€");
  });

  test("the ?brand= override shows the sister brand's Irish site in euros", async () => {
    await expectHomepage(siteUrl("/?brand=sister-ie"), "sister-ie", "€");
  });

  test("every brand's homepage leads with a hero deal, tiles and at least four collections, axe clean", async () => {
    const page = await browser.newPage();
    for (const brandId of BRAND_IDS) {
      await page.goto(siteUrl("/", brandId));
      const hero = page.getByRole("region", { name: "Top deals" });
      await expectVisible(hero.getByText("Today's top deal"));
      await expectVisible(hero.getByRole("link").first());
      const rows = page.locator(".home-row");
      expect(await rows.count(), brandId).toBeGreaterThanOrEqual(4);
      for (const row of await rows.all()) expect(await row.locator(".deal-card").count()).toBeGreaterThan(0);
      const tiles = page.getByRole("navigation", { name: "Browse by category" }).getByRole("link");
      expect(await tiles.count(), brandId).toBeGreaterThan(4);
      // Only the hero and the deals beside it load their pictures at once.
      expect(await rows.locator("img[loading=lazy]").count()).toBe(await rows.locator("img").count());
      // One brand's page is enough for axe: the others differ only in colours, checked by contrast tests.
      if (brandId === "main-uk") expect(await seriousViolations(page)).toEqual([]);
    }
  });

  test("the homepage and a location homepage load no app bundle, only their islands (design.md: Lighthouse >= 98)", async () => {
    for (const path of ["/", "/deals/london"]) {
      const html = await (await fetch(siteUrl(path))).text();
      expect(html, path).toContain('class="deal-card"');
      expect(html, path).not.toMatch(/rel="modulepreload"|__reactRouterContext/);
      // Every script the page loads is one of the shell's or the listing's small islands (name-hash.js).
      const islands = [
        ...html.matchAll(/<script[^>]*\ssrc="\/assets\/([a-z]+(?:-[a-z]+)*)-[\w-]{8}\.js"/g),
      ].map((m) => m[1]);
      const sources = [...html.matchAll(/<script[^>]*\ssrc="/g)].length;
      expect(islands.length, path).toBe(sources);
      expect(new Set(islands), path).toEqual(
        new Set(["error-log", "site-nav", "filters-fold", "listing-page", "plain-shell", "shell"]),
      );
    }
  });

  test("two deals viewed show under Recently viewed on the location homepage, newest first", async () => {
    const { deals } = await locationDeals("london");
    const [first, second] = deals;
    expect(second).toBeDefined();

    const page = await browser.newPage();
    await page.goto(siteUrl("/deals/london"));
    for (const deal of [first!, second!]) {
      await page.getByRole("main").getByRole("link", { name: deal.headline, exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === deal.urlPath);
      await expectVisible(page.getByRole("heading", { level: 1, name: deal.headline }));
      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/deals/london");
    }

    const recent = page.getByRole("region", { name: "Recently viewed" });
    await expect
      .poll(() => recent.locator(".deal-card__headline").allInnerTexts())
      .toEqual([second!.headline, first!.headline]);
    await recent.getByRole("link", { name: first!.headline }).click();
    await page.waitForURL((url) => url.pathname === first!.urlPath);
  });
});
