/**
 * Paying without signing in (product.md §6): a guest pays at the express checkout by Apple
 * Pay, Google Pay or Clearpay, or by Klarna without JavaScript, under their email address,
 * each through its sandbox, and the confirmation shows the order and how to activate the
 * account later; an email with an active account is sent to sign in. Axe finds nothing
 * serious. (Registering at checkout: first-voucher.e2e.ts.)
 */
import { formatMoney } from "@deals/domain/money";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import {
  addToBasket,
  basketCount,
  buyableVoucher,
  createAccount,
  type Deal,
  fillAddress,
  findDeals,
  goToCheckout,
  newEmail,
  toConfirmation,
} from "./support/buying.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { siteUrl } from "./support/site.ts";

const express = (tab: Page) => tab.getByRole("region", { name: "Express checkout" });
const activation = (tab: Page) => tab.getByRole("region", { name: "Activate your account" });

/** The deal's full price for one, as the pay button shows it. */
const price = (deal: Deal) => formatMoney(deal.products[0]!.totalPrice, "GBP");

describe("express checkout and paying before activating", () => {
  const browser = useBrowser();
  const page = (path: string) => siteUrl(path);
  let deals: Deal[];

  beforeAll(async () => {
    // Deals every express method may pay for (pay later needs a total of 1 to 1000); each
    // journey is a different shopper, so two deals go round the four.
    deals = await findDeals(
      "/v1/deals/london",
      2,
      (d) => buyableVoucher(d) && d.products[0]!.totalPrice >= 100 && d.products[0]!.totalPrice <= 100_000,
    );
  });

  test("a guest pays by Apple Pay with their email, and is told how to activate the account", async () => {
    const deal = deals[0]!;
    const email = newEmail("guest");
    const tab = await browser.newPage();
    await addToBasket(tab, deal, page);
    await goToCheckout(tab);

    const options = express(tab).getByRole("group", { name: "How would you like to pay?" });
    for (const name of ["Apple Pay", "Google Pay", "Klarna", "Clearpay"]) {
      await expectVisible(options.getByRole("radio", { name }));
    }
    expect(await options.getByRole("radio", { name: /card/ }).count()).toBe(0);
    expect(await seriousViolations(tab), "express checkout").toEqual([]);

    // Paying with nothing filled in says what is missing, first the email.
    await tab.getByRole("button", { name: `Pay ${price(deal)}` }).click();
    const problems = tab.getByRole("alert").filter({ hasText: "There is a problem" });
    await expectVisible(
      problems.getByRole("link", { name: "Email address for your order: This field is required" }),
    );
    expect(await seriousViolations(tab), "express checkout with problems").toEqual([]);

    await tab.getByLabel("Email address for your order").fill(email);
    await fillAddress(tab, "gb");
    await options.getByRole("radio", { name: "Apple Pay" }).check();
    await tab.getByRole("button", { name: `Pay ${price(deal)}` }).click();

    await toConfirmation(tab);
    await expectVisible(tab.getByRole("heading", { name: "Thank you for your order" }));
    await expectVisible(tab.getByText("Apple Pay", { exact: true }));
    expect(await tab.locator(".voucher__code").count()).toBe(1);
    await expectVisible(activation(tab).getByText(email));
    await expectVisible(activation(tab).getByRole("link", { name: "No email? Get a new activation link" }));
    expect(await basketCount(tab)).toBe("0");
    expect(await seriousViolations(tab), "guest confirmation").toEqual([]);
    // The new guest account's activation link is in the mailbox, beside the order's email.
    const subjects = (await emailsTo(email)).map((e) => e.subject);
    expect(subjects.some((s) => s.startsWith("Activate your"))).toBe(true);
    expect(subjects.some((s) => s.includes("is confirmed"))).toBe(true);
  });

  test("without JavaScript a guest pays by Klarna; an email with an account is asked to sign in", async () => {
    const deal = deals[1]!;
    const member = newEmail("member");
    await createAccount("main-uk", member, "Alex");
    const tab = await browser.newPage();
    await addToBasket(tab, deal, page);
    await tab.route("**/*.js", (route) => route.abort());
    await goToCheckout(tab);

    await tab.getByLabel("Email address for your order").fill(member);
    await tab.getByLabel("Postcode").fill("SW1A 1AA");
    await express(tab).getByRole("radio", { name: "Klarna" }).check();
    await tab.getByRole("button", { name: `Pay ${price(deal)}` }).click();
    const problems = tab.getByRole("alert").filter({ hasText: "There is a problem" });
    await expectVisible(
      problems.getByText(
        "Email address for your order: An account already uses this email address. Please sign in to continue.",
      ),
    );
    // What was typed is kept; the guest changes only the email.
    expect(await tab.getByLabel("Postcode").inputValue()).toBe("SW1A 1AA");
    expect(await express(tab).getByRole("radio", { name: "Klarna" }).isChecked()).toBe(true);

    const guest = newEmail("klarna");
    await tab.getByLabel("Email address for your order").fill(guest);
    await tab.getByRole("button", { name: `Pay ${price(deal)}` }).click();
    await toConfirmation(tab);
    await expectVisible(tab.getByText("Klarna", { exact: true }));
    await expectVisible(activation(tab).getByText(guest));
  });

  // The other two express methods, each through its sandbox, as a guest would pay.
  for (const [method, index] of [
    ["Google Pay", 0],
    ["Clearpay", 1],
  ] as const) {
    test(`a guest pays by ${method} through its sandbox`, async () => {
      const deal = deals[index]!;
      const email = newEmail(method.replace(" ", "").toLowerCase());
      const tab = await browser.newPage();
      await addToBasket(tab, deal, page);
      await goToCheckout(tab);
      await tab.getByLabel("Email address for your order").fill(email);
      await fillAddress(tab, "gb");
      await express(tab).getByRole("radio", { name: method }).check();
      await tab.getByRole("button", { name: `Pay ${price(deal)}` }).click();
      await toConfirmation(tab);
      await expectVisible(tab.getByRole("heading", { name: "Thank you for your order" }));
      await expectVisible(tab.getByText(method, { exact: true }));
      expect(await tab.locator(".voucher__code").count()).toBe(1);
      await expectVisible(activation(tab).getByText(email));
    });
  }
});

/** The subjects and texts of the emails to an address, newest first. */
async function emailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const mailbox = await (await fetch(siteUrl(`/dev/mailbox.json?to=${encodeURIComponent(email)}`))).json();
  return mailbox.emails;
}
