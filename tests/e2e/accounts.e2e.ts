/**
 * Accounts, through the browser: register, activate from the development mailbox, sign in,
 * change the password, sign out and sign in with the new one; a protected page sends a
 * visitor to login and back; a deleted account can no longer sign in; the forms show the
 * spec's messages beside their fields, also without JavaScript; an address is found by
 * postcode; Google sign-in through the development stand-in, by keyboard; axe finds nothing
 * serious (on /login and /register, with the Google button, too).
 */
import { postcodeAddressRows } from "@deals/db/seed/addresses";
import { BRANDS } from "@deals/domain/brand";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { siteUrl } from "./support/site.ts";

const BRAND = BRANDS["main-uk"];
/** Pages on the brand's own host, so emailed links come back to it. */
const page = (path: string) => siteUrl(path, BRAND.id);

let counter = 0;
const newEmail = (label: string) => `${label}.${Date.now().toString(36)}${counter++}@mail.example.co.uk`;

/** Creates and activates an account through the API, as setup for a journey about something else. */
async function createAccount(email: string, password: string, firstName: string): Promise<void> {
  const headers = { "content-type": "application/json", brand: BRAND.key, "country-code": BRAND.countryCode };
  const registered = await fetch(siteUrl("/v1/register"), {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, confirmPassword: password, firstName, lastName: "Tester" }),
  });
  expect(registered.status).toBe(201);
  const mailbox = await (await fetch(siteUrl(`/dev/mailbox.json?to=${encodeURIComponent(email)}`))).json();
  const token = /token=([\w-]+)/.exec(mailbox.emails[0].text)?.[1];
  const activated = await fetch(siteUrl("/v1/user/password_activate"), {
    method: "POST",
    headers,
    body: JSON.stringify({ token }),
  });
  expect(activated.status).toBe(200);
}

async function signIn(tab: Page, email: string, password: string): Promise<void> {
  await tab.getByLabel("Email address").fill(email);
  await tab.getByLabel("Password", { exact: true }).fill(password);
  await tab.getByRole("button", { name: "Sign in" }).click();
}

const header = (tab: Page) => tab.getByRole("banner");

