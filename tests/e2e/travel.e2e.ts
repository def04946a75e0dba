/**
 * Travel, through the browser: on a hotel deal's calendar the shopper picks check-in and
 * check-out with the keyboard only, changes the guests and sees the total change, books the
 * dates (held for 15 minutes), signs in, enters the passengers and pays: the voucher is
 * Booked. A hold that runs out shows the 350 px checkout timer popup and its reload takes the
 * stay out of the basket. An Irish calendar deal prices its nights in euros. axe finds
 * nothing serious.
 */
import type { BrandId } from "@deals/domain/brand";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { spokenDate } from "../../apps/web/app/lib/stay-picker.ts";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import {
  createAccount,
  newEmail,
  payByCard,
  signInAtCheckout,
  toConfirmation,
  VISA,
} from "./support/buying.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { siteUrl } from "./support/site.ts";
import { type CalendarDeal, calendarDeal } from "./support/travel.ts";

/** Tabs to the day's link (its label starts with the spoken date) and presses Enter. */
async function chooseDayByKeyboard(tab: Page, date: string): Promise<void> {
  const name = new RegExp(`^${spokenDate(date)},`);
  for (let presses = 0; presses < 120; presses++) {
    await tab.keyboard.press("Tab");
    const focused = await tab.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    if (name.test(focused)) {
      await Promise.all([tab.waitForLoadState("load"), tab.keyboard.press("Enter")]);
      return;
    }
  }
  throw new Error(`The day ${date} could not be reached with the keyboard`);
}

async function bookStay(tab: Page, deal: CalendarDeal, brandId?: BrandId) {
  await tab.goto(siteUrl(`${deal.urlPath}?month=${deal.checkIn.slice(0, 7)}`, brandId));
  await expectVisible(tab.getByRole("heading", { name: "Choose your dates" }));
  await tab.locator("#stay-guests").focus();
  await chooseDayByKeyboard(tab, deal.checkIn);
  await expectVisible(tab.getByText(/now choose your check-out date/));
  await chooseDayByKeyboard(tab, deal.checkOut);
}

describe("travel: dates, nights, rooms and a live hold", () => {
  const browser = useBrowser();
  let deal: CalendarDeal;
  let expiring: CalendarDeal;

  beforeAll(async () => {
    deal = await calendarDeal("main-uk");
    expiring = await calendarDeal("main-uk", deal.id);
  });

  test("keyboard-only dates, the total follows the guests, passengers, pay: the voucher is Booked", async () => {
    const email = newEmail("traveller");
    await createAccount("main-uk", email, "Robin");
    const tab = await browser.newPage();
    await bookStay(tab, deal);
    const total = tab.locator("[data-stay-total]");
    await expectVisible(total.getByText(/2 guests/));
    const forTwo = await total.locator("strong").textContent();
    expect(await seriousViolations(tab), "deal calendar").toEqual([]);

    await tab.getByLabel("Guests (rooms of 2)").selectOption("4");
    await tab.getByRole("button", { name: "Update" }).click();
    await expectVisible(total.getByText(/4 guests/));
    const forFour = await total.locator("strong").textContent();
    const amount = (text: string | null) => Number((text ?? "").replace(/[^\d.]/g, ""));
    expect(amount(forFour)).toBeCloseTo(2 * amount(forTwo), 2);

    await tab.getByRole("button", { name: "Book these dates" }).click();
    await tab.waitForURL((url) => url.pathname.startsWith("/checkout/"));
    await expectVisible(tab.getByText(/Your dates are held for you/));
    await signInAtCheckout(tab, email);
    await expectVisible(tab.getByText(/Check-in .*, check-out .*, 4 guests/));

    for (let i = 0; i < 4; i++) {
      const passenger = tab.getByRole("group", { name: `Passenger ${i + 1}` });
      await passenger.getByLabel("Title").selectOption("Ms");
      await passenger.getByLabel("First names").fill(["Ann", "Bea", "Cat", "Dee"][i]!);
      await passenger.getByLabel("Last name").fill("Traveller");
      await passenger.getByLabel("Day", { exact: true }).fill("4");
      await passenger.getByLabel("Month", { exact: true }).fill("7");
      await passenger.getByLabel("Year (YYYY)").fill("1988");
      await passenger.getByLabel("Contact phone").fill("07700 900123");
    }
    await tab.getByLabel("Postcode").fill("SW1A 1AA");
    expect(await seriousViolations(tab), "travel checkout").toEqual([]);
    await payByCard(tab, VISA);
    await toConfirmation(tab);
    await expectVisible(tab.getByText("Booked").first());
  });

  test("a hold that runs out shows the timer popup, and its reload takes the stay out", async () => {
    const tab = await browser.newPage();
    await tab.clock.install();
    await bookStay(tab, expiring);
    await tab.getByRole("button", { name: "Book these dates" }).click();
    await tab.waitForURL((url) => url.pathname.startsWith("/checkout/"));
    const token = decodeURIComponent(new URL(tab.url()).pathname.split("/")[2]!);
    await expectVisible(tab.getByText(/Your dates are held for you for/));
    const ended = await fetch(siteUrl("/dev/travel-hold-ends"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ basketToken: token }),
    });
    expect(ended.status).toBe(200);
    await tab.clock.fastForward("16:00");
    const popup = tab.getByRole("alertdialog", { name: "Your time is up" });
    await expectVisible(popup);
    expect((await popup.boundingBox())?.width).toBe(350);
    expect(await seriousViolations(tab), "timer popup").toEqual([]);
    await popup.getByRole("link", { name: "Reload checkout" }).click();
    await tab.waitForURL((url) => url.search.includes("timerElapsed=true"));
    await expectVisible(tab.getByText(/Your hold on these dates has ended/).first());
    await tab.goto(siteUrl("/basket"));
    await expectVisible(tab.getByText("Your basket is empty."));
  });

  test("an Irish hotel deal prices its nights in euros", async () => {
    const irish = await calendarDeal("main-ie");
    const tab = await browser.newPage();
    await tab.goto(
      siteUrl(`${irish.urlPath}?checkIn=${irish.checkIn}&checkOut=${irish.checkOut}`, "main-ie"),
    );
    await expectVisible(tab.locator("[data-stay-total]").getByText(/€/));
  });
});
