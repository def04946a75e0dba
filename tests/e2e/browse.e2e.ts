/**
 * A shopper browses: from the homepage into a category through the header navigation, and
 * from a deal card into the deal itself.
 */
import { formatMoney } from "@deals/domain/money";
import { describe, expect, test } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { expectVisible } from "./support/expect-visible.ts";
import {
  apiGet,
  type DealCard,
  type DealList,
  locationDeals,
  londonCategory,
  siteUrl,
} from "./support/site.ts";

describe("browsing", () => {
  const browser = useBrowser();

  test("the header navigation opens a category of the location", async () => {
    const category = await londonCategory();
    const { deals } = await apiGet<DealList>(`/v1${category.url}?page=0&pageSize=24`);

    const page = await browser.newPage();
    await page.goto(siteUrl("/"));
    await page
      .getByRole("banner")
      .getByRole("navigation")
      .getByRole("link", { name: category.linkText, exact: true })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === category.url);

    await expectVisible(page.getByRole("heading", { level: 1, name: category.linkText }));
    await expectVisible(page.getByRole("main").getByText(deals[0]!.headline));
  });

  test("a deal card opens the deal with its headline and full price", async () => {
    const { deals } = await locationDeals("london");
    const card = deals[0]!;
    const deal = await apiGet<DealCard>(`/v1/deal/${card.id}`);

    const page = await browser.newPage();
    await page.goto(siteUrl("/"));
    await page.getByRole("main").getByRole("link", { name: card.headline }).first().click();
    await page.waitForURL((url) => url.pathname === card.urlPath);

    await expectVisible(page.getByRole("heading", { level: 1, name: deal.headline }));
    const fullPrice = formatMoney(deal.fullPrice, deal.currency);
    expect(fullPrice.startsWith("£")).toBe(true);
    await expectVisible(page.getByRole("main").getByText(fullPrice, { exact: true }));
  });
});
