import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PriceView } from "../lib/price-view.server.ts";
import { ProductChoice, type ProductOption } from "./ProductChoice.tsx";

const price = (full: string): PriceView => ({
  hidden: false,
  full,
  base: full,
  fees: [],
  was: null,
  discount: null,
  perPerson: false,
  vip: null,
  lowest: null,
});

const SIZES = {
  header: "Size",
  items: [
    { id: 1, label: "Size 8" },
    { id: 2, label: "Size 10" },
  ],
};
const COLOURS = {
  header: "Colour",
  items: [
    { id: 1, label: "Black" },
    { id: 2, label: "Navy" },
  ],
};
const GRID = { type: "default" as const, row: SIZES, column: COLOURS };

const cellProducts: ProductOption[] = [
  { id: 11, title: "Jacket: Size 8, Black", soldOut: false, price: price("£29"), rowId: 1, columnId: 1 },
  { id: 12, title: "Jacket: Size 8, Navy", soldOut: true, price: price("£29"), rowId: 1, columnId: 2 },
  { id: 13, title: "Jacket: Size 10, Black", soldOut: false, price: price("£31"), rowId: 2, columnId: 1 },
  { id: 14, title: "Jacket: Size 10, Navy", soldOut: false, price: price("£31"), rowId: 2, columnId: 2 },
];

const render = (element: React.ReactElement) => renderToStaticMarkup(element);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("ProductChoice as a grid", () => {
  const html = render(<ProductChoice products={cellProducts} display={GRID} selectedId={13} />);

  it("lays the products out in a table under the row and column headings", () => {
    expect(html).toContain("<legend>Choose size and colour</legend>");
    expect(html).toMatch(/<th scope="col">Size<\/th><th scope="col">Black<\/th><th scope="col">Navy<\/th>/);
    expect(html).toContain('<th scope="row">Size 8</th>');
    expect(html).toContain('<th scope="row">Size 10</th>');
    expect(html).toContain("data-product-choice");
  });

  it("gives one radio per cell, named by its row and column, the chosen one checked", () => {
    const radios = html.match(/<input[^>]*type="radio"[^>]*>/g) ?? [];
    expect(radios.map((radio) => radio.match(/value="(\d+)"/)?.[1])).toEqual(["11", "12", "13", "14"]);
    expect(radios.every((radio) => radio.includes('name="productId"'))).toBe(true);
    expect(radios.filter((radio) => radio.includes("checked"))).toEqual([
      expect.stringContaining('value="13"'),
    ]);
    expect(text(html)).toContain("Size 10, Navy: £31");
  });

  it("labels a sold-out cell and lets nobody choose it", () => {
    const soldOut = html.match(/<input[^>]*value="12"[^>]*>/)?.[0];
    expect(soldOut).toContain("disabled");
    expect(text(html)).toContain("Size 8, Navy: Sold out");
    expect((html.match(/disabled=""/g) ?? []).length).toBe(1);
  });

  it("shows a dash, said as not available, for a cell without a product", () => {
    const missing = render(
      <ProductChoice products={cellProducts.filter((p) => p.id !== 14)} display={GRID} selectedId={11} />,
    );
    expect(text(missing)).toContain("Not available");
    expect(missing.match(/type="radio"/g)?.length).toBe(3);
  });
});

describe("ProductChoice without a grid", () => {
  const plain = cellProducts.map((product) => ({ ...product, rowId: null, columnId: null }));

  it("lists radios for a default deal and a select for a dropdown deal", () => {
    const list = render(
      <ProductChoice
        products={plain}
        display={{ type: "default", row: null, column: null }}
        selectedId={11}
      />,
    );
    expect(list).not.toContain("<table");
    expect(list.match(/type="radio"/g)?.length).toBe(4);
    const dropdown = render(
      <ProductChoice
        products={plain}
        display={{ type: "dropdown", row: null, column: null }}
        selectedId={11}
      />,
    );
    expect(dropdown).toContain("<select");
    expect(text(dropdown)).toContain("Jacket: Size 8, Navy: £29 (sold out)");
  });
});
