/**
 * For the buying journeys: accounts and wallet credit set up through the API, deals to buy
 * read from the API, and the steps a shopper takes from the deal page to paying.
 */
import { postcodeAddressRows } from "@deals/db/seed/addresses";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { LOW_TOTAL_ONLY_SUBCATEGORY_IDS } from "@deals/domain/constants";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { expectVisible } from "./expect-visible.ts";
import { apiGet, siteUrl } from "./site.ts";

// The sandbox payment provider's test cards (apps/api/src/modules/payments/sandbox.ts).
export const VISA = "4111 1111 1111 1111";
export const MASTERCARD = "5555 5555 5555 4444";
export const DECLINED = "4000 0000 0000 0002";
export const AMEX = "3782 822463 10005";
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;
export const PASSWORD = "basket-pass-1";

let counter = 0;
export const newEmail = (label: string) =>
  `${label}.${Date.now().toString(36)}${counter++}@mail.example.co.uk`;

const jsonHeaders = (brandId: BrandId) => {
  const brand = BRANDS[brandId];
  return { "content-type": "application/json", brand: brand.key, "country-code": brand.countryCode };
};

/** The newest email to an address in the development mailbox. */
export async function lastEmail(email: string): Promise<{ subject: string; text: string } | undefined> {
  const mailbox = await (await fetch(siteUrl(`/dev/mailbox.json?to=${encodeURIComponent(email)}`))).json();
  return mailbox.emails[0];
}

/**
 * Registers and activates an account through the API: setup for journeys about buying. The
 * VIP free-trial registration (services.md §7.2) makes a VIP member.
 */
export async function createAccount(
  brandId: BrandId,
  email: string,
  firstName: string,
  registration: "/v1/register" | "/v1/register/vip-free-trial" = "/v1/register",
): Promise<void> {
  const headers = jsonHeaders(brandId);
  const registered = await fetch(siteUrl(registration), {
    method: "POST",
    headers,
    body: JSON.stringify({
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName,
      lastName: "Buyer",
    }),
  });
  expect(registered.status).toBe(201);
  const token = /token=([\w-]+)/.exec((await lastEmail(email))?.text ?? "")?.[1];
  const activated = await fetch(siteUrl("/v1/user/password_activate"), {
    method: "POST",
    headers,
    body: JSON.stringify({ token }),
  });
  expect(activated.status).toBe(200);
}

/** Credits the account's wallet (minor units) through the development call. */
export async function creditWallet(brandId: BrandId, email: string, amount: number): Promise<void> {
  const credited = await fetch(siteUrl("/dev/wallet-credit"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ brand: brandId, email, amount, kind: "refundable" }),
  });
  expect(credited.status, await credited.clone().text()).toBe(200);
}

// ---- deals to buy, read from the API ----

export interface Product {
  id: number;
  adminFee: number;
  postagePrice: number;
  soldOut: boolean;
  vipExclusive: boolean;
  totalPrice: number;
}

export interface Deal {
  id: number;
  urlPath: string;
  headline: string;
  dealType: string;
  deliveryType: "none" | "delivery" | "collection";
  open: boolean;
  soldOut: boolean;
  highFraudRisk: boolean;
  vipExclusive: boolean;
  subCategory: { id: number };
  /** The merchant: its id names it to the merchant fulfilment API (merchant.ts). */
  business: { id: number };
  products: Product[];
}

/** A deal any shopper can buy now, whichever product, with every basket guard passed. */
export const buyable = (deal: Deal) =>
  deal.open &&
  !deal.soldOut &&
  !deal.vipExclusive &&
  !deal.highFraudRisk &&
  !(LOW_TOTAL_ONLY_SUBCATEGORY_IDS as readonly number[]).includes(deal.subCategory.id) &&
  deal.products.every((p) => !p.soldOut && !p.vipExclusive);

/** A buyable voucher of one product: every payment method's guard passed, nothing to deliver. */
export const buyableVoucher = (deal: Deal) =>
  buyable(deal) && deal.dealType === "voucher" && deal.products.length === 1;

