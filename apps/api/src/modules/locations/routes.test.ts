import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const get = (url: string, headers = brandHeaders()) => testApp.app.inject({ method: "GET", url, headers });

describe("GET /v1/locations", () => {
  it("lists the UK brand's locations, its default first", async () => {
    const response = await get("/v1/locations");
    expect(response.statusCode).toBe(200);
    const { locations } = response.json();
    expect(locations.length).toBeGreaterThan(3);
    expect(locations[0].shortName).toBe("london");
    for (const location of locations) {
      expect(location.brand).toBe("main-uk");
      expect(location.countryCode).toBe("gb");
    }
    expect(new Set(locations.map((l: { shortName: string }) => l.shortName)).size).toBe(locations.length);
  });

  it("lists only the Irish brand's own locations", async () => {
    const { locations } = (await get("/v1/locations", brandHeaders("sister-ie"))).json();
    const shortNames = locations.map((l: { shortName: string }) => l.shortName);
    expect(shortNames).toContain("dublin-south");
    expect(shortNames).not.toContain("london");
    for (const location of locations)
      expect(location).toMatchObject({ brand: "sister-ie", countryCode: "ie" });
  });
});

describe("GET /v1/location/:shortName", () => {
  it("answers one location in the contract's shape", async () => {
    const response = await get("/v1/location/london");
    expect(response.statusCode).toBe(200);
    const location = response.json();
    expect(Object.keys(location).sort()).toEqual([
      "brand",
      "countryCode",
      "id",
      "latLon",
      "name",
      "shortName",
    ]);
    expect(location).toMatchObject({
      shortName: "london",
      name: "London",
      countryCode: "gb",
      brand: "main-uk",
    });
    expect(location.latLon.lat).toBeCloseTo(51.5, 0);
    expect(location.latLon.lon).toBeCloseTo(-0.13, 1);
  });

  it("answers 404 LOCATION_NOT_FOUND for another site's or an unknown location", async () => {
    for (const shortName of ["dublin", "atlantis", "LONDON"]) {
      const response = await get(`/v1/location/${shortName}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: {
          code: "LOCATION_NOT_FOUND",
          message: "There is no location with this short name on this site.",
        },
      });
    }
  });

  it("answers SQL and HTML in the segment with 404, never 500", async () => {
    for (const segment of ["london' OR '1'='1", "<script>alert(1)</script>", "%00", "\u0000"]) {
      const response = await get(`/v1/location/${encodeURIComponent(segment)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("LOCATION_NOT_FOUND");
      expect(response.body).not.toContain("<script>");
    }
  });

  it("answers a 10,000-character segment with 414, without echoing it", async () => {
    const response = await get(`/v1/location/${"x".repeat(10_000)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      error: { code: "URI_TOO_LONG", message: "A segment of the request path is too long." },
    });
  });

  it("needs the brand headers", async () => {
    const response = await get("/v1/location/london", {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("BRAND_REQUIRED");
  });
});
