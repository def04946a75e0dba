import { and, eq, inArray, isNotNull, lt, sql } from "@deals/db";
import { dealProducts, deals as dealsTable } from "@deals/db/schema/catalogue";
import { TEST_NOW } from "@deals/db/testing";
import { dealDayOf, startOfDealDay } from "@deals/domain/deal-day";
import { dealListRequest } from "@deals/domain/paging";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import { SEARCH_TAGS, SPECIAL_PAGES, WELLNESS_COLLECTION } from "./collections.ts";
import type { DealSummary } from "./schemas.ts";
import { categoryNamesOf, dealsClient, ids } from "./test-support.ts";

let testApp: TestApp;
let client: ReturnType<typeof dealsClient>;
beforeAll(async () => {
  testApp = await startTestApp();
  client = dealsClient(testApp);
});
afterAll(() => testApp.close());

const startOfToday = startOfDealDay(dealDayOf(TEST_NOW));

describe("listing parameters", () => {
  it("pages exactly as the paging rules ask, for every page type's offset", async () => {
    const everything = await client.allDeals("/v1/deals/london");
    for (const pageType of ["homepage", "deal", "travel"] as const) {
      const seen: DealSummary[] = [];
      for (let page = 0; page < 4; page++) {
        const request = dealListRequest(page, { pageType, pageSize: 5 });
        const answer = await client.list(
          `/v1/deals/london?page=${request.page}&pageSize=${request.pageSize}&offset=${request.offset}`,
        );
        expect(answer.pageSize).toBe(request.pageSize);
        seen.push(...answer.deals);
      }
      // Page 0 holds pageSize + offset deals, later pages start right after: no gap, no repeat.
      expect(ids(seen), pageType).toEqual(ids(everything.slice(0, seen.length)));
    }
    const later = await client.list("/v1/deals/london?page=2&pageSize=4&offset=3");
    expect(ids(later.deals)).toEqual(ids(everything.slice(3 + 8, 3 + 12)));
  });

  it("answers each location, price range and page from its own values, asked in turn", async () => {
    // The page of deals is prepared once per shape of filter and only its values change.
    for (const [location, minPrice] of [
      ["london", 10],
      ["manchester", 20],
      ["london", 30],
    ] as const) {
      const answer = await client.list(`/v1/deals/${location}?minPrice=${minPrice}&pageSize=50`);
      expect(answer.deals.length).toBeGreaterThan(0);
      for (const deal of answer.deals) {
        if (deal.scope === "local") expect(deal.location?.shortName).toBe(location);
        expect(deal.price).toBeGreaterThanOrEqual(minPrice * 100);
      }
    }
  });

  it("sorts by price both ways, discount and recently added", async () => {
    const dear = await client.list("/v1/deals/london?orderBy=price&order=desc&pageSize=60");
    const prices = dear.deals.map((deal) => deal.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    const newest = await client.list("/v1/deals/london?orderBy=dateAdded&pageSize=60");
    const rows = await testApp.database.db
      .select({ id: dealsTable.id, publishedAt: dealsTable.publishedAt })
      .from(dealsTable)
      .where(inArray(dealsTable.id, ids(newest.deals)));
    const published = new Map(rows.map((row) => [row.id, row.publishedAt.getTime()]));
    const times = newest.deals.map((deal) => published.get(deal.id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const popular = await client.list("/v1/deals/london?orderBy=-1&order=-1&pageSize=10");
    expect(ids(popular.deals)).toEqual(ids((await client.list("/v1/deals/london?pageSize=10")).deals));
  });

  it("filters by either end of the price range", async () => {
    for (const deal of (await client.list("/v1/deals/london?minPrice=40&pageSize=100")).deals) {
      expect(deal.price).toBeGreaterThanOrEqual(4000);
    }
    for (const deal of (await client.list("/v1/deals/london?maxPrice=30&pageSize=100")).deals) {
      expect(deal.price).toBeLessThanOrEqual(3000);
    }
  });

  it("narrows by categories (any of them), category and subcategory", async () => {
    const both = await client.allDeals("/v1/deals/london?categories=spa-days,massages");
    expect(both.length).toBeGreaterThan(0);
    for (const deal of both) expect(["spa-days", "massages"]).toContain(deal.subCategory.shortName);
    const spa = await client.list("/v1/deals/london/beauty-and-spa/spa-days");
    const massages = await client.list("/v1/deals/london/beauty-and-spa/massages");
    expect(both.length).toBe(spa.count + massages.count);
    const repeated = await client.list("/v1/deals/london?categories=spa-days&categories=massages");
    expect(repeated.count).toBe(both.length);

    for (const deal of (await client.list("/v1/deals/london?category=beauty-and-spa&pageSize=100")).deals) {
      expect(deal.category.shortName).toBe("beauty-and-spa");
    }
    for (const deal of (await client.list("/v1/deals/london?subcategory=restaurants&pageSize=100")).deals) {
      expect(deal.subCategory.shortName).toBe("restaurants");
    }
    // A short name that names nothing lists nothing.
    expect((await client.list("/v1/deals/london?categories=not-a-category")).count).toBe(0);
  });

  it("leaves out excluded categories, subcategories and deals", async () => {
    const all = await client.list("/v1/deals/london");
    const food = await client.list("/v1/deals/london/food-and-drink");
    const withoutFood = await client.allDeals("/v1/deals/london?excludecategory=food-and-drink");
    expect(withoutFood.length).toBe(all.count - food.count);
    expect(withoutFood.some((deal) => deal.category.shortName === "food-and-drink")).toBe(false);

    const sub = all.deals[0]!.subCategory.shortName;
    const withoutSub = await client.allDeals(`/v1/deals/london?excludesubcategory=${sub}`);
    expect(withoutSub.some((deal) => deal.subCategory.shortName === sub)).toBe(false);
    expect(withoutSub.length).toBeLessThan(all.count);

    const [first, second] = all.deals;
    const withoutTwo = await client.list(`/v1/deals/london?excludedealids=${first!.id},${second!.id}`);
    expect(withoutTwo.count).toBe(all.count - 2);
    expect(ids(withoutTwo.deals)).not.toContain(first!.id);
    expect(ids(withoutTwo.deals)).not.toContain(second!.id);
  });

  it("puts deals like the recently viewed ones first", async () => {
    const everything = await client.allDeals("/v1/deals/london");
    const viewed = everything.at(-1)!;
    const sameKind = everything.filter((deal) => deal.subCategory.id === viewed.subCategory.id);
    const answer = await client.list(`/v1/deals/london?recentViewedDeal=${viewed.id}&pageSize=100`);
    expect(answer.count).toBe(everything.length);
    const leading = answer.deals.slice(0, sameKind.length);
    expect(ids(leading)).toEqual(ids(sameKind));
    const six = Array.from({ length: 6 }, (_, i) => `recentViewedDeal=${everything[i]!.id}`).join("&");
    const tooMany = await client.failure(`/v1/deals/london?${six}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toMatch(/^recentViewedDeal must have at most 5 values/);
  });

  it("lists VIP deals with vip=true and every location's with all=true", async () => {
    const vip = await client.allDeals("/v1/deals/london?vip=true");
    expect(vip.length).toBeGreaterThan(0);
    for (const deal of vip) expect(deal.vipPrice !== null || deal.vipExclusive).toBe(true);

    const nearMe = await client.list("/v1/deals/near-me");
    const all = await client.list("/v1/deals/london?all=true");
    expect(all.count).toBe(nearMe.count);
  });

  it("keeps deals holding every word of q", async () => {
    const brunch = await client.allDeals("/v1/deals/london?q=brunch");
    expect(brunch.length).toBeGreaterThan(0);
    for (const deal of brunch) expect(`${deal.headline} ${deal.title}`.toLowerCase()).toContain("brunch");
  });

  it("lists a gift-finder tag's categories for searchTag and giftFor", async () => {
    for (const url of ["/v1/deals/gifts?searchTag=gifts-for-mum", "/v1/deals/gifts?giftFor=mum"]) {
      const tagged = await client.allDeals(url);
      expect(tagged.length).toBeGreaterThan(0);
      const wanted = SEARCH_TAGS.get("gifts-for-mum")!;
      for (const deal of tagged)
        expect(categoryNamesOf(deal).some((name) => wanted.includes(name))).toBe(true);
    }
    expect((await client.list("/v1/deals/gifts?searchTag=gifts-for-nobody")).count).toBe(0);
  });

  it("filters by facets, counting each facet's values without its own selection", async () => {
    const all = await client.list("/v1/deals/national-deal");
    const byType = (answer: typeof all) =>
      Object.fromEntries(
        answer.facetedNavigation.filters
          .find((f) => f.name === "f_type")!
          .values.map((v) => [v.value, v.count]),
      );

    const products = await client.allDeals("/v1/deals/national-deal?f_type=product");
    expect(products.length).toBe(byType(all).product);
    for (const deal of products) expect(deal.dealType).toBe("product");

    const band = await client.list("/v1/deals/national-deal?f_discount=50-69&pageSize=100");
    const discount = band.facetedNavigation.filters.find((f) => f.name === "f_discount")!;
    const unfiltered = all.facetedNavigation.filters.find((f) => f.name === "f_discount")!;
    // The discount filter's own counts ignore its selection, so other bands can be added.
    expect(discount.values.map((v) => [v.value, v.count])).toEqual(
      unfiltered.values.map((v) => [v.value, v.count]),
    );
    expect(discount.values.find((v) => v.value === "50-69")!).toMatchObject({
      selected: true,
      count: band.count,
    });
    for (const deal of band.deals) {
      expect(deal.discountPercentage).toBeGreaterThanOrEqual(50);
      expect(deal.discountPercentage).toBeLessThanOrEqual(69);
    }
    const two = await client.list("/v1/deals/national-deal?f_discount=50-69&f_discount=70-plus");
    const plus = unfiltered.values.find((v) => v.value === "70-plus")?.count ?? 0;
    expect(two.count).toBe(band.count + plus);

    const rated = await client.allDeals("/v1/deals/national-deal?f_rating=4-plus");
    for (const deal of rated) expect(deal.reviewSummary.average).toBeGreaterThanOrEqual(4);

    const stays = await client.list("/v1/deals/travel?f_nights=2");
    expect(stays.count).toBeGreaterThan(0);
  });

  it("lists every location's deals for near-me with lat and lon, the nearest location's first", async () => {
    const answer = await client.list("/v1/deals/near-me?lat=53.47&lon=-2.25");
    expect(answer.location).toEqual({ shortName: "manchester", name: "Manchester" });
    const manchester = await client.list("/v1/deals/manchester");
    expect(answer.count).toBe((await client.list("/v1/deals/near-me")).count);
    expect(ids(answer.deals.slice(0, manchester.count)).sort()).toEqual(ids(manchester.deals).sort());
    expect(answer.canonicalUrl).toBe("https://www.dealmoor.co.uk/near-me");
  });

  it("lists live deals only: closed before today, a deal leaves the lists", async () => {
    const [closed] = await testApp.database.db
      .select({ id: dealsTable.id })
      .from(dealsTable)
      .where(
        and(
          eq(dealsTable.brandId, "main-uk"),
          isNotNull(dealsTable.locationId),
          lt(dealsTable.closingDate, startOfToday),
        ),
      )
      .limit(1);
    expect(closed).toBeDefined();
    const nearMe = await client.allDeals("/v1/deals/near-me");
    expect(ids(nearMe)).not.toContain(closed!.id);
    for (const deal of nearMe) {
      if (deal.closingDate !== null) {
        expect(new Date(deal.closingDate).getTime()).toBeGreaterThanOrEqual(startOfToday.getTime());
      }
    }
  });
});

describe("listing page types", () => {
  it("lists VIP deals at /deals/vip, with their category navigation", async () => {
    const vip = await client.list("/v1/deals/vip?pageSize=100");
    expect(vip.count).toBeGreaterThan(0);
    expect(vip.collection).toMatchObject({ slug: "vip", title: "VIP deals" });
    expect(vip.canonicalUrl).toBe("https://www.dealmoor.co.uk/deals/vip");
    for (const deal of vip.deals) expect(deal.vipPrice !== null || deal.vipExclusive).toBe(true);
    const first = vip.facetedNavigation.navigations[0]!;
    const narrowed = await client.list(`/v1/deals/vip/${first.shortName}`);
    expect(narrowed.count).toBe(first.count);
  });

  it("lists the wellness collection and the early bird deals", async () => {
    const wellness = await client.allDeals("/v1/deals/wellness-collection");
    expect(wellness.length).toBeGreaterThan(0);
    const wanted = WELLNESS_COLLECTION.rule.categoryShortNames!;
    for (const deal of wellness)
      expect(categoryNamesOf(deal).some((name) => wanted.includes(name))).toBe(true);

    const earlyBird = await client.list("/v1/early-bird-deal?pageSize=100");
    expect(earlyBird.count).toBeGreaterThan(0);
    for (const deal of earlyBird.deals) expect(deal.display.earlyBird).toBe(true);
    expect(earlyBird.collection?.slug).toBe("early-bird");
    expect(ids((await client.list("/v1/deals/early-bird?pageSize=100")).deals)).toEqual(ids(earlyBird.deals));
  });

  it("lists a special page's deals: the location's and the national ones", async () => {
    const page = SPECIAL_PAGES.find((special) => special.slug === "black-friday")!;
    const answer = await client.allDeals("/v1/deals/london/special/black-friday");
    expect(answer.length).toBeGreaterThan(0);
    for (const deal of answer) {
      expect(deal.discountPercentage).toBeGreaterThanOrEqual(page.rule.minDiscountPercent!);
      expect(deal.location === null || deal.location.shortName === "london").toBe(true);
    }
    const first = await client.list("/v1/deals/london/special/black-friday");
    expect(first.canonicalUrl).toBe("https://www.dealmoor.co.uk/deals/london/special/black-friday");
    expect(first.collection?.title).toBe(page.title);
    const missing = await client.failure("/v1/deals/london/special/no-such-page");
    expect(missing).toMatchObject({ status: 404, code: "PAGE_NOT_FOUND" });
  });

  it("lists the gift finder by recipient, personality and budget", async () => {
    const dad = await client.allDeals("/v1/deals/london/gift-finder/gifts-for-dad");
    expect(dad.length).toBeGreaterThan(0);
    for (const deal of dad) {
      expect(categoryNamesOf(deal).some((name) => SEARCH_TAGS.get("gifts-for-dad")!.includes(name))).toBe(
        true,
      );
    }
    const first = await client.list("/v1/deals/london/gift-finder/gifts-for-dad");
    expect(first.canonicalUrl).toBe("https://www.dealmoor.co.uk/gift-finder/gifts-for-dad");
    // The personality's tag is the narrower choice and wins over the recipient's.
    const daredevil = await client.allDeals(
      "/v1/deals/london/gift-finder/gifts-for-dad?searchTag=gifts-for-daredevil&minPrice=20&maxPrice=100",
    );
    for (const deal of daredevil) {
      expect(
        categoryNamesOf(deal).some((name) => SEARCH_TAGS.get("gifts-for-daredevil")!.includes(name)),
      ).toBe(true);
      expect(deal.price).toBeGreaterThanOrEqual(2000);
      expect(deal.price).toBeLessThanOrEqual(10000);
    }
    const bare = await client.list("/v1/deals/london/gift-finder");
    expect(bare.canonicalUrl).toBe("https://www.dealmoor.co.uk/gift-finder");
    expect((await client.failure("/v1/deals/london/gift-finder/gifts-for-aliens")).code).toBe(
      "PAGE_NOT_FOUND",
    );
  });

  it("lists around a deal: the main deal first on page 0, the deal's canonical URL", async () => {
    const london = await client.list("/v1/deals/london?pageSize=1");
    const category = london.deals[0]!.category.shortName;
    const sub = london.deals[0]!.subCategory.shortName;
    const sameSub = await client.list(`/v1/deals/london/${category}/${sub}?pageSize=100`);
    const main = sameSub.deals.at(-1)!;
    const path = `/v1/deals/london/${category}/${sub}/${main.id}`;
    const page0 = await client.list(`${path}?pageSize=5`);
    expect(page0.mainDeal?.id).toBe(main.id);
    expect(page0.deals[0]!.id).toBe(main.id);
    expect(ids(page0.deals).filter((id) => id === main.id)).toHaveLength(1);
    expect(page0.count).toBe(sameSub.count);
    expect(page0.canonicalUrl).toBe(`https://www.dealmoor.co.uk${main.urlPath}`);
    expect(page0.redirectUrl).toBeNull();
    const page1 = await client.list(`${path}?page=1&pageSize=5`);
    expect(page1.mainDeal?.id).toBe(main.id);

    // Asked under a category it is not in, the listing says where the deal lives.
    const other = category === "beauty-and-spa" ? "food-and-drink" : "beauty-and-spa";
    const elsewhere = await client.list(`/v1/deals/london/${other}/${main.id}`);
    expect(elsewhere.redirectUrl).toBe(main.urlPath);
    expect((await client.failure(`/v1/deals/london/${category}/999999`)).code).toBe("DEAL_NOT_FOUND");
  });

  it("gives an evergreen deal's evergreen URL with it", async () => {
    const everything = await client.allDeals("/v1/deals/national-deal");
    const evergreen = everything.find((deal) => deal.closingDate === null)!;
    const answer = await client.list(`/v1/deals/national-deal/${evergreen.id}`);
    const [, , category, sub, subsub] = evergreen.urlPath.split("/");
    expect(answer.evergreenUrl).toBe(
      `/deal/${category}/${sub}/${subsub}/e/${evergreen.urlPath.split("/")[6]}`,
    );
  });
});

describe("listing answers and bad input", () => {
  it("sends Cache-Control for shared caches and varies on the brand headers", async () => {
    const response = await client.get("/v1/deals/london/food-and-drink");
    expect(response.headers["cache-control"]).toBe(
      "public, max-age=60, s-maxage=300, stale-while-revalidate=600",
    );
    expect(response.headers.vary).toBe("brand, country-code");
  });

  it("answers a repeated anonymous listing from memory, never a shopper's", async () => {
    const url = "/v1/deals/london/beauty-and-spa?pageSize=7";
    const first = await client.get(url);
    let second = first;
    expect(await client.countQueries(async () => (second = await client.get(url)))).toBe(0);
    expect(second.body).toBe(first.body);
    expect(second.headers.vary).toBe("brand, country-code");
    // Both sent as bytes, labelled JSON, their length counted in bytes, not characters.
    for (const answer of [first, second]) {
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(answer.body));
    }
    // Another brand asking the same path gets its own answer.
    const sister = await client.get(url, brandHeaders("sister-uk"));
    expect(sister.body).not.toBe(first.body);
    // A request with a session cookie is answered from the database.
    const withSession = await client.countQueries(() =>
      testApp.app.inject({ method: "GET", url, headers: { ...brandHeaders(), cookie: "sid=someone" } }),
    );
    // Its session and its page of deals at least (the location and the counts may be kept).
    expect(withSession).toBeGreaterThanOrEqual(2);
  });

  it("answers bad filters, a reversed price range and junk with a clear 400", async () => {
    const cases: [string, string][] = [
      [
        "f_colour=red",
        "f_colour is not a filter of this list; filters: f_type, f_discount, f_rating, f_nights",
      ],
      ["f_type=boat", "f_type must be one of voucher, product, travel"],
      ["minPrice=50&maxPrice=20", "minPrice must not exceed maxPrice"],
      [`q=${"a".repeat(10_000)}`, "q must be at most 200 characters"],
      ["categories=%3Cb%3E", "categories must contain only letters, digits, hyphens and underscores"],
      ["lat=91&lon=0", "lat must be a number from -90 to 90"],
      ["lat=51.5", "lat and lon must be given together"],
      ["offset=-2", "offset must be a whole number from 0 to 1000000"],
    ];
    for (const [query, message] of cases) {
      const answer = await client.failure(`/v1/deals/london?${query}`);
      expect(answer, query).toMatchObject({ status: 400, code: "INVALID_PARAMETER", message });
    }
  });

  it("never repeats markup from the request", async () => {
    const responses = await Promise.all([
      client.get("/v1/deals/london?f_%3Cscript%3Ealert(1)%3C%2Fscript%3E=1"),
      client.get("/v1/deals/london?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E"),
      client.get("/v1/deals/london?searchTag=%3Cimg%20src%3Dx%3E"),
      client.get("/v1/deals/london?q=%27%20or%201%3D1%20--"),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([400, 200, 400, 200]);
    for (const response of responses) {
      expect(response.body).not.toMatch(/<script|<img/);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe("sold-out deals", () => {
  const soldOutAfterAvailable = (listing: DealSummary[], soldOut: Set<number>) => {
    const places = listing.map((deal) => soldOut.has(deal.id));
    return places.indexOf(true) === -1 || !places.slice(places.indexOf(true)).includes(false);
  };

  it("come after every deal still on sale, and move there when their stock runs out", async () => {
    const first = await client.allDeals("/v1/deals/london?orderBy=-1");
    const flagged = new Set(first.filter((deal) => deal.soldOut).map((deal) => deal.id));
    expect(flagged.size).toBeGreaterThan(0);
    expect(soldOutAfterAvailable(first, flagged)).toBe(true);

    // The most popular deal sells its last units: it drops below every deal still on sale.
    const top = first[0]!;
    const { db } = testApp.database;
    const stock = await db
      .select({
        id: dealProducts.id,
        totalStock: dealProducts.totalStock,
        totalBought: dealProducts.totalBought,
      })
      .from(dealProducts)
      .where(eq(dealProducts.dealId, top.id));
    await db
      .update(dealProducts)
      .set({ totalStock: sql`${dealProducts.totalBought}` })
      .where(eq(dealProducts.dealId, top.id));
    const soldOut = await client.allDeals("/v1/deals/london?order=-1");
    expect(ids(soldOut)).toContain(top.id);
    expect(soldOutAfterAvailable(soldOut, new Set([...flagged, top.id]))).toBe(true);

    // Stock comes back: so does its place.
    for (const product of stock) {
      await db
        .update(dealProducts)
        .set({ totalStock: product.totalStock })
        .where(eq(dealProducts.id, product.id));
    }
    const back = await client.allDeals("/v1/deals/london?orderBy=popularity");
    expect(back[0]!.id).toBe(top.id);
  });
});
