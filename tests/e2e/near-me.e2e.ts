/**
 * A shopper near Manchester opens the hyperlocal hub (product.md §2 "Hyperlocal pages"):
 * before sharing their position it lists from the brand's default location; "Use my
 * location" (Chromium with geolocation granted) lists the nearest deals first, each with
 * its distance, and the position is remembered for the next visit. Irish sites speak km.
 */
import type { BrandId } from "@deals/domain/brand";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { apiGet, type DealCard, siteUrl } from "./support/site.ts";

const MANCHESTER = { latitude: 53.4794, longitude: -2.2453 };
const DUBLIN = { latitude: 53.3498, longitude: -6.2603 };

interface NearDeal extends DealCard {
  location: { shortName: string; name: string } | null;
  distanceKm?: number;
}

/** The cards in the page's main content: headline, place and distance, in order. */
function cards(page: Page) {
  return page.locator("main .deal-card").evaluateAll((articles) =>
    articles.map((article) => ({
      headline: article.querySelector(".deal-card__headline")?.textContent?.trim() ?? "",
      location: article.querySelector(".deal-card__location")?.textContent?.trim() ?? null,
      distance: article.querySelector(".deal-card__distance")?.textContent?.trim() ?? null,
    })),
  );
}

/** The first page of the near-me listing from a position, as the API orders it. */
function nearestFrom(point: { latitude: number; longitude: number }, brandId: BrandId = "main-uk") {
  return apiGet<{ deals: NearDeal[] }>(
    `/v1/deals/near-me?lat=${point.latitude}&lon=${point.longitude}&page=0&pageSize=24`,
    brandId,
  );
}

async function sharingPosition(browser: ReturnType<typeof useBrowser>, at: typeof MANCHESTER) {
  const page = await browser.newPage();
  await page.context().grantPermissions(["geolocation"]);
  await page.context().setGeolocation(at);
  return page;
}

const numberIn = (distance: string | null) => Number(distance?.match(/^([\d.,]+) /)?.[1]?.replace(",", ""));

describe("near-me pages", () => {
  const browser = useBrowser();

  test("Use my location lists the deals nearest Manchester first, and remembers it", async () => {
    const page = await sharingPosition(browser, MANCHESTER);
    await page.goto(siteUrl("/near-me/hub"));
    // Before the shopper shares a position, distances run from the brand's default location.
    await expectVisible(page.getByText("Nearest deals first, from London."));
    expect((await cards(page))[0]?.location).toBe("London");

    await page.getByRole("button", { name: "Use my location" }).click();
    await page.waitForURL((url) => url.searchParams.has("lat") && url.searchParams.has("lon"));
    const address = new URL(page.url());
    expect(Number(address.searchParams.get("lat"))).toBeCloseTo(MANCHESTER.latitude, 3);
    expect(Number(address.searchParams.get("lon"))).toBeCloseTo(MANCHESTER.longitude, 3);
    await expectVisible(page.getByText("Nearest deals first, from your location near Manchester."));

    const shown = await cards(page);
    const expected = await nearestFrom(MANCHESTER);
    expect(shown.map((card) => card.headline)).toEqual(expected.deals.map((deal) => deal.headline));
    expect(shown[0]?.location).toBe("Manchester");
    for (const card of shown) expect(card.distance).toMatch(/^\d[\d,]*(\.\d)? miles? away$/);
    const miles = shown.map((card) => numberIn(card.distance));
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(await seriousViolations(page)).toEqual([]);

    // The position is saved with the nearest location's name: the next visit starts from it.
    const cookie = (await page.context().cookies()).find((c) => c.name === "location");
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({
      name: "Manchester",
      shortName: "manchester",
      lat: expect.closeTo(MANCHESTER.latitude, 3),
      lon: expect.closeTo(MANCHESTER.longitude, 3),
    });
    await page.goto(siteUrl("/near-me/hub"));
    await expectVisible(page.getByText("Nearest deals first, from Manchester."));
    expect((await cards(page))[0]?.location).toBe("Manchester");
  });

  test("a position that is not one is ignored, not an error", async () => {
    const page = await browser.newPage();
    const response = await page.goto(siteUrl("/near-me/hub?lat=north&lon=999"));
    expect(response?.status()).toBe(200);
    await expectVisible(page.getByText("Nearest deals first, from London."));
    expect((await cards(page))[0]?.location).toBe("London");
  });

  test("Irish sites give distances in kilometres", async () => {
    const page = await sharingPosition(browser, DUBLIN);
    await page.goto(siteUrl("/near-me/hub", "main-ie"));
    await page.getByRole("button", { name: "Use my location" }).click();
    await page.waitForURL((url) => url.searchParams.has("lat"));
    const shown = await cards(page);
    const expected = await nearestFrom(DUBLIN, "main-ie");
    expect(shown.map((card) => card.headline)).toEqual(expected.deals.map((deal) => deal.headline));
    expect(shown[0]?.location).toMatch(/^Dublin/);
    for (const card of shown) expect(card.distance).toMatch(/^\d[\d,]*(\.\d)? km away$/);
  });
});
