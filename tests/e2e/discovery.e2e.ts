/**
 * A shopper finds deals again and finds new ones (product.md §2 "recentlyViewed",
 * "recommended"): three deals viewed show on /recently-viewed, newest first, and in the
 * homepage's row; /recommended-for-you then suggests other deals than those.
 */
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { locationDeals, siteUrl } from "./support/site.ts";

describe("discovery", () => {
  const browser = useBrowser();

  test("three deals viewed show on /recently-viewed and the homepage; recommendations leave them out", async () => {
    const { deals } = await locationDeals("london");
    const viewed = deals.slice(0, 3);
    const page = await browser.newPage();

    await page.goto(siteUrl("/recently-viewed"));
    await expectVisible(page.getByText("You haven't viewed any deals yet."));

    for (const deal of viewed) {
      await page.goto(siteUrl(deal.urlPath));
      await expectVisible(page.getByRole("heading", { level: 1, name: deal.headline }));
    }
    const newestFirst = viewed.map((deal) => deal.headline).reverse();

    await page.goto(siteUrl("/recently-viewed"));
    const list = page.getByRole("region", { name: "Recently viewed" });
    await expect.poll(() => list.locator(".deal-card__headline").allInnerTexts()).toEqual(newestFirst);
    await expect.poll(() => page.getByText("You haven't viewed any deals yet.").isHidden()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(siteUrl("/"));
    const row = page.getByRole("region", { name: "Recently viewed" });
    await expect.poll(() => row.locator(".deal-card__headline").allInnerTexts()).toEqual(newestFirst);

    await page.goto(siteUrl("/recommended-for-you"));
    const recommended = page.getByRole("region", { name: "Recommended for you" }).locator(".deal-card__link");
    await expect.poll(() => recommended.count()).toBeGreaterThan(3);
    // Once the page has read the deals viewed, none of them is recommended back.
    await page.waitForLoadState("networkidle");
    const links = await recommended.evaluateAll((anchors) =>
      anchors.map((a) => a.getAttribute("href") ?? ""),
    );
    // Each card's link names where it was shown (?source=recommended, product.md §4).
    for (const link of links) expect(link).toMatch(/\?source=recommended$/);
    const paths = links.map((link) => link.split("?")[0]);
    for (const deal of viewed) expect(paths).not.toContain(deal.urlPath);
  });

  test("the map view lists the deals nearest its point and moves to a place chosen by keyboard", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl("/map-view"));
    await expectVisible(page.getByText("The deals nearest 51.5050, -0.0901."));
    const nearest = page.getByRole("region", { name: "Nearest deals" }).locator(".deal-card");
    expect(await nearest.count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    const leeds = page.getByRole("navigation", { name: "Places on the map" }).getByRole("link", {
      name: "Deals near Leeds",
    });
    await leeds.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/map-view" && url.searchParams.has("lat"));
    await expectVisible(page.getByRole("heading", { level: 2, name: "Nearest deals" }));
    await expect.poll(() => nearest.first().locator(".deal-card__location").textContent()).toBe("Leeds");
  });
});
