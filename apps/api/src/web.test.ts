import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownAccessors } from "../../../tests/support/own-accessors.ts";
import { SharedAnswers } from "./shared-answers.ts";
import { brandHeaders, startTestApp, type TestApp } from "./testing.ts";
import { createApiFetch, mountWeb } from "./web.ts";

let testApp: TestApp;
let emptyBuild: string;
beforeAll(async () => {
  testApp = await startTestApp();
  emptyBuild = await mkdtemp(join(tmpdir(), "no-web-build-"));
  await mountWeb(testApp.app, emptyBuild);
});
afterAll(async () => {
  await testApp.close();
  await rm(emptyBuild, { recursive: true, force: true });
});

describe("mountWeb without a storefront build", () => {
  it("says at / how to build the storefront", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toContain("npm run build");
  });

  it("leaves the API as it was", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
  });
});

describe("apiFetch", () => {
  it("answers a fetch Response from the API in-process", async () => {
    const apiFetch = createApiFetch(testApp.app);
    const response = await apiFetch("/v1/location/london", { headers: brandHeaders() });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ shortName: "london", name: "London" });
  });

  it("reads an answer's bytes alike as text, JSON, bytes and a stream", async () => {
    const apiFetch = createApiFetch(testApp.app);
    const ask = () => apiFetch("/v1/locations", { headers: brandHeaders() });
    const text = await (await ask()).text();
    expect(JSON.parse(text)).toEqual(await (await ask()).json());
    expect(Buffer.from(await (await ask()).arrayBuffer()).toString("utf8")).toBe(text);
    const streamed = await ask();
    expect(streamed.body).toBe(streamed.body);
    expect(await new Response(streamed.body).text()).toBe(text);
  });

  it("makes in-process requests and answers with no accessors of their own", async () => {
    // patches/light-my-request keeps them on the prototypes (tests/support/own-accessors.ts).
    const answer = await testApp.app.inject({ method: "GET", url: "/healthz" });
    expect(ownAccessors(answer)).toEqual([]);
    expect(ownAccessors(answer.raw.req)).toEqual([]);
    expect(answer.rawPayload.toString("utf8")).toBe(answer.payload);
    expect(answer.json()).toEqual(JSON.parse(answer.payload));
  });

  it("gives a page's loader a catalogue answer as text, the same text and bytes the network gets", async () => {
    // In-process the listing goes as text (light-my-request keeps it so); to the network as bytes.
    const path = "/v1/deals/london?page=0&pageSize=24";
    await testApp.app.listen({ host: "127.0.0.1", port: 0 });
    const address = testApp.app.server.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    const network = await fetch(`http://127.0.0.1:${address.port}${path}`, { headers: brandHeaders() });
    const networkBytes = Buffer.from(await network.arrayBuffer());
    expect(network.status).toBe(200);
    expect(networkBytes.toString("utf8")).toContain("£");

    const inProcess = await createApiFetch(testApp.app)(path, { headers: brandHeaders() });
    expect(await inProcess.text()).toBe(networkBytes.toString("utf8"));
    const inProcessBytes = Buffer.from(
      await (await createApiFetch(testApp.app)(path, { headers: brandHeaders() })).arrayBuffer(),
    );
    expect(inProcessBytes.equals(networkBytes)).toBe(true);
  });

  it("passes errors through with their status", async () => {
    const apiFetch = createApiFetch(testApp.app);
    const response = await apiFetch("/v1/deal/abc", { headers: brandHeaders() });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("INVALID_PARAMETER");
    const head = await apiFetch("/healthz", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("answers the shell's data from memory with the asking page's id, and a miss as a miss", async () => {
    const shared = new SharedAnswers();
    const first = await createApiFetch(
      testApp.app,
      undefined,
      "page-1",
      shared,
    )("/v1/location/london", {
      headers: brandHeaders(),
    });
    const second = await createApiFetch(
      testApp.app,
      undefined,
      "page-2",
      shared,
    )("/v1/location/london", {
      headers: brandHeaders(),
    });
    expect(second.status).toBe(200);
    expect(second.headers.get("x-request-id")).toBe("page-2");
    expect(await second.json()).toEqual(await first.json());
    for (const id of ["page-3", "page-4"]) {
      const missing = await createApiFetch(
        testApp.app,
        undefined,
        id,
        shared,
      )("/v1/location/atlantis", {
        headers: brandHeaders(),
      });
      expect(missing.status).toBe(404);
      expect((await missing.json()).error.code).toBe("LOCATION_NOT_FOUND");
    }
  });

  it("parses a kept answer's JSON once for every page, frozen so no page can change another's", async () => {
    const shared = new SharedAnswers();
    const read = async () => {
      const apiFetch = createApiFetch(testApp.app, undefined, undefined, shared);
      return (await apiFetch("/v1/locations", { headers: brandHeaders() })).json();
    };
    const [first, second] = [await read(), await read()];
    expect(second).toBe(first);
    expect(Object.isFrozen(first.locations[0])).toBe(true);
    expect(() => first.locations.push({})).toThrow(TypeError);
    // An answer not shared is each page's own.
    const own = createApiFetch(testApp.app);
    const location = await (await own("/v1/location/london", { headers: brandHeaders() })).json();
    expect(Object.isFrozen(location)).toBe(false);
  });

  it("carries the page request's id into the API call", async () => {
    const apiFetch = createApiFetch(testApp.app, "203.0.113.9", "page-request-7");
    const response = await apiFetch("/v1/location/london", { headers: brandHeaders() });
    expect(response.headers.get("x-request-id")).toBe("page-request-7");
  });
});
