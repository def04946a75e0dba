import { and, eq, gte, isNull, or, sql } from "@deals/db";
import { deals } from "@deals/db/schema/catalogue";
import { TEST_NOW } from "@deals/db/testing";
import { BRAND_IDS, BRANDS } from "@deals/domain/brand";
import { dealDayOf, startOfDealDay } from "@deals/domain/deal-day";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import { sitemapChildren, urlSetXml } from "./service.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const crawl = (url: string, host: string) => testApp.app.inject({ method: "GET", url, headers: { host } });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe("robots.txt", () => {
  it("answers each brand's rules and sitemap by Host", async () => {
    for (const brandId of BRAND_IDS) {
      const host = BRANDS[brandId].hosts[0]!;
      const response = await crawl("/robots.txt", host);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(response.headers.vary).toBe("host");
      expect(response.body).toContain("User-agent: *\nAllow: /\n");
      expect(response.body).toContain("Disallow: /checkout\n");
      expect(response.body).toContain("Disallow: /myaccount\n");
      expect(response.body.trim().endsWith(`Sitemap: https://${host}/sitemap.xml`)).toBe(true);
    }
    const local = await crawl("/robots.txt", "sister-ie.localhost:3000");
    expect(local.body).toContain("Sitemap: https://www.fernlight.ie/sitemap.xml");
    const unknown = await crawl("/robots.txt", "example.org");
    expect(unknown.body).toContain("Sitemap: https://www.dealmoor.co.uk/sitemap.xml");
  });
});

describe("sitemaps", () => {
  it("indexes a pages sitemap and the deals sitemaps of the Host's brand", async () => {
    const index = await crawl("/sitemap.xml", "www.dealmoor.ie");
    expect(index.statusCode).toBe(200);
    expect(index.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index.body)).toEqual([
      "https://www.dealmoor.ie/sitemaps/pages.xml",
      "https://www.dealmoor.ie/sitemaps/deals-1.xml",
    ]);
  });

  it("lists every live deal of the brand, and only those", async () => {
    const since = startOfDealDay(dealDayOf(TEST_NOW));
    const [{ count } = { count: 0 }] = await testApp.database.db
      .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(deals)
      .where(and(eq(deals.brandId, "main-uk"), or(isNull(deals.closingDate), gte(deals.closingDate, since))));
    const xml = (await crawl("/sitemaps/deals-1.xml", "www.dealmoor.co.uk")).body;
    const urls = locs(xml);
    expect(urls).toHaveLength(count);
    expect(new Set(urls).size).toBe(count);
    for (const url of urls)
      expect(url).toMatch(
        /^https:\/\/www\.dealmoor\.co\.uk\/deal\/[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+\/\d+\/[a-z0-9-]+$/,
      );
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    // The deal pages the sitemap names are the ones the API serves.
    const id = urls[0]!.split("/")[7];
    expect(
      (await testApp.app.inject({ method: "GET", url: `/v1/deal/${id}`, headers: brandHeaders() }))
        .statusCode,
    ).toBe(200);
    expect((await crawl("/sitemaps/deals-2.xml", "www.dealmoor.co.uk")).statusCode).toBe(404);
    expect((await crawl("/sitemaps/other.xml", "www.dealmoor.co.uk")).statusCode).toBe(404);
  });

  it("lists the listing and content pages", async () => {
    const urls = locs((await crawl("/sitemaps/pages.xml", "www.fernlight.co.uk")).body);
    const origin = "https://www.fernlight.co.uk";
    for (const path of [
      "/",
      "/deals/london",
      "/deals/shop",
      "/deals/escapes",
      "/gifts",
      "/deals/vip",
      "/deals/wellness-collection",
      "/early-bird",
      "/gift-finder/gifts-for-mum",
      "/near-me/hub",
      "/guides/holiday-deals",
      "/page/privacypolicy",
    ]) {
      expect(urls, path).toContain(`${origin}${path}`);
    }
    expect(urls).not.toContain(`${origin}/page/privacypolicy-ie`);
    expect(urls.some((url) => /\/deals\/london\/[a-z-]+\/[a-z-]+$/.test(url))).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("splits deals into sitemaps of at most 50,000 URLs and escapes XML", () => {
    expect(sitemapChildren(0)).toEqual(["pages.xml"]);
    expect(sitemapChildren(50_000)).toEqual(["pages.xml", "deals-1.xml"]);
    expect(sitemapChildren(50_001)).toEqual(["pages.xml", "deals-1.xml", "deals-2.xml"]);
    expect(sitemapChildren(120_000, 50_000)).toHaveLength(4);
    expect(urlSetXml([{ loc: "https://a.example/?x=1&y=<2>" }])).toContain(
      "<loc>https://a.example/?x=1&amp;y=&lt;2&gt;</loc>",
    );
  });
});

describe("GET /v1/organization", () => {
  it("describes the brand for JSON-LD", async () => {
    const response = await testApp.app.inject({
      method: "GET",
      url: "/v1/organization",
      headers: brandHeaders("sister-ie"),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Fernlight",
      url: "https://www.fernlight.ie/",
      areaServed: "IE",
      contactPoint: { "@type": "ContactPoint", email: "help@fernlight.ie" },
    });
    expect(response.json().sameAs).toContain("https://instagram.example/fernlightie");
  });
});
