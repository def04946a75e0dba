/**
 * Shoppers sent by a VIP partner (product.md §2 "App shell": the premium theme when the
 * query has site= whose lookup returns vip) see the premium look; an unknown or standard
 * site leaves the usual one.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { apiGet, siteUrl } from "./support/site.ts";

/** The page's theme and how its header looks. */
function look(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector(".site-header");
    const style = header ? getComputedStyle(header) : null;
    return {
      theme: document.body.dataset.theme,
      headerBackground: style?.backgroundColor,
      headerRule: style?.borderBottomWidth,
      headingFont: getComputedStyle(document.querySelector("h1") ?? document.body).fontFamily,
    };
  });
}

describe("the premium theme", () => {
  const browser = useBrowser();

  test("?site= of a VIP partner shows the premium theme, an unknown site the usual one", async () => {
    const partner = await apiGet<{ site: string; type: string }>("/v1/site/vip-lounge");
    expect(partner.type).toBe("vip");

    const page = await browser.newPage();
    await page.goto(siteUrl("/"));
    const usual = await look(page);
    expect(usual.theme).not.toBe("premium");

    await page.goto(siteUrl(`/?site=${partner.site}`));
    const premium = await look(page);
    expect(premium).toMatchObject({
      theme: "premium",
      headerBackground: "rgb(29, 29, 39)",
      headerRule: "4px",
    });
    expect(premium.headingFont).toContain("Georgia");
    expect(premium.headerBackground).not.toBe(usual.headerBackground);
    expect(await seriousViolations(page)).toEqual([]);

    for (const site of ["no-such-partner", "weekend-post"]) {
      await page.goto(siteUrl(`/?site=${site}`));
      expect(await look(page), site).toEqual(usual);
    }
  });
});
