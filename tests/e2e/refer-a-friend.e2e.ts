/**
 * Refer a friend and the account menu through the browser. A customer on the Irish site
 * finds refer a friend in their account menu, copies their link and invites a friend by
 * email; the friend opens the link in another browser, registers and buys; the referral is
 * pending, and once the 14-day refund window has passed (the credit job run as of 15 days on,
 * through the development call) the credit is in the referrer's wallet and on their page. On
 * all four brands the account menu is the spec's (refer a friend on the Irish variants; VIP
 * rewards only for VIP members), for a member and a non-member, and none of its links answers
 * 404. The deal
 * page's share button works by keyboard, is announced, and with the view counts for club
 * points. Axe finds nothing serious.
 */
import { BRAND_IDS, BRANDS, type BrandId } from "@deals/domain/brand";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import {
  addToBasket,
  buyableVoucher,
  createAccount,
  fillAddress,
  findDeals,
  goToCheckout,
  lastEmail,
  newEmail,
  PASSWORD,
  payByCard,
  toConfirmation,
  VISA,
} from "./support/buying.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { siteUrl } from "./support/site.ts";

async function signIn(tab: Page, brandId: BrandId, email: string): Promise<void> {
  await tab.goto(siteUrl("/login", brandId));
  await tab.getByLabel("Email address").fill(email);
  await tab.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await tab.getByRole("button", { name: "Sign in", exact: true }).click();
  await tab.waitForURL((url) => url.pathname === "/");
}

const accountNav = (tab: Page) => tab.getByRole("navigation", { name: "My account" });

/** The stats on /myaccount/refer-a-friend, by label. */
async function stats(tab: Page): Promise<Record<string, string>> {
  return tab
    .locator(".raf-stats > div")
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => [
          row.querySelector("dt")?.textContent ?? "",
          row.querySelector("dd")?.textContent ?? "",
        ]),
      ),
    );
}

