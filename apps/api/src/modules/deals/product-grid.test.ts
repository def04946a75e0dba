import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import type { DealDetail } from "./schemas.ts";
import { dealsClient } from "./test-support.ts";

let testApp: TestApp;
let client: ReturnType<typeof dealsClient>;
/** Every live escapes deal of the main UK site and shop deal of the main Irish site, in full. */
let details: DealDetail[];
beforeAll(async () => {
  testApp = await startTestApp();
  client = dealsClient(testApp);
  const ireland = brandHeaders("main-ie");
  const listed = [
    ...(await client.allDeals("/v1/deals/travel")).map((deal) => ({ id: deal.id, headers: brandHeaders() })),
    ...(await client.allDeals("/v1/deals/national-deal", ireland)).map((deal) => ({
      id: deal.id,
      headers: ireland,
    })),
  ];
  details = [];
  for (const { id, headers } of listed) {
    const response = await client.get(`/v1/deal/${id}`, headers);
    expect(response.statusCode).toBe(200);
    details.push(response.json());
  }
});
afterAll(() => testApp.close());

const isGrid = (deal: DealDetail) => deal.productDisplay.row !== null && deal.productDisplay.column !== null;

describe("GET /v1/deal/:id: products in a grid", () => {
  it("gives a grid deal's row and column headers and items, and each product's cell", () => {
    const grids = details.filter(isGrid);
    expect(new Set(grids.map((deal) => deal.productDisplay.column!.header))).toEqual(
      new Set(["Room", "Colour"]),
    );
    for (const deal of grids) {
      const { row, column } = deal.productDisplay;
      expect(row!.header).toMatch(/^(Nights|Size)$/);
      expect(row!.items.length).toBeGreaterThanOrEqual(2);
      expect(column!.items.length).toBeGreaterThanOrEqual(2);
      // Every cell is exactly one product.
      const cells = deal.products.map((product) => `${product.rowId}:${product.columnId}`);
      const expected = row!.items.flatMap((r) => column!.items.map((c) => `${r.id}:${c.id}`));
      expect(cells.sort()).toEqual(expected.sort());
      for (const product of deal.products) {
        const columnLabel = column!.items.find((item) => item.id === product.columnId)!.label;
        expect(product.friendlyName).toContain(columnLabel);
      }
    }
  });

  it("marks some cells sold out, never every cell of a deal on sale", () => {
    const grids = details.filter((deal) => isGrid(deal) && !deal.soldOut);
    expect(grids.length).toBeGreaterThan(0);
    let soldOutCells = 0;
    for (const deal of grids) {
      const soldOut = deal.products.filter((product) => product.soldOut);
      expect(soldOut.length).toBeLessThan(deal.products.length);
      for (const product of soldOut) expect(product.maxQuantityUserCanCurrentlyBuy).toBe(0);
      soldOutCells += soldOut.length;
    }
    expect(soldOutCells).toBeGreaterThanOrEqual(grids.length);
  });

  it("leaves a plain deal's products off any grid", () => {
    const plain = details.filter((deal) => !isGrid(deal));
    expect(plain.length).toBeGreaterThan(0);
    for (const deal of plain) {
      expect(deal.productDisplay).toMatchObject({ row: null, column: null });
      expect(["dropdown", "default", "calendar"]).toContain(deal.productDisplay.type);
      for (const product of deal.products) expect([product.rowId, product.columnId]).toEqual([null, null]);
    }
    expect(plain.some((deal) => deal.productDisplay.type === "calendar")).toBe(true);
  });
});