interface ListedCard {
  id: number;
  display?: { clickAndCollectDeal?: boolean };
}

/** The first `count` deals of a listing (API path) that `listed` and `accept` take. */
export async function findDeals(
  listing: string,
  count: number,
  accept: (deal: Deal) => boolean,
  brandId: BrandId = "main-uk",
  listed: (card: ListedCard) => boolean = () => true,
): Promise<Deal[]> {
  const found: Deal[] = [];
  for (let page = 0; page < 5 && found.length < count; page++) {
    const { deals } = await apiGet<{ deals: ListedCard[] }>(`${listing}?page=${page}&pageSize=48`, brandId);
    if (deals.length === 0) break;
    for (const card of deals.filter(listed)) {
      const deal = await apiGet<Deal>(`/v1/deal/${card.id}`, brandId);
      if (accept(deal)) found.push(deal);
      if (found.length === count) break;
    }
  }
  if (found.length < count) throw new Error(`Only ${found.length} suitable deals under ${listing}`);
  return found;
}

// ---- steps ----

const header = (tab: Page) => tab.getByRole("banner");

export const basketCount = async (tab: Page) =>
  (await header(tab).locator("[data-basket-count]").textContent())?.trim();

export async function addToBasket(tab: Page, deal: Deal, page: (path: string) => string): Promise<void> {
  await tab.goto(page(deal.urlPath));
  await tab.getByRole("button", { name: "Add to basket" }).click();
  await expectVisible(tab.getByRole("status").getByText("Added to your basket."));
}

export async function goToCheckout(tab: Page): Promise<void> {
  await header(tab)
    .getByRole("link", { name: /Basket/ })
    .click();
  await tab.waitForURL((url) => url.pathname === "/basket");
  await tab.getByRole("link", { name: "Go to checkout" }).click();
  await tab.waitForURL((url) => url.pathname.startsWith("/checkout/"));
}

export async function signInAtCheckout(tab: Page, email: string): Promise<void> {
  await tab.getByLabel("Email address", { exact: true }).fill(email);
  await tab.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await tab.getByRole("button", { name: "Sign in", exact: true }).click();
  await expectVisible(tab.getByRole("heading", { name: "Pay for your order" }), 10_000);
}

/** Finds the billing address by postcode (or Eircode) and takes the first address offered. */
export async function fillAddress(tab: Page, country: "gb" | "ie"): Promise<void> {
  const postCode = postcodeAddressRows().find((row) => row.countryCode === country)!.postCode;
  await tab.getByLabel(country === "gb" ? "Postcode" : "Eircode").fill(postCode);
  await tab.getByRole("button", { name: "Find address" }).click();
  await tab.getByRole("group", { name: "Choose your address" }).getByRole("radio").first().check();
  expect(await tab.getByLabel("Address line 1").inputValue()).not.toBe("");
}

export async function payByCard(tab: Page, number: string): Promise<void> {
  await tab.getByLabel("Card number").fill(number);
  await tab.getByLabel("Expiry date (MM/YY)").fill(EXPIRY);
  await tab.getByLabel("Security code").fill("123");
  await tab.getByRole("button", { name: /^Pay / }).click();
}

export const toConfirmation = (tab: Page) =>
  tab.waitForURL((url) => url.pathname.startsWith("/order-confirmation/"), { timeout: 15_000 });

/** The summary's amount for one row (items, discount, giftPacks, totalOrderAmount...); null when the order has none. */
export const summaryAmount = async (tab: Page, key: string) => {
  const cell = tab.locator(`.order-summary [data-summary="${key}"] td`).first();
  return (await cell.count()) === 0 ? null : cell.textContent();
};

/** Waits for the summary to show the change just made (it is reloaded after each one). */
export const expectSummary = (tab: Page, key: string) =>
  expect.poll(() => summaryAmount(tab, key), { timeout: 5_000 });

/** The analytics events the page pushed onto its dataLayer, by name. */
export const dataLayerEvents = (tab: Page) =>
  tab.evaluate(() => ((window as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((e) => e.event));
