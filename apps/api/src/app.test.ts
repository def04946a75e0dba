import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type App, buildApp } from "./app.ts";
import { brandHeaders, startTestApp, type TestApp } from "./testing.ts";

let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await startTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

describe("GET /healthz", () => {
  it("says the API and its database answer", async () => {
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: "ok",
      database: testApp.database.engine,
      dependencies: { database: "up" },
    });
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("API documentation", () => {
  it("lists the catalogue routes in the OpenAPI document", async () => {
    const response = await app.inject({ method: "GET", url: "/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/healthz",
        "/images/{id}.svg",
        "/v1/deal/{id}",
        "/v1/deals/{location}",
        "/v1/deals/{location}/{category}",
        "/v1/deals/{location}/{category}/{subcategory}",
        "/v1/deals/{location}/{category}/{subcategory}/{subsubcategory}",
        "/v1/location/{shortName}",
        "/v1/locations",
        "/v1/navigations",
      ]),
    );
    expect(Object.keys(document.paths)).not.toContain("/openapi.json");
  });

  it("documents the brand headers on /v1 routes and the paging parameters of listings", async () => {
    const document = (await app.inject({ method: "GET", url: "/openapi.json" })).json();
    const listing = document.paths["/v1/deals/{location}"].get;
    const parameters = listing.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(parameters).toEqual(
      expect.arrayContaining([
        "header:brand",
        "header:country-code",
        "query:page",
        "query:pageSize",
        "path:location",
      ]),
    );
    expect(Object.keys(listing.responses)).toEqual(expect.arrayContaining(["200", "400", "404"]));
  });

  it("resolves every schema reference in the document", async () => {
    const document = (await app.inject({ method: "GET", url: "/openapi.json" })).json();
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(refs).toContain("NavItem");
    for (const ref of refs) expect(document.components.schemas, ref).toHaveProperty([ref!]);
  });

  it("serves the docs page", async () => {
    const response = await app.inject({ method: "GET", url: "/docs" });
    const page =
      response.statusCode === 302
        ? await app.inject({ method: "GET", url: new URL(response.headers.location!, "http://x/").pathname })
        : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
  });
});

describe("brand headers on /v1", () => {
  it("requires brand and country-code", async () => {
    for (const headers of [
      {},
      { brand: "dealmoor" },
      { "country-code": "gb" },
      { brand: "", "country-code": "" },
    ]) {
      const response = await app.inject({ method: "GET", url: "/v1/locations", headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: "BRAND_REQUIRED", message: "The brand and country-code headers are required." },
      });
    }
  });

  it("refuses an unknown brand or country", async () => {
    for (const headers of [
      { brand: "acme", "country-code": "gb" },
      { brand: "dealmoor", "country-code": "fr" },
      { brand: "<script>", "country-code": "' or 1=1 --" },
    ]) {
      const response = await app.inject({ method: "GET", url: "/v1/locations", headers });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("BRAND_UNKNOWN");
      expect(response.body).not.toContain("<script>");
    }
  });

  it("reads brand and country without regard to case", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/v1/locations",
      headers: { brand: "Fernlight", "country-code": "IE" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().locations[0].brand).toBe("sister-ie");
  });

  it("validates app-platform and version when they are sent", async () => {
    const ok = await app.inject({
      method: "GET",
      url: "/v1/locations",
      headers: { ...brandHeaders(), "app-platform": "WEBAPP-MOBILE", version: "v1.1" },
    });
    expect(ok.statusCode).toBe(200);

    const platform = await app.inject({
      method: "GET",
      url: "/v1/locations",
      headers: { ...brandHeaders(), "app-platform": "IPHONE" },
    });
    expect(platform.statusCode).toBe(400);
    expect(platform.json()).toEqual({
      error: {
        code: "INVALID_PARAMETER",
        message: "app-platform must be one of WEBAPP-MOBILE, WEBAPP-TABLET, WEBAPP-DESKTOP.",
      },
    });

    const version = await app.inject({
      method: "GET",
      url: "/v1/locations",
      headers: { ...brandHeaders(), version: "v2" },
    });
    expect(version.statusCode).toBe(400);
    expect(version.json()).toEqual({
      error: { code: "INVALID_PARAMETER", message: "version must be one of v1, v1.1." },
    });
  });

  it("checks the headers before the parameters", async () => {
    const response = await app.inject({ method: "GET", url: "/v1/deals/london?page=-1" });
    expect(response.json().error.code).toBe("BRAND_REQUIRED");
  });
});

