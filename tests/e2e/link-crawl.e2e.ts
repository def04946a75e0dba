/**
 * Every link a shopper can follow from the homepage, its header and its footer leads
 * somewhere real (the brief's "no 404"): on each of the four brands, each same-site link the
 * page shows answers 200, after any redirect. Fetched from the page itself, so each request
 * goes to the brand's own host with its cookies, as a click would.
 */
import { BRAND_IDS } from "@deals/domain/brand";
import { describe, expect, test } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { siteUrl } from "./support/site.ts";

/** Links fetched at once (ours): enough to be quick, few enough for a loaded machine. */
const AT_ONCE = 6;

describe("links", () => {
  const browser = useBrowser();

  test.each(BRAND_IDS)("every link on %s's homepage, header and footer answers 200", async (brandId) => {
    const page = await browser.newPage();
    await page.goto(siteUrl("/", brandId));
    const links = await page.evaluate(() => {
      const own = new Set<string>();
      for (const anchor of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
        const url = new URL(anchor.href, location.href);
        if (url.origin !== location.origin || /^(mailto|tel):/.test(anchor.href)) continue;
        own.add(`${url.pathname}${url.search}`);
      }
      return [...own];
    });
    const header = await page.getByRole("banner").locator("a[href]").count();
    const footer = await page.getByRole("contentinfo").locator("a[href]").count();
    expect(header, "header links").toBeGreaterThan(0);
    expect(footer, "footer links").toBeGreaterThan(0);
    expect(links.length).toBeGreaterThan(20);

    const answers = await page.evaluate(
      async ({ paths, atOnce }) => {
        const results: { path: string; status: number }[] = [];
        for (let i = 0; i < paths.length; i += atOnce) {
          const batch = paths.slice(i, i + atOnce);
          results.push(
            ...(await Promise.all(
              batch.map(async (path) => {
                const response = await fetch(path, { redirect: "follow", credentials: "same-origin" });
                return { path, status: response.status };
              }),
            )),
          );
        }
        return results;
      },
      { paths: links, atOnce: AT_ONCE },
    );
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  });
});
