import { sites } from "@deals/db/schema/sites";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const get = (site: string, headers = brandHeaders()) =>
  testApp.app.inject({ method: "GET", url: `/v1/site/${site}`, headers });

describe("GET /v1/site/:site", () => {
  it("says which seeded partner sites are vip", async () => {
    const rows = await testApp.database.db.select().from(sites);
    expect(rows.filter((row) => row.type === "vip").length).toBeGreaterThan(0);
    for (const row of rows) {
      const response = await get(row.site);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ site: row.site, type: row.type });
    }
    expect((await get("vip-lounge")).json()).toEqual({ site: "vip-lounge", type: "vip" });
    expect((await get("weekend-post")).json()).toEqual({ site: "weekend-post", type: "standard" });
  });

  it("reads the name case-insensitively, on every brand's site", async () => {
    const response = await get("VIP-Lounge", brandHeaders("sister-ie"));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ site: "vip-lounge", type: "vip" });
    expect(response.headers["cache-control"]).toContain("public");
  });

  it("answers 404 with a clear message for a name no partner has", async () => {
    const response = await get("no-such-partner");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: "SITE_NOT_FOUND", message: "There is no partner site with this name." },
    });
  });

  it("refuses a name that cannot be a site with 400, never 500", async () => {
    for (const junk of ["a_b", "-vip", "a%20b", "%00", "%E2%9C%93", "a".repeat(65)]) {
      const response = await get(junk);
      expect(response.statusCode, junk).toBe(400);
      const body = response.json() as { error: { code: string; message: string } };
      expect(body.error.code).toBe("INVALID_PARAMETER");
      expect(body.error.message).toMatch(/^site must be a site name/);
    }
  });
});
