import { describe, expect, it } from "vitest";
import { paginationLinks } from "./pagination.server.ts";

const query = (text = "") => new URLSearchParams(text);

describe("paginationLinks", () => {
  it("links page 1 to the clean URL and later pages with ?page=N", () => {
    const links = paginationLinks("/deals/london", query("page=2"), 2, 3);
    expect(links.previous).toBe("/deals/london");
    expect(links.next).toBe("/deals/london?page=3");
    expect(links.pages.map((p) => p.href)).toEqual([
      "/deals/london",
      "/deals/london?page=2",
      "/deals/london?page=3",
    ]);
  });

  it("has no previous link on the first page and no next link on the last", () => {
    expect(paginationLinks("/deals/london", query(), 1, 4).previous).toBeNull();
    expect(paginationLinks("/deals/london", query("page=4"), 4, 4).next).toBeNull();
  });

  it("shows the first, the last and the current page's neighbours", () => {
    const links = paginationLinks("/deals/shop", query("page=10"), 10, 40);
    expect(links.pages.map((p) => p.number)).toEqual([1, 8, 9, 10, 11, 12, 40]);
  });

  it("keeps the other query parameters on every link", () => {
    const links = paginationLinks("/deals/london", query("brand=main-ie&page=2"), 2, 3);
    expect(links.previous).toBe("/deals/london?brand=main-ie");
    expect(links.next).toBe("/deals/london?brand=main-ie&page=3");
  });
});
