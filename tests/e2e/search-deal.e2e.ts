/**
 * A shopper searches and buys into a deal, as a shopper and a search engine see it: a search
 * with a typo still finds the deal, suggestions work from the keyboard, the deal page shows
 * each option's full price and the lowest price of the last 30 days beside a was price, its
 * reviews page without script, old deal addresses move to the canonical one, odd searches get
 * a proper page, the deal page (not hydrated) has the shell's search suggestions and exit
 * promo, and axe finds nothing serious on these pages.
 */
import type { DealDetail, DealListResponse, DealSummary } from "@deals/api/modules/deals/schemas";
import type { ReviewsResponse } from "@deals/api/modules/reviews/schemas";
import { type SiteRating, trustRatingText } from "@deals/domain/exit-promo";
import { formatMoney } from "@deals/domain/money";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { openExitPromo } from "./support/exit-intent.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { apiGet, londonCategory, siteUrl } from "./support/site.ts";

const LONDON = "/v1/deals/london?page=0&pageSize=24";

async function londonDeals(): Promise<DealSummary[]> {
  return (await apiGet<DealListResponse>(LONDON)).deals;
}

async function details(deals: readonly DealSummary[]): Promise<DealDetail[]> {
  return Promise.all(deals.map((deal) => apiGet<DealDetail>(`/v1/deal/${deal.id}`)));
}

/** A London deal and a misspelling of the longest word of its headline that still finds it. */
async function misspeltSearch(): Promise<{ deal: DealSummary; typo: string }> {
  for (const deal of await londonDeals()) {
    const word = deal.headline
      .split(/\s+/)
      .map((w) => w.replace(/[^a-z]/gi, ""))
      .sort((a, b) => b.length - a.length)[0];
    if (!word || word.length < 6) continue;
    const typo = `${word.slice(0, 2)}${word.slice(3)}`.toLowerCase();
    const found = await apiGet<DealListResponse>(
      `/v1/search/london?q=${encodeURIComponent(typo)}&page=0&pageSize=24`,
    );
    if (found.deals.some((d) => d.id === deal.id)) return { deal, typo };
  }
  throw new Error("No London deal is found by a misspelling of its headline");
}

