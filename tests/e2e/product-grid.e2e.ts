/**
 * A shopper chooses a room and a number of nights from an escape's product grid: the grid
 * names its rows and columns, sold-out cells cannot be chosen, the chosen cell's full price
 * shows, the keyboard moves between cells, and the chosen product goes into the basket.
 */
import type { DealDetail, DealListResponse, DealProduct } from "@deals/api/modules/deals/schemas";
import { formatMoney } from "@deals/domain/money";
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { expectVisible } from "./support/expect-visible.ts";
import { apiGet, siteUrl } from "./support/site.ts";

/** A grid deal on sale with a sold-out cell and at least three cells to choose from. */
async function gridDeal(): Promise<DealDetail> {
  const { deals } = await apiGet<DealListResponse>("/v1/deals/travel?page=0&pageSize=100");
  for (const summary of deals) {
    const deal = await apiGet<DealDetail>(`/v1/deal/${summary.id}`);
    const onSale = deal.products.filter((p) => !p.soldOut);
    if (deal.productDisplay.row && deal.open && onSale.length >= 3 && onSale.length < deal.products.length) {
      return deal;
    }
  }
  throw new Error("No escapes deal on sale shows its products as a grid with a sold-out cell");
}

/** "2 Nights, Junior Suite": the row and column a product sits in. */
function cellName(deal: DealDetail, product: DealProduct): string {
  const row = deal.productDisplay.row!.items.find((item) => item.id === product.rowId)!;
  const column = deal.productDisplay.column!.items.find((item) => item.id === product.columnId)!;
  return `${row.label}, ${column.label}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("the product grid of a deal", () => {
  const browser = useBrowser();

  test("a cell is chosen, its price shows, and it goes into the basket", async () => {
    const deal = await gridDeal();
    const money = (minor: number) => formatMoney(minor, deal.currency);
    const onSale = deal.products.filter((p) => !p.soldOut).sort((a, b) => a.totalPrice - b.totalPrice);
    const [cheapest] = onSale;
    // The dearest cell on sale: its price differs from the one shown at first.
    const chosen = onSale.at(-1)!;
    const soldOut = deal.products.find((p) => p.soldOut)!;

    const page = await browser.newPage();
    await page.goto(siteUrl(deal.urlPath));
    const { row, column } = deal.productDisplay;
    const grid = page.getByRole("group", {
      name: `Choose ${row!.header.toLowerCase()} and ${column!.header.toLowerCase()}`,
    });
    const table = grid.getByRole("table");
    await expectVisible(table.getByRole("columnheader", { name: row!.header, exact: true }));
    for (const item of column!.items) {
      await expectVisible(table.getByRole("columnheader", { name: item.label, exact: true }));
    }
    for (const item of row!.items) {
      await expectVisible(table.getByRole("rowheader", { name: item.label, exact: true }));
    }
    expect(await grid.getByRole("radio").count()).toBe(deal.products.length);

    // A sold-out cell says so and cannot be chosen.
    const soldOutCell = grid.getByRole("radio", { name: `${cellName(deal, soldOut)}: Sold out` });
    expect(await soldOutCell.isDisabled()).toBe(true);

    // The cheapest cell on sale is chosen at first, with its price.
    const cheapestCell = grid.getByRole("radio", {
      name: new RegExp(`^${escapeRegExp(cellName(deal, cheapest!))}:`),
    });
    expect(await cheapestCell.isChecked()).toBe(true);
    const main = page.getByRole("main");
    const chosenPrice = main.locator(`[data-price-for="${chosen.id}"]`);
    expect(await chosenPrice.isVisible()).toBe(false);

    await grid.getByRole("radio", { name: `${cellName(deal, chosen)}: ${money(chosen.totalPrice)}` }).check();
    await expectVisible(chosenPrice.getByText(money(chosen.totalPrice), { exact: true }));
    expect(await main.locator(`[data-price-for="${cheapest!.id}"]`).isVisible()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    // The arrow keys move between the cells on sale, and the price follows.
    await cheapestCell.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowRight");
    const moved = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
    const next = deal.products.find((p) => String(p.id) === moved)!;
    expect(next.soldOut).toBe(false);
    expect(next.id).not.toBe(cheapest!.id);
    await expectVisible(main.locator(`[data-price-for="${next.id}"]`));

    await grid.getByRole("radio", { name: `${cellName(deal, chosen)}: ${money(chosen.totalPrice)}` }).check();
    await page.getByRole("button", { name: "Add to basket" }).click();
    await expectVisible(page.getByRole("status").getByText("Added to your basket."));

    await page.goto(siteUrl("/basket"));
    const line = page.getByRole("listitem").filter({ hasText: deal.headline }).first();
    await expectVisible(line.getByText(chosen.title, { exact: true }));
  });
});