describe("refer a friend", () => {
  const browser = useBrowser();

  test("a friend joins by the link, buys, and 14 days later the referrer is credited", async () => {
    const brandId: BrandId = "main-ie";
    const ie = (path: string) => siteUrl(path, brandId);
    const referrerEmail = newEmail("referrer");
    await createAccount(brandId, referrerEmail, "Orla");

    const tab = await browser.newPage();
    await tab.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: ie("/") });
    await signIn(tab, brandId, referrerEmail);
    await tab.goto(ie("/myaccount/vouchers"));
    await accountNav(tab).getByRole("link", { name: "Refer a friend" }).click();
    await tab.waitForURL((url) => url.pathname === "/myaccount/refer-a-friend");
    await expectVisible(tab.getByRole("heading", { level: 1, name: "Refer a friend" }));
    await expectVisible(
      tab.getByText(/you get €10 of wallet credit once their 14-day refund window has passed/),
    );
    const link = await tab.getByLabel("Your link").inputValue();
    expect(link).toMatch(/\/raf\/[A-Z2-9]{8}$/);
    expect(await stats(tab)).toEqual({
      Invited: "0",
      Pending: "0",
      Credited: "0",
      Cancelled: "0",
      "Credit earned": "€0",
    });
    expect(await seriousViolations(tab), "refer a friend").toEqual([]);

    // Copy the link by keyboard: copied and announced.
    await tab.getByRole("button", { name: "Copy link" }).focus();
    await tab.keyboard.press("Enter");
    await expectVisible(tab.getByRole("status").getByText("Link copied."));
    expect(await tab.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Invite a friend by email: the invitation carries the link.
    const invited = newEmail("invited");
    await tab.getByLabel("Your friend's email address").fill(invited);
    await tab.getByRole("button", { name: "Send invitation" }).click();
    await expectVisible(tab.getByRole("status").getByText(`Invitation sent to ${invited}.`));
    const invitation = await lastEmail(invited);
    expect(invitation?.subject).toBe("Orla invited you to Dealmoor");
    expect(invitation?.text).toContain(link);
    // An existing customer cannot be referred.
    await tab.getByLabel("Your friend's email address").fill(referrerEmail);
    await tab.getByRole("button", { name: "Send invitation" }).click();
    await expectVisible(tab.getByRole("alert").getByText("You cannot use your own referral link."));
    // An invitation sent by mistake is withdrawn.
    const mistaken = newEmail("mistaken");
    await tab.getByLabel("Your friend's email address").fill(mistaken);
    await tab.getByRole("button", { name: "Send invitation" }).click();
    await expectVisible(tab.getByRole("status").getByText(`Invitation sent to ${mistaken}.`));
    await expect.poll(async () => (await stats(tab)).Invited, { timeout: 5_000 }).toBe("2");
    await tab.getByRole("button", { name: `Withdraw the invitation to ${mistaken}` }).click();
    await expectVisible(tab.getByRole("status").getByText(`Invitation to ${mistaken} withdrawn.`));
    await expect.poll(async () => (await stats(tab)).Invited, { timeout: 5_000 }).toBe("1");

    // The friend, in another browser: opens the link, registers, buys.
    const friend = await browser.newPage();
    await friend.goto(link);
    await expectVisible(friend.getByRole("heading", { level: 1, name: "Orla invited you to Dealmoor." }));
    expect(await seriousViolations(friend), "referral link").toEqual([]);
    await friend.getByRole("link", { name: "Create an account" }).click();
    await friend.waitForURL((url) => url.pathname === "/register");
    await friend.getByLabel("First name").fill("Fionn");
    await friend.getByLabel("Last name").fill("Friend");
    await friend.getByLabel("Email address").fill(newEmail("friend"));
    await friend.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await friend.getByLabel("Confirm password").fill(PASSWORD);
    await friend.getByRole("button", { name: "Create account" }).click();
    await friend.waitForURL((url) => url.pathname === "/");

    await tab.reload();
    expect((await stats(tab)).Invited).toBe("2");
    await expectVisible(tab.getByRole("cell", { name: "Fionn F." }));

    const [deal] = await findDeals("/v1/deals/dublin", 1, buyableVoucher, brandId);
    await addToBasket(friend, deal!, ie);
    await goToCheckout(friend);
    await expectVisible(friend.getByRole("heading", { name: "Pay for your order" }), 10_000);
    await fillAddress(friend, "ie");
    await payByCard(friend, VISA);
    await toConfirmation(friend);

    // Pending for the refund window.
    await tab.reload();
    expect(await stats(tab)).toMatchObject({ Invited: "1", Pending: "1", Credited: "0" });
    await expectVisible(
      tab.getByText(/Pending: credit due after the 14-day refund window \(due \d+ \w+ \d{4}\)/),
    );

    // 15 days on, the credit job credits the referrer once.
    const run = async () => {
      const response = await fetch(siteUrl("/dev/referral-credit"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ afterDays: 15 }),
      });
      expect(response.status).toBe(200);
    };
    await run();
    await run();
    await tab.reload();
    expect(await stats(tab)).toMatchObject({ Pending: "0", Credited: "1", "Credit earned": "€10" });
    await expectVisible(tab.getByRole("cell", { name: /^€10 on / }));

    await accountNav(tab).getByRole("link", { name: "Wallet" }).click();
    await tab.waitForURL((url) => url.pathname === "/myaccount/wallet");
    const credit = tab.locator('.wallet__history tr[data-source="referral"]');
    await expect.poll(() => credit.count()).toBe(1);
    await expectVisible(credit.getByText(/Refer a friend: Fionn F\.'s first order/));
    expect(await credit.locator(".wallet__in").textContent()).toBe("+€10");

    // The friend is a customer now: the link no longer refers them.
    await friend.goto(link);
    await friend.getByRole("button", { name: "Join through Orla's invitation" }).click();
    await expectVisible(
      friend.getByRole("alert").getByText("You have already joined through a friend's referral link."),
    );
  });

  test("an unknown referral link answers 404 with a way on", async () => {
    const tab = await browser.newPage();
    const response = await tab.goto(siteUrl("/raf/ZZZZZZZZ", "main-ie"));
    expect(response?.status()).toBe(404);
    await expectVisible(tab.getByText("This referral link is not valid."));
    await expectVisible(tab.getByRole("link", { name: "See today's deals" }));
  });
});

