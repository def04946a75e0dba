import { eq } from "@deals/db";
import { notFoundHits } from "@deals/db/schema/browse";
import { TEST_NOW } from "@deals/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = brandHeaders()) =>
  testApp.app.inject({ method: "POST", url, headers, payload: payload as string });

describe("POST /v1/notFoundHit", () => {
  it("records the missing path with the brand, referrer and browser", async () => {
    const response = await post(
      "/v1/notFoundHit",
      { path: "/deals/atlantis?x=<b>", referrer: "https://elsewhere.example/" },
      { ...brandHeaders("main-ie"), "user-agent": "TestBrowser/1.0" },
    );
    expect(response.statusCode).toBe(204);
    const rows = await testApp.database.db
      .select()
      .from(notFoundHits)
      .where(eq(notFoundHits.path, "/deals/atlantis?x=<b>"));
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        brandId: "main-ie",
        path: "/deals/atlantis?x=<b>",
        referrer: "https://elsewhere.example/",
        userAgent: "TestBrowser/1.0",
        createdAt: TEST_NOW,
      },
    ]);
    // From a beacon, as text/plain.
    const beacon = await post("/v1/notFoundHit", JSON.stringify({ path: "/gone" }), {
      ...brandHeaders(),
      "content-type": "text/plain",
    });
    expect(beacon.statusCode).toBe(204);
  });

  it("answers 400 for a missing, relative or huge path", async () => {
    for (const payload of [
      {},
      { path: "" },
      { path: "https://elsewhere.example/" },
      { path: `/${"x".repeat(3000)}` },
    ]) {
      const response = await post("/v1/notFoundHit", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("INVALID_PARAMETER");
    }
    expect((await post("/v1/notFoundHit", { path: "/x" }, {})).json().error.code).toBe("BRAND_REQUIRED");
  });
});

describe("unknown paths", () => {
  it("answer 404 on the API", async () => {
    for (const url of ["/v1/nothing-here", "/v1/deal/1/2/3/4", "/v1/deals/london/a/b/c/d/e/f/g"]) {
      const response = await testApp.app.inject({ method: "GET", url, headers: brandHeaders() });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe("POST /v1/log", () => {
  it("accepts the storefront's error record and rejects junk", async () => {
    expect(
      (await post("/v1/log", { message: "Empty response from server", name: "Error", client: true }))
        .statusCode,
    ).toBe(204);
    expect((await post("/v1/log", { message: "x".repeat(3000) })).statusCode).toBe(400);
    expect((await post("/v1/log", { client: "yes" })).statusCode).toBe(400);
  });
});
