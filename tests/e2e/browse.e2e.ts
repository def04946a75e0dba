/**
 * A shopper browses (product.md §2): the header navigation by mouse and keyboard, listing
 * filters and sort kept in the address, page links and "Load more", the location picker,
 * the travel sub-menu of each country, the Irish sister brand, the page head search engines
 * read, the app shell's banner and exit promo, and axe on every browse page type.
 */
import { HOVER_DELAY_MS } from "@deals/domain/constants";
import { type SiteRating, trustRatingText } from "@deals/domain/exit-promo";
import { formatMoney } from "@deals/domain/money";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { leaveThroughTop, openExitPromo } from "./support/exit-intent.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { visiblePrices } from "./support/prices.ts";
import {
  apiGet,
  type DealCard,
  type DealList,
  locationDeals,
  londonCategory,
  type NavItem,
  siteUrl,
} from "./support/site.ts";

const PAGE_SIZE = 24;
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

interface CountedList extends DealList {
  count: number;
}

/** The headlines of the listing's deal cards, in order (not those recently viewed below it). */
function cardHeadlines(page: Page): Promise<string[]> {
  return page.locator("main .listing__results .deal-card__headline").allInnerTexts();
}

/** A listing with at least two pages: London's deals, else every location's. */
async function pagedListing(): Promise<{ path: string; api: string; count: number }> {
  const london = await apiGet<CountedList>(`/v1/deals/london?page=0&pageSize=${PAGE_SIZE}`);
  if (london.count > PAGE_SIZE)
    return { path: "/deals/london", api: "/v1/deals/london", count: london.count };
  const near = await apiGet<CountedList>(`/v1/deals/near-me?page=0&pageSize=${PAGE_SIZE}`);
  return { path: "/near-me/hub", api: "/v1/deals/near-me", count: near.count };
}

function categoriesNav(page: Page) {
  return page.getByRole("banner").getByRole("navigation", { name: "Categories" });
}

