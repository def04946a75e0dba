/**
 * A deal address with a bad id gives the 404 page: HTTP status 404, and the page shows the
 * status code (product.md §2 "Screens": 404 page shows status code).
 */
import { describe, expect, test } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { locationDeals, siteUrl } from "./support/site.ts";

describe("page not found", () => {
  const browser = useBrowser();

  /** A real deal's address with its id (the fourth segment after /deal) replaced. */
  async function dealPathWithId(id: string): Promise<string> {
    const { deals } = await locationDeals("london");
    const segments = deals[0]!.urlPath.split("/");
    if (!/^\d+$/.test(segments[5] ?? "")) throw new Error(`Unexpected deal path ${deals[0]!.urlPath}`);
    segments[5] = id;
    return segments.join("/");
  }

  test.each([
    ["an id no deal has", "999999999"],
    ["an id that is not a number", "not-a-number"],
  ])("a deal address with %s answers 404 and shows it", async (_, id) => {
    const page = await browser.newPage();
    const response = await page.goto(siteUrl(await dealPathWithId(id)));

    expect(response?.status()).toBe(404);
    await expectVisible(page.getByText(/\b404\b/));
  });
});
