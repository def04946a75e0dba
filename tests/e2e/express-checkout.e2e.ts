/**
 * Paying without signing in (product.md §6): a guest pays at the express checkout by Apple
 * Pay, or by Klarna without JavaScript, under their email address, and the confirmation shows
 * the order and how to activate the account later; an email with an active account is sent to
 * sign in. A shopper who creates an account at checkout pays at once, activates it from the
 * email afterwards, and then finds the vouchers in their account. Axe finds nothing serious.
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
  PASSWORD,
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
    // journey is a different shopper, so two deals go round the three.
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

  test("a shopper creates an account at checkout, pays at once, and activates it later", async () => {
    const deal = deals[0]!;
    const email = newEmail("newbuyer");
    const tab = await browser.newPage();
    await addToBasket(tab, deal, page);
    await goToCheckout(tab);

    const joining = tab.getByRole("region", { name: "New here? Create an account" });
    await joining.getByLabel("First name").fill("Kit");
    await joining.getByLabel("Last name").fill("Morgan");
    await joining.getByLabel("Your email address").fill(email);
    await joining.getByLabel("Choose a password").fill(PASSWORD);
    await joining.getByLabel("Confirm password").fill(PASSWORD);
    await joining.getByRole("button", { name: "Create account" }).click();

    const sent = tab.getByRole("status").filter({ hasText: `We have sent an email to ${email}` });
    await expectVisible(sent.getByText("Open the link in it to activate your account."), 10_000);
    await expectVisible(
      sent.getByText(
        "You can pay now with express checkout and activate your account from that email later.",
      ),
    );
    expect(await tab.getByLabel("Email address for your order").inputValue()).toBe(email);
    expect(await seriousViolations(tab), "checkout after registering").toEqual([]);

    await fillAddress(tab, "gb");
    await express(tab).getByRole("radio", { name: "Google Pay" }).check();
    await tab.getByRole("button", { name: `Pay ${price(deal)}` }).click();
    await toConfirmation(tab);
    await expectVisible(tab.getByText("Google Pay", { exact: true }));
    await expectVisible(activation(tab).getByText(email));
    const code = (await tab.locator(".voucher__code").first().textContent()) ?? "";
    expect(code).not.toBe("");

    // Not activated yet: signing in is refused.
    await tab.goto(page("/login"));
    await tab.getByLabel("Email address", { exact: true }).fill(email);
    await tab.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await tab.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectVisible(tab.getByText(/Please activate your account with the link we emailed you/));

    // Activated from the email, the account signs in and holds the voucher bought before.
    const activationEmail = (await emailsTo(email)).find((e) => e.subject.startsWith("Activate your"));
    const token = /activate\?token=([\w-]+)/.exec(activationEmail?.text ?? "")?.[1];
    expect(token).toBeDefined();
    await tab.goto(page(`/activate?token=${token}`));
    await tab.getByRole("button", { name: "Activate my account" }).click();
    await expectVisible(tab.getByText("Your account is active. You can sign in now."));
    await tab.goto(page("/login"));
    await tab.getByLabel("Email address", { exact: true }).fill(email);
    await tab.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await tab.getByRole("button", { name: "Sign in", exact: true }).click();
    await tab.waitForURL((url) => url.pathname !== "/login");
    await tab.goto(page("/myaccount/vouchers"));
    await expectVisible(tab.getByRole("listitem").filter({ hasText: code }).getByText("Ready to Redeem"));
  });
});

/** The subjects and texts of the emails to an address, newest first. */
async function emailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const mailbox = await (await fetch(siteUrl(`/dev/mailbox.json?to=${encodeURIComponent(email)}`))).json();
  return mailbox.emails;
}