describe("accounts", () => {
  const browser = useBrowser();

  test("register (signed in at once), activate from the mailbox, change password, sign out, sign in with the new one", async () => {
    const email = newEmail("journey");
    const tab = await browser.newPage();
    await tab.goto(page("/register"));
    await tab.getByLabel("First name").fill("Robin");
    await tab.getByLabel("Last name").fill("Ashby");
    await tab.getByLabel("Email address").fill(email);
    await tab.getByLabel("Password", { exact: true }).fill("first-pass-1");
    await tab.getByLabel("Confirm password").fill("first-pass-1");
    await tab.getByRole("button", { name: "Create account" }).click();
    await tab.waitForURL((url) => url.pathname === "/");
    await expectVisible(header(tab).getByText("Robin"));
    await tab.goto(page("/myaccount/profile"));
    await expectVisible(tab.getByRole("status").getByText(`open the link we sent to ${email}`));

    await tab.goto(page("/dev/mailbox"));
    const activation = tab
      .getByRole("article")
      .filter({ hasText: email })
      .filter({ hasText: "Activate your" });
    await activation
      .first()
      .getByRole("link", { name: /\/activate\?token=/ })
      .click();
    await tab.getByRole("button", { name: "Activate my account" }).click();
    await expectVisible(
      tab.getByRole("status").getByText("Your account is confirmed, and you are signed in."),
    );

    await tab.goto(page("/myaccount/password"));
    await tab.getByLabel("Current password").fill("first-pass-1");
    await tab.getByLabel("New password", { exact: true }).fill("second-pass-2");
    await tab.getByLabel("Confirm new password").fill("second-pass-2");
    await tab.getByRole("button", { name: "Change password" }).click();
    await expectVisible(tab.getByRole("status").getByText("Your password has been changed."));

    await header(tab).getByText("Robin").click();
    await header(tab).getByRole("button", { name: "Sign out" }).click();
    await expectVisible(header(tab).getByRole("link", { name: "Sign in" }));

    await tab.goto(page("/login"));
    await signIn(tab, email, "first-pass-1");
    await expectVisible(tab.getByRole("alert").getByText("Invalid email/password. Please try again."));
    await signIn(tab, email, "second-pass-2");
    await tab.waitForURL((url) => url.pathname === "/");
    await expectVisible(header(tab).getByText("Robin"));
  });

  test("a protected page sends a visitor to login, and back there after signing in", async () => {
    const email = newEmail("protected");
    await createAccount(email, "protect-pass", "Sasha");
    const tab = await browser.newPage();
    await tab.goto(page("/myaccount/subscriptions"));
    await tab.waitForURL((url) => url.pathname === "/login");
    await signIn(tab, email, "protect-pass");
    await tab.waitForURL((url) => url.pathname === "/myaccount/subscriptions");
    await expectVisible(tab.getByRole("heading", { level: 1, name: "Email preferences" }));
  });

  test("Sign in with Google by keyboard, through the development stand-in, and back where the shopper was", async () => {
    const email = newEmail("google");
    const tab = await browser.newPage();
    await tab.goto(page("/myaccount/subscriptions"));
    await tab.waitForURL((url) => url.pathname === "/login");
    await expectVisible(
      tab.getByText(`By clicking Sign in with Google you agree to receive daily emails from ${BRAND.name}.`),
    );
    const google = tab.getByRole("link", { name: "Sign in with Google" });
    await google.focus();
    await google.press("Enter");
    await tab.waitForURL((url) => url.pathname === "/dev/google");
    expect(await seriousViolations(tab), "/dev/google").toEqual([]);
    await tab.getByLabel("First name").fill("Noor");
    await tab.getByLabel("Last name").fill("Haddad");
    await tab.getByLabel("Google email address").fill(email);
    await tab.getByLabel("Google email address").press("Enter");
    await tab.waitForURL((url) => url.pathname === "/myaccount/subscriptions");
    await expectVisible(tab.getByRole("heading", { level: 1, name: "Email preferences" }));
    await expectVisible(header(tab).getByText("Noor"));
  });

  test("a deleted account can no longer sign in", async () => {
    const email = newEmail("deleted");
    await createAccount(email, "delete-pass", "Jules");
    const tab = await browser.newPage();
    await tab.goto(page("/login"));
    await signIn(tab, email, "delete-pass");
    await tab.waitForURL((url) => url.pathname === "/");

    await tab.goto(page("/myaccount/delete"));
    await tab.getByLabel("Enter your password to confirm").fill("delete-pass");
    await tab.getByRole("button", { name: "Delete my account" }).click();
    await tab.waitForURL((url) => url.pathname === "/login");
    await expectVisible(tab.getByRole("status").getByText("Your account deletion has started."));
    await expectVisible(header(tab).getByRole("link", { name: "Sign in" }));

    await signIn(tab, email, "delete-pass");
    await expectVisible(tab.getByRole("alert").getByText("Invalid email/password. Please try again."));
  });

  test("the register form shows the spec's messages beside their fields, without JavaScript too", async () => {
    const tab = await browser.newPage();
    await tab.route("**/*.js", (route) => route.abort());
    await tab.goto(page("/register"));
    await tab.getByLabel("Email address").fill("not-an-email");
    await tab.getByLabel("Password", { exact: true }).fill("short");
    await tab.getByLabel("Confirm password").fill("other");
    await tab.getByRole("button", { name: "Create account" }).click();

    const described = async (label: string, exact = false) => {
      const input = tab.getByLabel(label, { exact });
      await expectVisible(input);
      expect(await input.getAttribute("aria-invalid")).toBe("true");
      const id = (await input.getAttribute("aria-describedby"))?.split(" ").at(-1);
      return tab.locator(`[id="${id}"]`).textContent();
    };
    expect(await described("First name")).toBe("This field is required");
    expect(await described("Email address")).toBe("Enter a valid email address");
    expect(await described("Password", true)).toBe("Password must be at least 6 characters");
    expect(await described("Confirm password")).toBe("Passwords must match");
  });

  test("the account pages have no serious accessibility violations", async () => {
    const email = newEmail("axe");
    await createAccount(email, "axe-pass-1", "Kit");
    const tab = await browser.newPage();
    for (const path of ["/login", "/register", "/forgot-password", "/activate"]) {
      await tab.goto(page(path));
      expect(await seriousViolations(tab), path).toEqual([]);
    }
    await tab.goto(page("/login"));
    await signIn(tab, email, "axe-pass-1");
    await tab.waitForURL((url) => url.pathname === "/");
    for (const path of [
      "/myaccount/profile",
      "/myaccount/password",
      "/myaccount/subscriptions",
      "/myaccount/delete",
    ]) {
      await tab.goto(page(path));
      expect(new URL(tab.url()).pathname).toBe(path);
      expect(await seriousViolations(tab), path).toEqual([]);
    }
  });

  test("personal info: find the address by postcode, pick it, save", async () => {
    const home = postcodeAddressRows().find((row) => row.countryCode === "gb" && !row.addressLine2)!;
    const email = newEmail("address");
    await createAccount(email, "address-pass", "Noor");
    const tab = await browser.newPage();
    await tab.goto(page("/login"));
    await signIn(tab, email, "address-pass");
    await tab.waitForURL((url) => url.pathname === "/");

    await tab.goto(page("/myaccount/profile"));
    await tab.getByLabel("Postcode").fill("nonsense");
    await tab.getByRole("button", { name: "Find address" }).click();
    await expectVisible(tab.getByText("Enter a valid postcode"));

    await tab.getByLabel("Postcode").fill(home.postCode.replace(" ", "").toLowerCase());
    await tab.getByRole("button", { name: "Find address" }).click();
    await tab.getByLabel(`${home.addressLine1}, ${home.town}`).check();
    await tab.getByRole("button", { name: "Use this address" }).click();
    await expectVisible(tab.getByRole("status").getByText("Address filled in"));
    expect(await tab.getByLabel("Address line 1").inputValue()).toBe(home.addressLine1);
    await tab.getByRole("button", { name: "Save details" }).click();
    await expectVisible(tab.getByRole("status").getByText("Your details have been saved."));

    await tab.reload();
    expect(await tab.getByLabel("Postcode").inputValue()).toBe(home.postCode);
    expect(await tab.getByLabel("Town or city").inputValue()).toBe(home.town);

    // Enter in a field saves the details rather than looking the postcode up again.
    await tab.getByLabel("Address line 2").fill("Flat 2");
    await tab.getByLabel("Address line 2").press("Enter");
    await expectVisible(tab.getByRole("status").getByText("Your details have been saved."));
    await tab.reload();
    expect(await tab.getByLabel("Address line 2").inputValue()).toBe("Flat 2");
  });
});
