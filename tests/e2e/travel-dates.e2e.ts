/**
 * Travel dates on a travel listing, through the browser: the shopper chooses check-in and
 * nights on /deals/escapes, sees only deals bookable for that stay, each with the stay's
 * price, and opens one whose calendar has the dates already chosen. axe finds nothing serious.
 */
import { formatMoney } from "@deals/domain/money";
import { beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { apiGet, siteUrl } from "./support/site.ts";
import { type CalendarDeal, calendarDeal } from "./support/travel.ts";

interface StayListing {
  count: number;
  deals: { id: number; urlPath: string; dynamicTravelPackagePrice?: number | null }[];
}

describe("travel listing: dates, nights and guests", () => {
  const browser = useBrowser();
  let deal: CalendarDeal;

  beforeAll(async () => {
    deal = await calendarDeal("main-uk");
  });

  test("choosing dates lists the bookable deals with their stay price; a card opens with the dates chosen", async () => {
    const stay = `checkIn=${deal.checkIn}&nights=2&guests=2`;
    const listed = await apiGet<StayListing>(`/v1/deals/travel?${stay}&page=0&pageSize=100`);
    const ours = listed.deals.find((d) => d.id === deal.id);
    expect(ours?.dynamicTravelPackagePrice).toEqual(expect.any(Number));

    const tab = await browser.newPage();
    await tab.goto(siteUrl("/deals/escapes"));
    const filters = tab.getByRole("form", { name: "Sort and filter deals" });
    // Each change applies at once, as the other filters do.
    await filters.getByLabel("Check-in", { exact: true }).fill(deal.checkIn);
    await tab.waitForURL((url) => url.searchParams.get("checkIn") === deal.checkIn);
    await filters.getByLabel("Nights", { exact: true }).selectOption("2");
    await tab.waitForURL((url) => url.searchParams.get("nights") === "2");
    expect(await filters.getByLabel("Check-in", { exact: true }).inputValue()).toBe(deal.checkIn);

    // Only the deals the API lists for the stay, each with the stay's price.
    const cards = tab.locator("article.deal-card");
    await expectVisible(cards.first());
    const bookable = new Set(listed.deals.map((d) => d.urlPath));
    for (const href of await cards
      .locator("a.deal-card__link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? "")))
      expect(bookable.has(href.split("?")[0] ?? "")).toBe(true);
    for (const text of await cards.locator(".deal-card__stay-price").allTextContents())
      expect(text).toMatch(/^£[\d,.]+ for 2 nights, 2 guests$/);
    const card = tab.locator(`a.deal-card__link[href^="${deal.urlPath}?"]`);
    const price = formatMoney(ours?.dynamicTravelPackagePrice ?? 0, "GBP", "en-GB");
    await expectVisible(
      tab.locator("article.deal-card", { has: card }).getByText(`${price} for 2 nights, 2 guests`),
    );
    expect(await seriousViolations(tab), "travel listing with dates").toEqual([]);

    // The travel sub-menu keeps the dates.
    const menuLink = tab.getByRole("navigation", { name: "Travel" }).locator("a").first();
    expect(await menuLink.getAttribute("href")).toContain(`checkIn=${deal.checkIn}`);

    await card.click();
    await tab.waitForURL((url) => url.pathname === deal.urlPath);
    await expectVisible(tab.locator("[data-stay-total]").getByText(/2 guests/));
    expect(new URL(tab.url()).searchParams.get("checkOut")).toBe(deal.checkOut);
  });

  test("dates the calendar cannot read leave the listing as it was", async () => {
    const tab = await browser.newPage();
    const response = await tab.goto(siteUrl("/deals/escapes?checkIn=2030-02-30&nights=40"));
    expect(response?.status()).toBe(200);
    await expectVisible(tab.locator("article.deal-card").first());
    expect(await tab.locator(".deal-card__stay-price").count()).toBe(0);
    expect(await tab.getByLabel("Check-in", { exact: true }).inputValue()).toBe("");
  });
});