describe("unknown paths and methods", () => {
  it("answers 404 JSON for an unknown /v1 path", async () => {
    for (const url of ["/v1/nothing-here", "/v1/deals", "/v1/deal", "/v1/location", "/v1"]) {
      const response = await app.inject({ method: "GET", url, headers: brandHeaders() });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("answers 404 JSON, never 500, to a method a route does not take", async () => {
    for (const [method, url] of [
      ["POST", "/v1/locations"],
      ["DELETE", "/v1/deal/1"],
      ["PUT", "/v1/deals/london"],
      ["PATCH", "/healthz"],
      ["POST", "/images/food-and-drink-1-1.svg"],
    ] as const) {
      const response = await app.inject({ method, url, headers: brandHeaders(), payload: { a: 1 } });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("answers a malformed URL encoding with 400", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/v1/location/%E0%A4%A",
      headers: brandHeaders(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "INVALID_REQUEST", message: "The request path is not a valid URL." },
    });
  });
});

describe("error handling", () => {
  // A throwaway app with routes that take a body and that fail, to see what callers get.
  let probe: App;
  beforeAll(async () => {
    probe = await buildApp({ database: testApp.database });
    probe.post("/probe/echo", { schema: { body: z.object({ name: z.string().min(1) }) } }, (request) => ({
      name: request.body.name,
    }));
    probe.get("/probe/fault", () => {
      throw new Error("connection string postgres://secret@db leaked");
    });
  });
  afterAll(() => probe.close());

  it("maps malformed JSON to 400", async () => {
    const response = await probe.inject({
      method: "POST",
      url: "/probe/echo",
      headers: { "content-type": "application/json" },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "MALFORMED_JSON", message: "The request body is not valid JSON." },
    });
  });

  it("maps a body that breaks the schema to 400 naming the field", async () => {
    const response = await probe.inject({ method: "POST", url: "/probe/echo", payload: { name: 42 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("INVALID_PARAMETER");
    expect(response.json().error.message).toMatch(/^name/);
  });

  it("maps an unsupported content type to 415", async () => {
    const response = await probe.inject({
      method: "POST",
      url: "/probe/echo",
      headers: { "content-type": "application/xml" },
      payload: "<name>x</name>",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("maps a body over the limit to 413", async () => {
    const response = await probe.inject({
      method: "POST",
      url: "/probe/echo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers a fault with 500 and a generic message, never its details", async () => {
    const response = await probe.inject({ method: "GET", url: "/probe/fault" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: "INTERNAL_ERROR", message: "An unexpected error occurred" },
    });
    expect(response.body).not.toContain("secret");
    expect(response.body).not.toContain("at ");
  });
});

describe("logging", () => {
  it("redacts authorization, cookies, passwords and tokens", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp({ database: testApp.database, logger: { level: "info", stream } });
    logged.get("/probe/log", (request) => {
      request.log.info(
        { headers: request.headers, body: { password: "hunter2", token: "tok-123" } },
        "probe",
      );
      return { ok: true };
    });
    await logged.inject({
      method: "GET",
      url: "/probe/log",
      headers: { authorization: "Bearer abc.def", cookie: "session=s3cr3t" },
    });
    await logged.close();
    const output = lines.join("");
    expect(output).toContain("probe");
    for (const secret of ["abc.def", "s3cr3t", "hunter2", "tok-123"]) expect(output).not.toContain(secret);
  });
});