/** Waits until the page's scripts have run, so the search box is a live combobox. */
async function openHydrated(page: Page, path: string) {
  await page.goto(siteUrl(path));
  await page.waitForLoadState("networkidle");
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Types in the header's search box, moves to the first suggestion with the arrow key and
 * opens it with Enter: the page it names is shown.
 */
async function chooseSuggestionWithKeyboard(page: Page) {
  const from = page.url();
  const box = page.getByRole("combobox", { name: "Search deals" });
  await box.pressSequentially("spa", { delay: 50 });
  const listbox = page.getByRole("listbox", { name: "Search suggestions" });
  await expectVisible(listbox.getByRole("option"));
  expect(await box.getAttribute("aria-expanded")).toBe("true");

  await box.press("ArrowDown");
  const activeId = await box.getAttribute("aria-activedescendant");
  expect(activeId).toBeTruthy();
  const active = page.locator(`[id="${activeId}"]`);
  expect(await active.getAttribute("aria-selected")).toBe("true");
  const chosen = ((await active.textContent()) ?? "").trim();

  await box.press("Enter");
  await page.waitForURL((url) => url.href !== from);
  await expectVisible(page.getByRole("heading", { level: 1, name: new RegExp(escapeRegExp(chosen), "i") }));
}

describe("search and the deal page", () => {
  const browser = useBrowser();

  test("a search with a typo finds the deal, and its card opens it", async () => {
    const { deal, typo } = await misspeltSearch();
    const page = await browser.newPage();
    await openHydrated(page, "/");

    const box = page.getByRole("combobox", { name: "Search deals" });
    await box.fill(typo);
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === typo);

    await expectVisible(page.getByRole("heading", { level: 1, name: `Results for “${typo}”` }));
    await page.getByRole("main").getByRole("link", { name: deal.headline }).first().click();
    await page.waitForURL((url) => url.pathname === deal.urlPath);
    await expectVisible(page.getByRole("heading", { level: 1, name: deal.headline }));
  });

  test("what a shopper types in the search box before the results page hydrates is kept", async () => {
    const page = await browser.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.js(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(siteUrl("/search?q=spa"), { waitUntil: "commit" });
    const box = page.locator('header input[name="q"]');
    await box.fill("afternoon tea");
    release();
    await page.waitForLoadState("networkidle");
    // The hydrated combobox, re-rendered as its suggestions open, still holds the typed words.
    await box.press("ArrowDown");
    await page.waitForTimeout(300);
    expect(await box.inputValue()).toBe("afternoon tea");
  });

  test("a suggestion is chosen with the keyboard", async () => {
    const page = await browser.newPage();
    await openHydrated(page, "/");
    await chooseSuggestionWithKeyboard(page);
  });

  test("choosing an option of a deal shows that option's full price", async () => {
    const deal = (await details(await londonDeals())).find(
      (d) =>
        d.productDisplay.type === "default" &&
        d.productDisplay.row === null &&
        d.products.filter((p) => !p.soldOut).length >= 2,
    );
    if (!deal) throw new Error("No London deal with two options on sale");
    const [, other] = deal.products.filter((p) => !p.soldOut);
    const otherPrice = formatMoney(other!.totalPrice, deal.currency);

    const page = await browser.newPage();
    await page.goto(siteUrl(deal.urlPath));
    const bigPrice = page.getByRole("main").getByText(otherPrice, { exact: true });
    expect(await bigPrice.isVisible()).toBe(false);

    await page.getByRole("radio", { name: new RegExp(escapeRegExp(other!.title)) }).check();
    await expectVisible(bigPrice);
    // The fees it includes are named with it: nothing is left for checkout to reveal.
    const money = (minor: number) => formatMoney(minor, deal.currency);
    const parts = [
      money(other!.price),
      ...(other!.adminFee > 0 ? [`${money(other!.adminFee)} admin fee`] : []),
      ...(other!.postagePrice > 0 ? [`${money(other!.postagePrice)} postage`] : []),
    ];
    if (parts.length > 1) await expectVisible(page.getByText(`${parts.join(" + ")} =`));
  });

  test("a was price comes with the lowest price of the last 30 days", async () => {
    const deal = (await details(await londonDeals())).find(
      (d) => d.display.discount && d.originalPrice > d.price && d.productDisplay.type !== "dropdown",
    );
    if (!deal) throw new Error("No London deal showing a was price");
    const lead = [...deal.products].filter((p) => !p.soldOut).sort((a, b) => a.totalPrice - b.totalPrice)[0]!;

    const page = await browser.newPage();
    await page.goto(siteUrl(deal.urlPath));
    await expectVisible(
      page.getByText(`Was ${formatMoney(lead.originalPrice, deal.currency)}`, { exact: true }),
    );
    await expectVisible(
      page.getByText(
        `Lowest price in the last 30 days: ${formatMoney(lead.lowestPriceLast30Days, deal.currency)}`,
      ),
    );
  });

  test("reviews page 2 opens from a plain link and lists the next reviews", async () => {
    let found: { deal: DealDetail; second: ReviewsResponse } | undefined;
    for (const deal of await details(await londonDeals())) {
      const second = await apiGet<ReviewsResponse>(
        `/v1/reviews/${deal.business.id}?dealId=${deal.id}&page=1&size=10`,
      );
      if (second.totalPages >= 2 && second.reviews.length > 0) {
        found = { deal, second };
        break;
      }
    }
    if (!found) throw new Error("No London deal whose merchant has more than one page of reviews");
    const { deal, second } = found;

    const page = await browser.newPage();
    await page.goto(siteUrl(deal.urlPath));
    await page
      .getByRole("navigation", { name: "Review pages" })
      .getByRole("link", { name: "Next reviews" })
      .click();
    await page.waitForURL((url) => url.searchParams.get("reviewsPage") === "2");

    await expectVisible(page.getByText(`Page 2 of ${second.totalPages}`));
    const authors = await page.locator(".review__meta").allTextContents();
    expect(authors.map((text) => text.split(",")[0])).toEqual(second.reviews.map((r) => r.authorName));
  });

  test("a deal address that is not canonical moves for good to the canonical one", async () => {
    const [deal] = await londonDeals();
    const oldAddress = `${deal!.urlPath.split("/").slice(0, -1).join("/")}/an-old-name`;

    const page = await browser.newPage();
    const response = await page.goto(siteUrl(oldAddress));
    expect(new URL(page.url()).pathname).toBe(deal!.urlPath);
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301);
    expect(response?.status()).toBe(200);
  });

  test("a deal page viewed shows up as recently viewed on the search page", async () => {
    const [deal] = await londonDeals();
    const page = await browser.newPage();
    await page.goto(siteUrl(deal!.urlPath));
    await openHydrated(page, "/search?q=zzqqxxvv");
    const recent = page.getByRole("region", { name: "Recently viewed" });
    await expectVisible(recent.getByRole("link", { name: deal!.headline }));
  });

  test.each([
    ["ten thousand characters", "a".repeat(10_000)],
    ["SQL", "'; DROP TABLE deals; --"],
    ["HTML", '<script>window.injected=1</script><img src=x onerror="window.injected=2">'],
  ])("a search of %s gets a proper page and nothing runs", async (_, q) => {
    const page = await browser.newPage();
    const response = await page.goto(siteUrl(`/search?q=${encodeURIComponent(q)}`));
    expect(response?.status()).toBeLessThan(500);
    await expectVisible(page.getByRole("heading", { level: 1 }));
    expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();
  });

  describe("the app shell on a deal page, which does not hydrate", () => {
    test("loads no app bundle and carries the shell's islands once; a hydrated page carries the bundle instead", async () => {
      const [deal] = await londonDeals();
      const category = await londonCategory();
      // The shell's islands by their built names (/assets/<name>-<hash>.js), and its data block.
      const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
      const shell = (html: string) => ({
        plainShell: count(html, /<script type="module" src="\/assets\/plain-shell-[\w-]+\.js"/g),
        everyPage: count(html, /<script type="module" src="\/assets\/shell-[\w-]+\.js"/g),
        plainData: count(html, /"plain":\{"location":"london","exitPromo":\{"code":/g),
      });
      for (const path of ["/", "/deals/london", deal!.urlPath]) {
        const html = await (await fetch(siteUrl(path))).text();
        expect(html, path).not.toMatch(/rel="modulepreload"/);
        expect(shell(html), path).toEqual({ plainShell: 1, everyPage: 1, plainData: 1 });
      }
      const hydrated = await (await fetch(siteUrl(category.url))).text();
      expect(hydrated).toMatch(/rel="modulepreload"/);
      expect(shell(hydrated)).toEqual({ plainShell: 0, everyPage: 1, plainData: 0 });
    });

    test("a search suggestion is chosen with the keyboard", async () => {
      const [deal] = await londonDeals();
      const page = await browser.newPage();
      await openHydrated(page, deal!.urlPath);
      await chooseSuggestionWithKeyboard(page);
    });

    test("the exit promo opens on exit intent with the trust rating and deals, and Escape closes it", async () => {
      const [deal] = await londonDeals();
      const page = await browser.newPage();
      await openHydrated(page, deal!.urlPath);
      const dialog = await openExitPromo(page);

      await expectVisible(dialog.getByText("Copy To Claim Your Discount Below:"));
      await expectVisible(dialog.getByRole("link", { name: "For full T&Cs Click Here" }));
      const rating = trustRatingText(await apiGet<SiteRating>("/v1/reviews/summary"), "en-GB");
      expect(rating).toMatch(/^Rated \d\.\d out of 5 from [\d,]+ reviews$/);
      await expectVisible(dialog.getByText(rating!, { exact: true }));
      // Up to 6 deals, the recently viewed first: this deal, recorded by the page itself.
      const cards = dialog.getByRole("list").getByRole("link");
      await expect.poll(() => cards.count()).toBeGreaterThan(0);
      expect(await cards.count()).toBeLessThanOrEqual(6);
      expect(await cards.first().getAttribute("href")).toBe(deal!.urlPath);
      expect(await seriousViolations(page)).toEqual([]);

      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expectVisible(page.getByRole("heading", { level: 1, name: deal!.headline }));
    });
  });

  describe("accessibility", () => {
    async function expectNoSeriousViolations(path: string) {
      const page = await browser.newPage();
      await openHydrated(page, path);
      expect(await seriousViolations(page)).toEqual([]);
    }

    test("search with results", async () => {
      const { typo } = await misspeltSearch();
      await expectNoSeriousViolations(`/search?q=${encodeURIComponent(typo)}`);
    });

    test("search without results", async () => {
      await expectNoSeriousViolations("/search?q=zzqqxxvv");
    });

    test("deal page with options and reviews", async () => {
      const deal = (await details(await londonDeals())).find((d) => d.products.length >= 2);
      await expectNoSeriousViolations((deal ?? (await londonDeals())[0]!).urlPath);
    });
  });
});
