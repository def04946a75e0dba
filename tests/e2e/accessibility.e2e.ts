/**
 * axe finds no serious or critical accessibility violation on the main page types: the
 * homepage, a category page, a deal page and the 404 page.
 */
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { locationDeals, londonCategory, siteUrl } from "./support/site.ts";

describe("accessibility", () => {
  const browser = useBrowser();

  async function expectNoSeriousViolations(path: string, status: number) {
    const page = await browser.newPage();
    const response = await page.goto(siteUrl(path));
    expect(response?.status()).toBe(status);
    expect(await seriousViolations(page)).toEqual([]);
  }

  test("homepage", async () => {
    await expectNoSeriousViolations("/", 200);
  });

  test("category page", async () => {
    const category = await londonCategory();
    await expectNoSeriousViolations(category.url, 200);
  });

  test("deal page", async () => {
    const { deals } = await locationDeals("london");
    await expectNoSeriousViolations(deals[0]!.urlPath, 200);
  });

  test("404 page", async () => {
    await expectNoSeriousViolations("/no-such-page/at-all", 404);
  });
});
