/**
 * Notify me, to the end: a shopper finds a deal sold out, asks to be told when it is back,
 * the stock returns, and the email in their mailbox leads back to the deal, buyable again.
 * On the Irish sister brand, with the last buyable voucher of its first page, which no other
 * journey picks.
 */
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { buyable, type Deal, newEmail } from "./support/buying.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { apiGet, siteUrl } from "./support/site.ts";

const BRAND = "sister-ie";

async function onSaleDeal(): Promise<Deal> {
  const { deals } = await apiGet<{ deals: { id: number }[] }>(
    "/v1/deals/dublin-south?page=0&pageSize=48",
    BRAND,
  );
  for (const card of deals.toReversed()) {
    const deal = await apiGet<Deal>(`/v1/deal/${card.id}`, BRAND);
    if (buyable(deal) && deal.dealType === "voucher") return deal;
  }
  throw new Error("no buyable voucher in Dublin South");
}

/** The development site's stock control: units left of each of the deal's products. */
async function setStock(dealId: number, left: number): Promise<{ backInStockEmails: number }> {
  const response = await fetch(siteUrl("/dev/deal-stock"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ dealId, left }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { backInStockEmails: number };
}

describe("back in stock", () => {
  const browser = useBrowser();

  test("a shopper asks to be told about a sold-out deal and the email brings them back to buy it", async () => {
    const deal = await onSaleDeal();
    const email = newEmail("back-in-stock");
    await setStock(deal.id, 0);

    const tab = await browser.newPage();
    await tab.goto(siteUrl(deal.urlPath, BRAND));
    const notify = tab.getByRole("region", { name: "Notify me when it's back" });
    await expectVisible(notify);
    expect(await tab.getByRole("button", { name: "Add to basket" }).count()).toBe(0);
    // By keyboard: the address typed, Enter sends it.
    await notify.getByLabel("Email address").focus();
    await tab.keyboard.type(email);
    await tab.keyboard.press("Enter");
    await expectVisible(
      notify.getByRole("status").getByText("We'll email you when this deal is back in stock."),
    );
    expect(await seriousViolations(tab)).toEqual([]);

    // Nothing is sent while it stays sold out; the stock returns and the email goes.
    await tab.goto(siteUrl("/dev/mailbox", BRAND));
    expect(await tab.getByRole("article").filter({ hasText: email }).count()).toBe(0);
    expect((await setStock(deal.id, 25)).backInStockEmails).toBeGreaterThanOrEqual(1);

    await tab.reload();
    const message = tab
      .getByRole("article")
      .filter({ hasText: email })
      .filter({ hasText: `Back in stock: ${deal.headline}` });
    await expectVisible(message);
    await expectVisible(message.getByText(`Good news: ${deal.headline} is back on sale.`));
    await message.locator(`a[href$="${deal.urlPath}"]`).click();
    await tab.waitForURL((url) => url.pathname === deal.urlPath);
    expect(new URL(tab.url()).hostname).toBe(`${BRAND}.localhost`);

    await tab.getByRole("button", { name: "Add to basket" }).click();
    await expectVisible(tab.getByRole("status").getByText("Added to your basket."));
  });
});
