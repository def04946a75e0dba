import { and, eq } from "@deals/db";
import { sponsoredEvents, sponsoredSessions } from "@deals/db/schema/browse";
import { TEST_NOW } from "@deals/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import type { SponsoredDeal } from "../deals/schemas.ts";
import { seedSponsoredAds } from "./seed.ts";

let testApp: TestApp;
let sponsored: SponsoredDeal[];
beforeAll(async () => {
  testApp = await startTestApp();
  await seedSponsoredAds(testApp.database.db, TEST_NOW);
  const answer = await testApp.app.inject({
    method: "GET",
    url: "/v1/search?q=save",
    headers: brandHeaders(),
  });
  sponsored = answer.json().sponsored.deals;
});
afterAll(() => testApp.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = brandHeaders()) =>
  testApp.app.inject({
    method: "POST",
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as string }),
  });

async function openSession(body: unknown = {}) {
  const response = await post("/v1/sponsored/customer", body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().sessionId as string;
}

async function events(sessionId: string, type: "impression" | "click") {
  return testApp.database.db
    .select({ adId: sponsoredEvents.adId, dealId: sponsoredEvents.dealId })
    .from(sponsoredEvents)
    .where(and(eq(sponsoredEvents.sessionId, sessionId), eq(sponsoredEvents.type, type)));
}

describe("POST /v1/sponsored/customer", () => {
  it("creates a session on demand, stores it, and keeps one this site knows", async () => {
    const sessionId = await openSession({ customerToken: "a-customer-token" });
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const [stored] = await testApp.database.db
      .select()
      .from(sponsoredSessions)
      .where(eq(sponsoredSessions.id, sessionId));
    expect(stored).toMatchObject({ brandId: "main-uk", customerToken: "a-customer-token" });
    expect(await openSession({ sessionId })).toBe(sessionId);
    expect(await openSession()).not.toBe(sessionId);
    // Another site's session is not this site's: a new one is made.
    const irish = (await post("/v1/sponsored/customer", { sessionId }, brandHeaders("main-ie"))).json()
      .sessionId;
    expect(irish).not.toBe(sessionId);
    const response = await post("/v1/sponsored/customer", {});
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers 400 for a malformed session id", async () => {
    const response = await post("/v1/sponsored/customer", { sessionId: "<script>" });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain("<script>");
  });
});

describe("POST /v1/sponsored/impressionAndClick", () => {
  it("records impressions (as a beacon sends them) and clicks of sponsored deals", async () => {
    expect(sponsored.length).toBeGreaterThan(0);
    const sessionId = await openSession();
    const adIds = sponsored.map((deal) => deal.adId);
    const dealIds = sponsored.map((deal) => deal.id);
    const beacon = await post(
      "/v1/sponsored/impressionAndClick",
      JSON.stringify({ adIds, dealIds, sessionId, type: "impression" }),
      { ...brandHeaders(), "content-type": "text/plain;charset=UTF-8" },
    );
    expect(beacon.json()).toEqual({ recorded: sponsored.length });
    expect(await events(sessionId, "impression")).toHaveLength(sponsored.length);

    const click = await post("/v1/sponsored/impressionAndClick", {
      adIds: [adIds[0], "ad-unknown", adIds[0]],
      dealIds: [dealIds[0], dealIds[0], 999999],
      sessionId,
      type: "click",
    });
    // Only the pair naming a real ad for its deal counts.
    expect(click.json()).toEqual({ recorded: 1 });
    expect(await events(sessionId, "click")).toEqual([{ adId: adIds[0], dealId: dealIds[0] }]);
  });

  it("answers 404 for a session this site does not know, 400 for a bad report", async () => {
    const [deal] = sponsored;
    const unknown = await post("/v1/sponsored/impressionAndClick", {
      adIds: [deal!.adId],
      dealIds: [deal!.id],
      sessionId: "00000000-0000-0000-0000-000000000000",
      type: "click",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("SPONSORED_SESSION_NOT_FOUND");

    const sessionId = await openSession();
    const cases: [unknown, string][] = [
      [
        { adIds: [deal!.adId], dealIds: [], sessionId, type: "click" },
        "dealIds must hold one deal id per ad id, in the same order",
      ],
      [
        { adIds: [deal!.adId], dealIds: [deal!.id], sessionId, type: "view" },
        "type must be impression or click",
      ],
      [{ adIds: [], dealIds: [], sessionId, type: "click" }, "adIds must hold at least one ad id"],
      [
        { adIds: Array(201).fill("a"), dealIds: Array(201).fill(1), sessionId, type: "impression" },
        "adIds must hold at most 200 ad ids",
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await post("/v1/sponsored/impressionAndClick", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });
});
