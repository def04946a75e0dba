/**
 * One basket per customer wherever they sign in (services.md §7.3): a basket filled while
 * signed in in one browser is there when the same customer signs in in another, and a guest
 * basket of that other browser joins it on sign-in, nothing lost.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { useBrowser } from "./support/browser.ts";
import {
  addToBasket,
  basketCount,
  buyableVoucher,
  createAccount,
  type Deal,
  findDeals,
  newEmail,
  PASSWORD,
} from "./support/buying.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { siteUrl } from "./support/site.ts";

async function signIn(tab: Page, email: string): Promise<void> {
  await tab.goto(siteUrl("/login"));
  await tab.getByLabel("Email address").fill(email);
  await tab.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await tab.getByRole("button", { name: "Sign in" }).click();
  await tab.waitForURL((url) => url.pathname !== "/login");
}

describe("the customer's one basket", () => {
  const browser = useBrowser();
  let deals: Deal[];

  beforeAll(async () => {
    deals = await findDeals("/v1/deals/london", 2, buyableVoucher);
  });

  test("two browsers signed in as one customer share the basket; a guest basket joins it on sign-in", async () => {
    const email = newEmail("two-browsers");
    await createAccount("main-uk", email, "Sam");
    const [first, second] = [deals[0]!, deals[1]!];

    const laptop = await browser.newPage();
    await signIn(laptop, email);
    await addToBasket(laptop, first, siteUrl);

    const phone = await browser.newPage();
    await addToBasket(phone, second, siteUrl);
    await signIn(phone, email);
    expect(await basketCount(phone)).toBe("2");
    await phone.goto(siteUrl("/basket"));
    for (const deal of [first, second]) await expectVisible(phone.getByText(deal.headline).first());

    await laptop.goto(siteUrl("/basket"));
    for (const deal of [first, second]) await expectVisible(laptop.getByText(deal.headline).first());
    expect(await basketCount(laptop)).toBe("2");
  });
});
