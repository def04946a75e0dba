import { describe, expect, it } from "vitest";
import { useDealsTestApp } from "../deals/test-support.ts";
import type { Tile } from "./schemas.ts";

const { client } = useDealsTestApp();

const tiles = async (query: string): Promise<Tile[]> => {
  const response = await client.get(`/v1/tiles?brand=main&country=gb&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe("GET /v1/tiles (services.md §7.1)", () => {
  it("gives a location homepage its local categories, then the shop, escapes and gifts", async () => {
    const home = await tiles("location=london&navigation=london&subNavigation=london");
    const urls = home.map((tile) => tile.url);
    expect(urls).toContain("/deals/shop");
    expect(urls).toContain("/deals/escapes");
    expect(urls).toContain("/gifts");
    const local = urls.filter((url) => url.startsWith("/deals/london/"));
    expect(local.length).toBeGreaterThan(3);
    for (const tile of home) {
      expect(tile.title).not.toBe("");
      expect(tile.image.url).toBe(`/images/${tile.image.id}.svg`);
      expect(tile.selected).toBe(false);
    }
    // Each tile's picture is drawn.
    const picture = await client.get(home[0]!.image.url);
    expect(picture.statusCode).toBe(200);
  });

  it("goes one level down the navigation and marks the sub-navigation's tile", async () => {
    const home = await tiles("navigation=leeds");
    const category = home.find((tile) => tile.url.startsWith("/deals/leeds/"))!;
    const shortName = category.url.split("/")[3]!;
    const below = await tiles(`navigation=leeds/${shortName}&subNavigation=leeds/${shortName}`);
    expect(below.length).toBeGreaterThan(0);
    for (const tile of below) expect(tile.url).toMatch(new RegExp(`^/deals/leeds/${shortName}/[a-z0-9-]+$`));
    const sub = below[0]!.url.split("/")[4]!;
    const marked = await tiles(`navigation=leeds/${shortName}&subNavigation=leeds/${shortName}/${sub}`);
    expect(marked.filter((tile) => tile.selected).map((tile) => tile.url)).toEqual([below[0]!.url]);

    const shop = await tiles("location=leeds&navigation=shop");
    expect(shop.length).toBeGreaterThan(0);
    for (const tile of shop) expect(tile.url).toMatch(/^\/deals\/shop\/[a-z0-9-]+$/);
  });

  it("answers an error object for an unknown category or bad parameters", async () => {
    expect(
      await client.failure("/v1/tiles?brand=main&country=gb&navigation=london/no-such-thing"),
    ).toMatchObject({
      status: 404,
      code: "CATEGORY_NOT_FOUND",
    });
    expect((await client.failure("/v1/tiles?brand=acme&country=gb")).status).toBe(400);
    expect((await client.failure("/v1/tiles?brand=main&country=fr")).status).toBe(400);
    expect((await client.failure("/v1/tiles?brand=main&country=gb&navigation=%3Cb%3E")).status).toBe(400);
  });
});
