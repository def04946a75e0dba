import { BRAND_IDS, BRANDS } from "@deals/domain/brand";
import { staticPageSlugs } from "@deals/domain/static-pages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import { GUIDE_SLUGS } from "./content.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const get = (url: string, headers = brandHeaders()) => testApp.app.inject({ method: "GET", url, headers });

describe("GET /v1/staticpage/:slug", () => {
  it("serves every static page of every brand with its own name and contact", async () => {
    for (const brandId of BRAND_IDS) {
      const brand = BRANDS[brandId];
      for (const slug of staticPageSlugs(brand)) {
        const response = await get(`/v1/staticpage/${slug}`, brandHeaders(brandId));
        expect(response.statusCode, `${brandId} ${slug}`).toBe(200);
        const page = response.json();
        expect(page).toMatchObject({ slug, redirectUrl: null });
        expect(page.title.length).toBeGreaterThan(3);
        expect(
          page.sections.flatMap((s: { paragraphs: string[] }) => s.paragraphs).join(" ").length,
        ).toBeGreaterThan(100);
      }
    }
    const about = (await get("/v1/staticpage/aboutus", brandHeaders("sister-uk"))).json();
    expect(about.title).toBe("About Fernlight");
  });

  it("serves the Irish privacy policy on the Irish sites and redirects to each site's own", async () => {
    const irish = (await get("/v1/staticpage/privacypolicy-ie", brandHeaders("main-ie"))).json();
    expect(JSON.stringify(irish)).toContain("Data Protection Commission");
    const uk = (await get("/v1/staticpage/privacypolicy")).json();
    expect(JSON.stringify(uk)).toContain("Information Commissioner");
    expect((await get("/v1/staticpage/privacypolicy", brandHeaders("main-ie"))).json()).toMatchObject({
      slug: "privacypolicy-ie",
      redirectUrl: "/page/privacypolicy-ie",
    });
    expect((await get("/v1/staticpage/privacypolicy-ie")).json().redirectUrl).toBe("/page/privacypolicy");
  });

  it("answers 404 PAGE_NOT_FOUND for other slugs", async () => {
    for (const slug of ["nothing", "%3Cscript%3E", "..%2F..%2Fetc"]) {
      const response = await get(`/v1/staticpage/${slug}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json().error.code).toBe("PAGE_NOT_FOUND");
      expect(response.body).not.toContain("<script>");
    }
  });
});

describe("GET /v1/guides/:slug", () => {
  it("serves the hub and the named guides, each linking the others", async () => {
    for (const slug of GUIDE_SLUGS) {
      const response = await get(`/v1/guides/${slug}`);
      expect(response.statusCode, slug).toBe(200);
      const guide = response.json();
      expect(guide.guides.map((g: { slug: string }) => g.slug)).toEqual(
        GUIDE_SLUGS.filter((s) => s !== slug),
      );
    }
    const blackFriday = (await get("/v1/guides/black-friday-deals")).json();
    expect(blackFriday.dealsFeed).toBe("/v1/deals/london/special/black-friday");
    const feed = await get(blackFriday.dealsFeed);
    expect(feed.statusCode).toBe(200);
    expect((await get("/v1/guides/holiday-deals")).json().dealsFeed).toBe("/v1/deals/travel");
    expect((await get("/v1/guides/nope")).statusCode).toBe(404);
  });
});