describe("browsing", () => {
  const browser = useBrowser();

  test("the header navigation opens a category of the location", async () => {
    const category = await londonCategory();
    const { deals } = await apiGet<DealList>(`/v1${category.url}?page=0&pageSize=24`);

    const page = await browser.newPage();
    await page.goto(siteUrl("/"));
    await categoriesNav(page).getByRole("link", { name: category.linkText, exact: true }).first().click();
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

  test("London's food deals, filtered by price and sorted by discount, keep the choice in the address", async () => {
    const { navigations } = await apiGet<{ navigations: NavItem[] }>("/v1/navigations?location=london");
    const food = navigations.find((item) => item.url === "/deals/london/food-and-drink")!;
    const page = await browser.newPage();
    await page.goto(siteUrl("/deals/london"));
    await categoriesNav(page).getByRole("link", { name: food.linkText, exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === food.url);
    // The category page itself, not only its address, before its filters are used.
    await expectVisible(page.getByRole("heading", { level: 1, name: food.linkText }));
    // Hydrated, so a change applies at once rather than being lost before the scripts run.
    await page.waitForLoadState("networkidle");

    await page.getByLabel("Price to").selectOption("50");
    await page.waitForURL((url) => url.searchParams.get("maxPrice") === "50");
    // The filtered page itself, not only its address, before the next change.
    await expectVisible(page.getByRole("link", { name: "Clear filters" }));
    await page.getByLabel("Sort by").selectOption({ label: "Discount %" });
    await page.waitForURL((url) => url.searchParams.get("orderBy") === "discount");
    expect(new URL(page.url()).pathname).toBe(food.url);
    expect(new URL(page.url()).search).toBe("?orderBy=discount&order=desc&maxPrice=50");

    const expected = await apiGet<DealList>(
      `/v1${food.url}?orderBy=discount&order=desc&maxPrice=50&page=0&pageSize=${PAGE_SIZE}`,
    );
    expect(expected.deals.length).toBeGreaterThan(0);
    await expect.poll(() => cardHeadlines(page)).toEqual(expected.deals.map((deal) => deal.headline));

    // The same address, shared, opens the same list.
    const shared = await browser.newPage();
    await shared.goto(page.url());
    expect(await cardHeadlines(shared)).toEqual(expected.deals.map((deal) => deal.headline));
    expect(await shared.getByLabel("Sort by").inputValue()).toBe("discount");
  });

  test("the filter form works without JavaScript: the server tidies what it sends", async () => {
    const response = await fetch(
      siteUrl("/deals/london/food-and-drink?sort=discount&minPrice=&maxPrice=50"),
      {
        redirect: "manual",
      },
    );
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, siteUrl("/")).search).toBe(
      "?orderBy=discount&order=desc&maxPrice=50",
    );
  });

  test("a facet checkbox narrows the list and shows its count", async () => {
    const all = await apiGet<
      CountedList & {
        facetedNavigation: { navigations: { linkText: string; count: number; shortName: string }[] };
      }
    >(`/v1/deals/london?page=0&pageSize=${PAGE_SIZE}`);
    const facet = all.facetedNavigation.navigations.find((item) => item.count > 0)!;
    const page = await browser.newPage();
    await page.goto(siteUrl("/deals/london"));
    await page.getByRole("checkbox", { name: `${facet.linkText} (${facet.count})` }).check();
    await page.waitForURL((url) => url.searchParams.get("categories") === facet.shortName);
    await expect
      .poll(() => page.locator(".listing__count").textContent())
      .toMatch(new RegExp(`^${facet.count} deals?`));
  });

  test("page 2 links back to the clean address, and Back returns to page 1", async () => {
    const listing = await pagedListing();
    const [first, second] = await Promise.all([
      apiGet<DealList>(`${listing.api}?page=0&pageSize=${PAGE_SIZE}`),
      apiGet<DealList>(`${listing.api}?page=1&pageSize=${PAGE_SIZE}`),
    ]);
    const page = await browser.newPage();
    await page.goto(siteUrl(listing.path));
    const pages = page.getByRole("navigation", { name: "Pages" });
    await pages.getByRole("link", { name: "Page 2", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(async () => (await cardHeadlines(page))[0]).toBe(second.deals[0]!.headline);

    expect(await pages.getByRole("link", { name: "Page 1", exact: true }).getAttribute("href")).toBe(
      listing.path,
    );
    expect(await pages.getByRole("link", { name: "Previous page" }).getAttribute("href")).toBe(listing.path);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      siteUrl(`${listing.path}?page=2`),
    );

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("page"));
    await expect.poll(async () => (await cardHeadlines(page))[0]).toBe(first.deals[0]!.headline);
  });

  test("Load more appends the next page, and Back from a deal keeps the list and the scroll position", async () => {
    const listing = await pagedListing();
    const page = await browser.newPage();
    await page.goto(siteUrl(listing.path));
    expect(await cardHeadlines(page)).toHaveLength(PAGE_SIZE);
    await page.getByRole("link", { name: "Load more deals" }).click();
    const shown = Math.min(listing.count, 2 * PAGE_SIZE);
    await expect.poll(async () => (await cardHeadlines(page)).length).toBe(shown);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(listing.path);

    const card = page.locator("main .listing__results .deal-grid > li").nth(PAGE_SIZE + 1);
    await card.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await card.getByRole("link").click();
    await page.waitForURL((url) => url.pathname.startsWith("/deal/"));

    await page.goBack();
    await page.waitForURL((url) => url.pathname === listing.path);
    await expect.poll(async () => (await cardHeadlines(page)).length).toBe(shown);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 100);
  });

  test("the location picker saves the choice, and the homepage shows it", async () => {
    const { locations } = await apiGet<{ locations: { shortName: string; name: string }[] }>("/v1/locations");
    const other = locations.find((location) => location.shortName !== "london")!;
    const page = await browser.newPage();
    await page.goto(siteUrl("/"));
    await page.locator(".location-picker summary").click();
    await page.getByRole("button", { name: other.name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/deals/${other.shortName}`);
    await expectVisible(page.getByRole("heading", { level: 1, name: `Deals in ${other.name}` }));

    const cookie = (await page.context().cookies()).find((c) => c.name === "location");
    const saved = JSON.parse(decodeURIComponent(cookie!.value)) as Record<string, unknown>;
    expect(saved).toMatchObject({ shortName: other.shortName, name: other.name });
    expect(typeof saved.lat).toBe("number");
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3_600_000);

    const home = await page.goto(siteUrl("/"));
    expect(home?.headers()["cache-control"]).toBe("private, no-store");
    await expectVisible(page.getByRole("heading", { level: 1, name: `Deals in ${other.name}` }));
    // Pages without a location in their address show it in the header once mounted.
    await page.goto(siteUrl("/gifts"));
    await expect.poll(() => page.locator(".location-picker summary").textContent()).toContain(other.name);
  });

  test("the navigation works by keyboard: arrows between entries, Enter to open, Escape to close", async () => {
    const { navigations } = await apiGet<{ navigations: NavItem[] }>("/v1/navigations?location=london");
    const [local, withSubs] = navigations;
    const page = await browser.newPage();
    await page.goto(siteUrl("/deals/london"));
    const nav = categoriesNav(page);
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

    await nav.getByRole("link", { name: local!.linkText, exact: true }).first().focus();
    await page.keyboard.press("ArrowRight");
    expect(await focusedText()).toBe(withSubs!.linkText);

    await page.keyboard.press("Tab");
    const toggle = nav.getByRole("button", { name: `More in ${withSubs!.linkText}` });
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("ArrowDown");
    expect(await focusedText()).toBe(withSubs!.subNavigations[0]!.linkText);
    await page.keyboard.press("ArrowDown");
    expect(await focusedText()).toBe(withSubs!.subNavigations[1]!.linkText);

    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press(" ");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === withSubs!.subNavigations[0]!.url);

    // The More entry holds what the row has no room for.
    const more = nav.getByRole("button", { name: "More +" });
    await more.focus();
    await page.keyboard.press("Enter");
    expect(await more.getAttribute("aria-expanded")).toBe("true");
    const last = navigations.at(-1)!;
    await expectVisible(page.locator("#nav-more-panel").getByRole("link", { name: last.linkText }));
    await page.keyboard.press("Escape");
    expect(await more.getAttribute("aria-expanded")).toBe("false");
  });

  test("a popover opens on hover after the delay and the selected entry is highlighted", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl("/deals/london/food-and-drink"));
    const nav = categoriesNav(page);
    const selected = nav.locator('.site-nav__link[aria-current="page"]');
    expect(await selected.textContent()).toContain("Food & Drink");

    const entry = nav.locator(".site-nav__item").filter({ hasText: "Beauty & Spa" }).first();
    const toggle = entry.locator("[data-nav-toggle]");
    const hoveredAt = Date.now();
    await entry.hover();
    const state = await toggle.getAttribute("aria-expanded");
    // Still closed before the delay has passed.
    if (Date.now() - hoveredAt < HOVER_DELAY_MS) expect(state).toBe("false");
    await expect.poll(() => toggle.getAttribute("aria-expanded"), { timeout: 2_000 }).toBe("true");
    await page.mouse.move(5, 600);
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
  });

  test("the travel sub-menu shows only on travel pages, in each country's order", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl("/deals/london"));
    expect(await page.getByRole("navigation", { name: "Travel" }).count()).toBe(0);

    const orders = [
      ["main-uk", ["International Travel", "UK Travel"]],
      ["main-ie", ["Ireland Travel", "International Travel"]],
    ] as const;
    for (const [brandId, groups] of orders) {
      await page.goto(siteUrl("/deals/escapes", brandId));
      const travel = page.getByRole("navigation", { name: "Travel" });
      expect(await travel.locator(".travel-menu__group").allInnerTexts()).toEqual(groups);
      // No hover delay in the travel menu.
      const row = travel.locator(".travel-menu__row").first();
      await row.hover();
      await expect
        .poll(() => row.locator("[data-nav-toggle]").getAttribute("aria-expanded"), { timeout: 150 })
        .toBe("true");
    }

    // Small screens: an accordion titled with the current destination or "All travel deals".
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(siteUrl("/deals/escapes"));
    await expectVisible(page.locator(".travel-menu__accordion > summary", { hasText: "All travel deals" }));
    await page.goto(siteUrl("/deals/escapes/uk-travel"));
    await expectVisible(page.locator(".travel-menu__accordion > summary", { hasText: "UK Travel" }));
  });

  test("the Irish sister brand shows euros and its own default location and links", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl("/", "sister-ie"));
    expect(await page.title()).toContain("Fernlight");
    await expect.poll(() => page.locator(".location-picker summary").textContent()).toContain("Dublin South");
    const prices = await visiblePrices(page);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.filter((price) => !price.startsWith("€"))).toEqual([]);

    const privacy = page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" });
    expect(await privacy.getAttribute("href")).toBe("/page/privacypolicy-ie");
    await privacy.click();
    await page.waitForURL((url) => url.pathname === "/page/privacypolicy-ie");
    await expectVisible(page.getByRole("heading", { level: 1, name: "Privacy policy" }));

    // The UK policy's address sends Irish shoppers to their own.
    await page.goto(siteUrl("/page/privacypolicy", "sister-ie"));
    expect(new URL(page.url()).pathname).toBe("/page/privacypolicy-ie");
  });

  test("the gift finder narrows gifts by recipient, personality and budget", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl("/gift-finder"));
    await page.getByLabel("Who is it for?").selectOption({ label: "Mum" });
    await page.getByLabel("What are they like?").selectOption({ label: "Pampered" });
    await page.getByLabel("Budget").selectOption({ index: 3 });
    await page.getByRole("button", { name: "Find gifts" }).click();
    await page.waitForURL((url) => url.pathname === "/gift-finder/gifts-for-mum");
    expect(new URL(page.url()).search).toBe("?searchTag=gifts-for-pampered&minPrice=20&maxPrice=50");
    await expectVisible(page.getByRole("heading", { level: 1, name: "Gifts for Mum" }));
  });

  test("listing heads tell search engines the title, canonical, robots, social tags and breadcrumbs", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl("/deals/london/food-and-drink?orderBy=price&order=asc&utm_source=mail"));
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      siteUrl("/deals/london/food-and-drink"),
    );
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("INDEX, FOLLOW");
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe(await page.title());
    expect(await page.locator('meta[name="twitter:card"]').count()).toBe(1);
    const documents = await page.locator('script[type="application/ld+json"]').allTextContents();
    const crumbs = documents.map((text) => JSON.parse(text)).find((doc) => doc["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      "Home",
      "London",
      "Food & Drink",
    ]);

    await page.goto(siteUrl("/"));
    const home = (await page.locator('script[type="application/ld+json"]').allTextContents()).join(" ");
    expect(home).toContain('"Organization"');
    expect(home).toContain('"SearchAction"');
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");

    // gshop landing pages: canonical cut before /gshop/, title ending with the slug, not indexed.
    await page.goto(siteUrl("/deals/shop/gshop/wireless-earbuds"));
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(siteUrl("/deals/shop"));
    expect(await page.title()).toMatch(/wireless-earbuds$/);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("NOINDEX, FOLLOW");

    // The near-me hub has its fixed title.
    await page.goto(siteUrl("/near-me/hub"));
    expect(await page.title()).toMatch(/^Deals near me \|/);
  });

  test("listing pages are cacheable by a CDN, but never a signed-in shopper's", async () => {
    const anonymous = await fetch(siteUrl("/deals/london"));
    const caching = anonymous.headers.get("cache-control") ?? "";
    expect(caching).toMatch(/s-maxage=\d+/);
    expect(caching).toMatch(/stale-while-revalidate=\d+/);
    const signedIn = await fetch(siteUrl("/deals/london"), { headers: { cookie: "sid=someone" } });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
  });

  test("each brand has its own manifest and icon", async () => {
    const manifest = (await (await fetch(siteUrl("/manifest.webmanifest?brand=sister-ie"))).json()) as {
      name: string;
      icons: { src: string }[];
    };
    expect(manifest.name).toBe("Fernlight");
    const icon = await fetch(siteUrl(`${manifest.icons[0]!.src}?brand=sister-ie`));
    expect(icon.headers.get("content-type")).toContain("image/svg+xml");
    expect(await icon.text()).toContain(">F</text>");
  });
});

describe("app shell", () => {
  const browser = useBrowser();

  test("the exit promo shows once when the mouse leaves the top of the window", async () => {
    const page = await browser.newPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(siteUrl("/deals/london"));
    const dialog = await openExitPromo(page);
    await expectVisible(dialog.getByText("Copy To Claim Your Discount Below:"));
    await expectVisible(dialog.getByRole("link", { name: "For full T&Cs Click Here" }));
    await expect.poll(() => dialog.locator(".exit-promo__deal").count()).toBeGreaterThan(0);
    expect(await dialog.locator(".exit-promo__deal").count()).toBeLessThanOrEqual(6);
    // The trust rating: the site's own reviews, "Rated 4.6 out of 5 from 12,345 reviews".
    const rating = trustRatingText(await apiGet<SiteRating>("/v1/reviews/summary"), "en-GB");
    expect(rating).toMatch(/^Rated \d\.\d out of 5 from [\d,]+ reviews$/);
    await expectVisible(dialog.getByText(rating!, { exact: true }));
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole("button", { name: "Copy" }).click();
    await expectVisible(dialog.getByRole("button", { name: "Copied!" }));
    await expectVisible(dialog.getByRole("button", { name: "Copy", exact: true }), 4_000);

    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await leaveThroughTop(page);
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(false);
  });

  test("the smart app banner shows on an iPhone until closed, and not on a desktop", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl("/deals/london"));
    expect(await page.getByRole("complementary", { name: "Dealmoor app" }).count()).toBe(0);

    const session = await page.context().newCDPSession(page);
    await session.send("Emulation.setUserAgentOverride", { userAgent: IPHONE });
    await page.goto(siteUrl("/deals/london"));
    const banner = page.getByRole("complementary", { name: "Dealmoor app" });
    await expectVisible(banner);
    expect(await banner.getByRole("link", { name: "Open" }).getAttribute("href")).toBe(
      "dealmoor://deals/london",
    );

    await page.goto(siteUrl("/page/aboutus"));
    expect(await banner.count()).toBe(0);

    await page.goto(siteUrl("/deals/london"));
    await banner.getByRole("button", { name: "Close" }).click();
    expect(await banner.count()).toBe(0);
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(await banner.count()).toBe(0);
  });
});

describe("accessibility of browse pages", () => {
  const browser = useBrowser();

  test.each([
    "/",
    "/deals/london",
    "/deals/london/food-and-drink",
    "/deals/london/food-and-drink/restaurants",
    "/deals/shop",
    "/deals/escapes",
    "/deals/escapes/uk-travel",
    "/gifts",
    "/gift-finder",
    "/gift-finder/gifts-for-dad",
    "/deals/vip",
    "/deals/wellness-collection",
    "/early-bird",
    "/deals/london/special/black-friday",
    "/near-me/hub",
    "/near-me/food-and-drink",
    "/guides/hub",
    "/guides/holiday-deals",
    "/guides/black-friday-deals",
    "/guides/wowcher-affiliates",
    "/guides/press-resources",
    "/page/aboutus",
    "/page/businessfaq",
    "/discountcodes",
    "/editorial-team",
    "/location",
  ])("%s has no serious or critical violations", async (path) => {
    const page = await browser.newPage();
    const response = await page.goto(siteUrl(path));
    expect(response?.status()).toBe(200);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the Irish site's privacy policy and an open navigation popover pass too", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl("/page/privacypolicy-ie", "main-ie"));
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(siteUrl("/deals/dublin", "main-ie"));
    await categoriesNav(page).locator("[data-nav-toggle]").first().click();
    await page.locator(".location-picker summary").click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
