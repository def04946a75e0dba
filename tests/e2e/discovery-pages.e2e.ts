/**
 * The discovery pages of product.md §2 "Page types" and "Routes": the ppc landing (/welcome),
 * /find/, the email-deals path (where a deal closed under lastChance stays buyable, §4 "Deal
 * availability") and the deal-preview segment treated as deals.
 */
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { apiGet, type DealCard, londonCategory, siteUrl } from "./support/site.ts";

interface SearchDeal extends DealCard {
  closingDate: string | null;
  lastChance: boolean;
  soldOut: boolean;
  dealType: string;
}

/** A deal that closed before today and keeps selling under lastChance (search lists those). */
async function closedLastChanceDeal(): Promise<SearchDeal> {
  for (let page = 0; page < 30; page++) {
    const { deals } = await apiGet<{ deals: SearchDeal[] }>(`/v1/search?q=save&page=${page}&pageSize=100`);
    const found = deals.find(
      (deal) =>
        deal.lastChance &&
        deal.dealType !== "travel" &&
        !deal.soldOut &&
        deal.closingDate !== null &&
        Date.parse(deal.closingDate) < Date.now() - 86_400_000,
    );
    if (found) return found;
    if (deals.length < 100) break;
  }
  throw new Error("no closed last-chance deal in the catalogue");
}

/** A deal sold out for good (its flag), whose page offers notify-me. */
async function soldOutDeal(): Promise<SearchDeal> {
  for (let page = 0; page < 30; page++) {
    const { deals } = await apiGet<{ deals: SearchDeal[] }>(`/v1/search?q=save&page=${page}&pageSize=100`);
    const found = deals.find((deal) => deal.soldOut && deal.closingDate === null);
    if (found) return found;
    if (deals.length < 100) break;
  }
  throw new Error("no sold-out deal in the catalogue");
}

describe("discovery pages", () => {
  const browser = useBrowser();

  test("/welcome greets a paid-search visitor with the deals near them", async () => {
    const page = await browser.newPage();
    const response = await page.goto(siteUrl("/welcome"));
    expect(response?.status()).toBe(200);
    await expectVisible(page.getByRole("heading", { level: 1, name: /^Welcome to / }));
    expect(await page.locator(".deal-card").count()).toBeGreaterThan(0);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("NOINDEX, FOLLOW");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("/find/ searches by address", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl("/find/afternoon-tea"));
    expect(new URL(page.url()).pathname).toBe("/search");
    expect(new URL(page.url()).searchParams.get("q")).toBe("afternoon tea");
    await expectVisible(page.getByRole("heading", { level: 1, name: "Results for “afternoon tea”" }));
    const empty = await page.goto(siteUrl("/find/"));
    expect(empty?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/search");
  });

  test("a deal previewed with ?dealPreview=true says so and is not indexed", async () => {
    const deal = await soldOutDeal();
    const page = await browser.newPage();
    await page.goto(siteUrl(`${deal.urlPath}?dealPreview=true`));
    await expectVisible(
      page.getByRole("note").getByText("Preview: this is the deal as shoppers will see it."),
    );
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("NOINDEX, FOLLOW");
    await page.goto(siteUrl(deal.urlPath));
    expect(
      await page
        .getByRole("note")
        .getByText(/^Preview:/)
        .count(),
    ).toBe(0);
  });

  test("the deal-preview segment is treated as deals", async () => {
    const page = await browser.newPage();
    const response = await page.goto(siteUrl("/deal-preview/london"));
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/deals/london");
  });

  test("a deal closed under lastChance stays buyable when reached from the email deals", async () => {
    const page = await browser.newPage();
    const response = await page.goto(siteUrl("/email-deals/london"));
    expect(response?.status()).toBe(200);
    const links = await page
      .locator(".deal-card__link")
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/\?source=email-deals$/);
    expect(await seriousViolations(page)).toEqual([]);

    const deal = await closedLastChanceDeal();
    await page.goto(siteUrl(deal.urlPath));
    await expectVisible(page.getByText("This deal has ended"));
    expect(await page.getByRole("button", { name: "Add to basket" }).count()).toBe(0);

    await page.goto(siteUrl(`${deal.urlPath}?source=email-deals`));
    await page.getByRole("button", { name: "Add to basket" }).click();
    await expectVisible(page.getByRole("status").getByText("Added to your basket."));
  });

  test("a sold-out deal offers notify me, by keyboard, and confirms the request", async () => {
    const deal = await soldOutDeal();
    const page = await browser.newPage();
    await page.goto(siteUrl(deal.urlPath));
    const section = page.getByRole("region", { name: "Notify me when it's back" });
    await expectVisible(section);
    expect(await seriousViolations(page)).toEqual([]);

    // The browser takes "ada@localhost"; the site does not, and says so beside the field.
    await section.getByLabel("Email address").fill("ada@localhost");
    await section.getByRole("button", { name: "Notify me" }).click();
    await expectVisible(section.getByText("Enter a valid email address"));

    await section.getByLabel("Email address").fill("notify.me@example.com");
    await section.getByLabel("Email address").press("Enter");
    await expectVisible(
      section.getByRole("status").getByText("We'll email you when this deal is back in stock."),
    );
    expect(new URL(page.url()).pathname).toBe(deal.urlPath);
  });

  test("a category page shows its tiles, each leading to a listing", async () => {
    const category = await londonCategory();
    const page = await browser.newPage();
    await page.goto(siteUrl(category.url));
    const tiles = page.getByRole("navigation", { name: "Browse by category" }).getByRole("link");
    expect(await tiles.count()).toBeGreaterThan(0);
    const href = await tiles.first().getAttribute("href");
    const response = await page.goto(siteUrl(href!));
    expect(response?.status()).toBe(200);
  });
});
