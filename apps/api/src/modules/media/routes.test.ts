import { CATEGORY_TREE } from "@deals/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import { renderDealImage } from "./service.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const get = (url: string) => testApp.app.inject({ method: "GET", url });

describe("GET /images/:id.svg", () => {
  it("draws an 800 by 500 SVG without text, cached for good", async () => {
    const response = await get("/images/food-and-drink-1001-1.svg");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="800" height="500"/);
    expect(response.body).not.toMatch(/<text|<script|<image|href=/);
  });

  it("draws the same picture for the same id and a different one for another", async () => {
    const first = await get("/images/shop-1200-2.svg");
    const again = await get("/images/shop-1200-2.svg");
    const other = await get("/images/shop-1200-3.svg");
    expect(again.body).toBe(first.body);
    expect(other.body).not.toBe(first.body);
  });

  it("draws every top-level category with its own motif", () => {
    const motifs = new Set(
      CATEGORY_TREE.map((root) => renderDealImage(`${root.shortName}-1-1`)!.replace(/^.*<g [^>]*>/, "")),
    );
    expect(motifs.size).toBe(CATEGORY_TREE.length);
  });

  it("varies a category's pictures, so a listing is not one picture repeated", () => {
    for (const root of CATEGORY_TREE) {
      const motifs = new Set(
        Array.from({ length: 40 }, (_, i) =>
          renderDealImage(`${root.shortName}-${1000 + i}-1`)!.replace(/^.*?scale\([0-9.]+\)" [^>]*>/, ""),
        ),
      );
      expect(motifs.size).toBeGreaterThanOrEqual(3);
    }
  });

  it("draws the pictures the listings point at", async () => {
    const listing = await testApp.app.inject({
      method: "GET",
      url: "/v1/deals/london",
      headers: brandHeaders(),
    });
    for (const deal of listing.json().deals.slice(0, 5)) {
      const response = await get(deal.image.url);
      expect(response.statusCode).toBe(200);
    }
  });

  it("answers 404 JSON for an id the catalogue could not hold", async () => {
    for (const id of [
      "nothing",
      "food-and-drink-x-1",
      "-1-1",
      "food-and-drink-1-1.png",
      "FOOD-1-1",
      "%3Cscript%3E-1-1",
    ]) {
      const response = await get(`/images/${id}.svg`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({
        error: { code: "IMAGE_NOT_FOUND", message: "There is no image with this id." },
      });
    }
    const wrongExtension = await get("/images/food-and-drink-1-1.png");
    expect(wrongExtension.statusCode).toBe(404);
  });
});