describe("the account menu", () => {
  const browser = useBrowser();

  const EXPECTED = (brandId: BrandId, vipMember: boolean) => [
    "My savings",
    "My vouchers",
    "Personal info",
    "Change password",
    "Email preferences",
    "Wallet",
    "Club rewards",
    ...(vipMember ? ["VIP rewards"] : []),
    ...(BRANDS[brandId].countryCode === "ie" ? ["Refer a friend"] : []),
    "Delete account",
  ];

  for (const brandId of BRAND_IDS) {
    for (const vipMember of [false, true]) {
      test(`on ${brandId}, matches the spec for a ${vipMember ? "VIP member" : "non-member"} and every link answers`, async () => {
        const email = newEmail(`menu-${brandId}`);
        await createAccount(
          brandId,
          email,
          "Mel",
          vipMember ? "/v1/register/vip-free-trial" : "/v1/register",
        );
        const tab = await browser.newPage();
        await signIn(tab, brandId, email);

        // The header's menu and the account pages' menu are the same.
        await tab.getByRole("banner").locator(".header-account summary").click();
        const header = tab.getByRole("banner").locator(".header-account ul");
        expect(await header.getByRole("link").allTextContents()).toEqual(EXPECTED(brandId, vipMember));

        await tab.goto(siteUrl("/myaccount/vouchers", brandId));
        const links = accountNav(tab).getByRole("link");
        expect(await links.allTextContents()).toEqual(EXPECTED(brandId, vipMember));
        const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
        for (const href of hrefs) {
          const response = await tab.goto(siteUrl(href, brandId));
          expect(response?.status(), href).toBe(200);
          expect(new URL(tab.url()).pathname, href).toBe(href);
          if (href === "/myaccount/vip-rewards" || href === "/myaccount/refer-a-friend")
            expect(await seriousViolations(tab), `${brandId} ${href}`).toEqual([]);
        }
        expect(await seriousViolations(tab), `${brandId} ${hrefs.at(-1)}`).toEqual([]);
      });
    }
  }
});

describe("sharing a deal", () => {
  const browser = useBrowser();

  test("the deal page's share button copies the link by keyboard, announced; the view and share earn points", async () => {
    const brandId: BrandId = "main-uk";
    const uk = (path: string) => siteUrl(path, brandId);
    const email = newEmail("sharer");
    await createAccount(brandId, email, "Sol");
    const [deal] = await findDeals("/v1/deals/london", 1, buyableVoucher, brandId);
    const tab = await browser.newPage();
    await tab.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: uk("/") });
    await signIn(tab, brandId, email);
    await tab.goto(uk(deal!.urlPath));

    const share = tab.getByRole("button", { name: "Share this deal" });
    await share.focus();
    await tab.keyboard.press("Enter");
    await expectVisible(tab.getByRole("status").getByText("Link copied. Paste it to share this deal."));
    expect(await tab.evaluate(() => navigator.clipboard.readText())).toBe(uk(deal!.urlPath));
    expect(await seriousViolations(tab), "deal page").toEqual([]);

    await tab.goto(uk("/myaccount/rewards"));
    await expect
      .poll(async () => {
        await tab.reload();
        return tab.locator(".rewards__history td").allTextContents();
      })
      .toEqual(expect.arrayContaining(["Viewed a deal", "Shared a deal"]));
  });

  test("without a session the button still copies, and nothing is reported", async () => {
    const [deal] = await findDeals("/v1/deals/london", 1, buyableVoucher);
    const tab = await browser.newPage();
    const reports: string[] = [];
    tab.on("request", (request) => {
      if (request.url().includes("/v1/loyalty/")) reports.push(request.url());
    });
    await tab.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: siteUrl("/") });
    await tab.goto(siteUrl(deal!.urlPath));
    await tab.getByRole("button", { name: "Share this deal" }).click();
    await expectVisible(tab.getByRole("status").getByText("Link copied. Paste it to share this deal."));
    expect(reports).toEqual([]);
  });
});
