import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_DEALS_PAGE_SIZE } from "./constants.ts";
import {
  canonicalListingUrl,
  type ListingQuery,
  type ListingQueryResult,
  PRICE_FILTER_OPTIONS,
  pageHref,
  parseListingQuery,
  priceFilterSteps,
  SORT_OPTIONS,
  sortQueryParams,
  storefrontPageNumber,
} from "./listing-query.ts";

function query(result: ListingQueryResult): ListingQuery {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.errors)}`);
  return result.query;
}

function errors(result: ListingQueryResult) {
  if (result.ok) throw new Error("expected errors");
  return result.errors;
}

describe("parseListingQuery", () => {
  it("gives defaults for an empty query", () => {
    for (const empty of [undefined, null, "", {}, new URLSearchParams()]) {
      expect(query(parseListingQuery(empty))).toEqual({
        sort: SORT_OPTIONS[0],
        vip: false,
        all: false,
        page: 0,
        pageSize: DEFAULT_DEALS_PAGE_SIZE,
        categories: [],
        excludecategory: [],
        excludesubcategory: [],
        recentViewedDeal: [],
        excludedealids: [],
        facets: {},
      });
    }
  });

  it("reads every listing parameter of product.md §2 and services.md §7.7", () => {
    const params = new URLSearchParams(
      "location=London&subcategory=massage&category=spa&searchTag=gifts-for-mum&orderBy=price&order=asc" +
        "&minPrice=10&maxPrice=50&vip=true&all=1&categories=spa,food&categories=travel&giftFor=mum&q=+hot+tub+" +
        "&f_brand=Acme%20Spa&f_brand=Other&uFilterRating=4&page=3&pageSize=12&offset=5" +
        "&recentViewedDeal=11&recentViewedDeal=12&excludecategory=adult&excludesubcategory=vape" +
        "&excludedealids=7,8&utm_source=newsletter",
    );
    expect(query(parseListingQuery(params))).toEqual({
      location: "london",
      subcategory: "massage",
      category: "spa",
      searchTag: "gifts-for-mum",
      sort: SORT_OPTIONS[4],
      minPrice: 10,
      maxPrice: 50,
      vip: true,
      all: true,
      categories: ["spa", "food", "travel"],
      giftFor: "mum",
      q: "hot tub",
      facets: { f_brand: ["Acme Spa", "Other"], uFilterRating: ["4"] },
      page: 3,
      pageSize: 12,
      offset: 5,
      recentViewedDeal: [11, 12],
      excludecategory: ["adult"],
      excludesubcategory: ["vape"],
      excludedealids: [7, 8],
    });
  });

  it("accepts a plain record and a query string alike", () => {
    expect(query(parseListingQuery({ page: "2", categories: ["a", "b"] })).categories).toEqual(["a", "b"]);
    expect(query(parseListingQuery({ page: 2, vip: true })).page).toBe(2);
    expect(query(parseListingQuery("?page=4")).page).toBe(4);
  });

  it("names the parameter in every message", () => {
    expect(errors(parseListingQuery({ page: "-1" }))).toEqual([
      { param: "page", message: "page must be a whole number from 0 to 10000" },
    ]);
    expect(errors(parseListingQuery({ page: "10001" }))[0]?.message).toBe(
      "page must be a whole number from 0 to 10000",
    );
    expect(errors(parseListingQuery({ pageSize: "0" }))).toEqual([
      { param: "pageSize", message: "pageSize must be a whole number from 1 to 100" },
    ]);
    expect(errors(parseListingQuery({ pageSize: "101" }))[0]?.param).toBe("pageSize");
    expect(errors(parseListingQuery({ minPrice: "60", maxPrice: "50" }))).toEqual([
      { param: "minPrice", message: "minPrice must not exceed maxPrice" },
    ]);
    expect(errors(parseListingQuery({ vip: "yes" }))).toEqual([
      { param: "vip", message: "vip must be true or false" },
    ]);
    expect(errors(parseListingQuery({ page: ["1", "2"] }))).toEqual([
      { param: "page", message: "page must be given once" },
    ]);
    expect(errors(parseListingQuery({ location: "<script>" }))[0]).toEqual({
      param: "location",
      message: "location must contain only letters, digits, hyphens and underscores",
    });
  });

  it("reports every bad parameter, one message each", () => {
    const result = errors(
      parseListingQuery({ page: "x", pageSize: "y", offset: "-3", excludedealids: "a,b" }),
    );
    expect(result.map((e) => e.param)).toEqual(["page", "pageSize", "offset", "excludedealids"]);
  });

  it("allows up to 5 recentViewedDeal values", () => {
    expect(query(parseListingQuery("recentViewedDeal=1,2,3,4,5")).recentViewedDeal).toEqual([1, 2, 3, 4, 5]);
    expect(errors(parseListingQuery("recentViewedDeal=1,2,3,4,5,6"))).toEqual([
      { param: "recentViewedDeal", message: "recentViewedDeal must have at most 5 values" },
    ]);
    expect(errors(parseListingQuery("recentViewedDeal=abc"))[0]?.param).toBe("recentViewedDeal");
  });

  it("treats empty values as absent", () => {
    expect(query(parseListingQuery("minPrice=&maxPrice=&q=&page="))).toMatchObject({ page: 0 });
    expect(query(parseListingQuery("minPrice=&q=")).minPrice).toBeUndefined();
  });

  it("checks facet parameter names and values", () => {
    expect(errors(parseListingQuery({ "f_<x>": "1", [`f_${"a".repeat(61)}`]: "1" }))).toEqual([
      {
        param: "facets",
        message:
          "facets: a facet parameter name is f_ or uFilter followed by at most 60 letters, digits, _ . : or -",
      },
    ]);
    expect(errors(parseListingQuery({ f_size: "x".repeat(201) }))).toEqual([
      { param: "f_size", message: "f_size must be at most 200 characters" },
    ]);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f_${i}`, "1"]));
    expect(errors(parseListingQuery(many))).toEqual([
      { param: "f_50", message: "f_50 is one facet parameter too many: at most 50 are allowed" },
    ]);
  });

  it("rejects q that is too long or holds control characters", () => {
    expect(errors(parseListingQuery({ q: "a".repeat(201) }))[0]?.message).toBe(
      "q must be at most 200 characters",
    );
    expect(errors(parseListingQuery({ q: "a\u0000b" }))[0]?.message).toBe(
      "q must not contain control characters",
    );
  });

  it("reads a storefront URL's 1-based page as the 0-based index", () => {
    expect(query(parseListingQuery("page=2", { pageNumbering: "url" })).page).toBe(1);
    expect(query(parseListingQuery("", { pageNumbering: "url" })).page).toBe(0);
    expect(errors(parseListingQuery("page=0", { pageNumbering: "url" }))[0]?.message).toBe(
      "page must be a whole number from 1 to 10000",
    );
  });

  it("never throws on junk", () => {
    const junk = [
      42,
      true,
      [],
      ["page"],
      () => 1,
      { page: {} },
      { page: Symbol("x") },
      { q: "x".repeat(1_000_000) },
      { page: "9".repeat(1_000_000) },
      { ["f_".repeat(10_000)]: "1" },
      "%%%&&&===",
    ];
    for (const input of junk) expect(() => parseListingQuery(input)).not.toThrow();
    expect(errors(parseListingQuery(42))).toEqual([
      { param: "query", message: "query must be a set of named parameters" },
    ]);
    expect(errors(parseListingQuery({ page: {} }))).toEqual([
      { param: "page", message: "page must be text" },
    ]);
  });

  it("never throws for any record of strings", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.array(fc.string()))), (record) => {
        const result = parseListingQuery(record);
        if (result.ok) {
          expect(result.query.page).toBeGreaterThanOrEqual(0);
          expect(result.query.pageSize).toBeLessThanOrEqual(100);
        } else {
          for (const e of result.errors) expect(e.message).toContain(e.param.slice(0, 8));
        }
      }),
    );
  });
});

describe("travel dates", () => {
  const stayOf = (query: string) => {
    const result = parseListingQuery(query);
    return result.ok ? result.query.stay : result.errors;
  };

  it("reads a stay from checkIn with checkOut or nights, for 2 guests unless told", () => {
    expect(stayOf("checkIn=2026-07-10&checkOut=2026-07-13")).toEqual({
      checkIn: "2026-07-10",
      checkOut: "2026-07-13",
      nights: 3,
      guests: 2,
    });
    expect(stayOf("checkIn=2026-07-10&nights=2&guests=4")).toEqual({
      checkIn: "2026-07-10",
      checkOut: "2026-07-12",
      nights: 2,
      guests: 4,
    });
    expect(stayOf("checkIn=2026-07-10")).toMatchObject({ nights: 1, checkOut: "2026-07-11" });
    expect(stayOf("")).toBeUndefined();
  });

  it("refuses dates that cannot make a stay, naming the parameter", () => {
    const cases: [string, string][] = [
      ["checkIn=2026-02-30", "checkIn"],
      ["checkIn=10/07/2026", "checkIn"],
      ["nights=2", "checkIn"],
      ["checkIn=2026-07-10&checkOut=2026-07-10", "checkOut"],
      ["checkIn=2026-07-10&checkOut=2026-07-30", "checkOut"],
      ["checkIn=2026-07-10&checkOut=2026-07-12&nights=3", "nights"],
      ["checkIn=2026-07-10&nights=17", "nights"],
      ["checkIn=2026-07-10&guests=3", "guests"],
    ];
    for (const [query, param] of cases) {
      const result = parseListingQuery(query);
      expect(result.ok, query).toBe(false);
      if (!result.ok)
        expect(
          result.errors.map((e) => e.param),
          query,
        ).toContain(param);
    }
  });

  it("gives every stay of 1 to 16 nights back as asked", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }), fc.constantFrom(2, 4, 6, 8), (nights, guests) => {
        const result = parseListingQuery(`checkIn=2026-12-25&nights=${nights}&guests=${guests}`);
        expect(result.ok && result.query.stay).toMatchObject({ nights, guests });
      }),
    );
  });
});

describe("sort", () => {
  it("lists the five options with their orderBy and order", () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      "Popularity",
      "Price high to low",
      "Discount %",
      "Recently Added",
      "Price low to high",
    ]);
  });

  it("treats popularity and -1 as the default", () => {
    for (const orderBy of ["popularity", "-1", "Popularity"]) {
      expect(query(parseListingQuery({ orderBy })).sort.id).toBe("popularity");
    }
  });

  it("maps each option's parameters back to it", () => {
    for (const option of SORT_OPTIONS) {
      expect(query(parseListingQuery(sortQueryParams(option.id))).sort).toEqual(option);
    }
    expect(sortQueryParams("popularity")).toEqual({});
  });

  it("defaults order to desc and refuses combinations not offered", () => {
    expect(query(parseListingQuery({ orderBy: "price" })).sort.id).toBe("price-high-to-low");
    expect(query(parseListingQuery({ orderBy: "price", order: "ASC" })).sort.id).toBe("price-low-to-high");
    expect(errors(parseListingQuery({ orderBy: "discount", order: "asc" }))).toEqual([
      { param: "order", message: "order asc is not offered for orderBy discount" },
    ]);
    expect(errors(parseListingQuery({ orderBy: "name" }))).toEqual([
      { param: "orderBy", message: "orderBy must be one of popularity, price, discount, dateAdded" },
    ]);
    expect(errors(parseListingQuery({ order: "up" }))[0]?.message).toBe("order must be asc or desc");
  });
});

describe("price filter", () => {
  it("offers the spec's lists", () => {
    expect(PRICE_FILTER_OPTIONS.upTo200).toEqual([0, 10, 20, 50, 100, 200]);
    expect(PRICE_FILTER_OPTIONS.upTo1000).toEqual([0, 10, 20, 50, 100, 1000]);
    expect(PRICE_FILTER_OPTIONS.fine[0]).toBe(0);
    expect(PRICE_FILTER_OPTIONS.fine.at(-1)).toBe(1000);
  });

  it("steps by 5 up to 100, 10 up to 500, 50 beyond", () => {
    const steps = priceFilterSteps(1000);
    expect(steps.slice(0, 4)).toEqual([0, 5, 10, 15]);
    expect(steps.slice(19, 23)).toEqual([95, 100, 110, 120]);
    expect(steps.slice(steps.indexOf(490), steps.indexOf(490) + 4)).toEqual([490, 500, 550, 600]);
    expect(steps).toHaveLength(20 + 40 + 10 + 1);
  });

  it("ends at the first step at or above the maximum", () => {
    expect(priceFilterSteps(12)).toEqual([0, 5, 10, 15]);
    expect(priceFilterSteps(5)).toEqual([0, 5]);
    expect(priceFilterSteps(0)).toEqual([0]);
    expect(priceFilterSteps(Number.NaN)).toEqual([0]);
    expect(priceFilterSteps(-5)).toEqual([0]);
  });

  it("has the step of its band between any two neighbours", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (max) => {
        const steps = priceFilterSteps(max);
        expect(steps.at(-1)).toBeGreaterThanOrEqual(max);
        expect(steps.at(-2)).toBeLessThan(max);
        for (let i = 1; i < steps.length; i++) {
          const from = steps[i - 1]!;
          const expected = from < 100 ? 5 : from < 500 ? 10 : 50;
          expect(steps[i]! - from).toBe(expected);
        }
      }),
    );
  });
});

describe("pageHref", () => {
  it("links page 1 to the clean URL and later pages to ?page=N", () => {
    expect(pageHref("/deals/london", "page=3", 1)).toBe("/deals/london");
    expect(pageHref("/deals/london", "", 2)).toBe("/deals/london?page=2");
    expect(pageHref("/deals/london", { page: "2" }, 3)).toBe("/deals/london?page=3");
  });

  it("keeps the other parameters in their order", () => {
    expect(pageHref("/search", "q=spa&page=4&orderBy=price", 5)).toBe("/search?q=spa&orderBy=price&page=5");
    expect(pageHref("/search", "q=spa&page=4&orderBy=price", 1)).toBe("/search?q=spa&orderBy=price");
  });

  it("falls back to the clean URL for a junk page number", () => {
    for (const page of [0, -1, 1.5, Number.NaN, 10_001])
      expect(pageHref("/deals/london", "", page)).toBe("/deals/london");
  });
});

describe("storefrontPageNumber", () => {
  it("reads the 1-based page, defaulting to 1", () => {
    expect(storefrontPageNumber("page=3")).toBe(3);
    expect(storefrontPageNumber("")).toBe(1);
    for (const junk of ["page=0", "page=x", "page=-2", undefined, 7])
      expect(storefrontPageNumber(junk)).toBe(1);
  });
});

describe("canonicalListingUrl", () => {
  const origin = "https://www.dealmoor.co.uk/";

  it("keeps only crawlable parameters, in a stable order", () => {
    expect(
      canonicalListingUrl(
        origin,
        "/Deals/London/Spa/",
        "page=2&orderBy=price&utm_source=x&giftFor=Mum&f_x=1&q=hot+tub",
      ),
    ).toBe("https://www.dealmoor.co.uk/deals/london/spa?giftFor=mum&q=hot+tub&page=2");
  });

  it("drops page 1, invalid values and everything else", () => {
    expect(canonicalListingUrl(origin, "/deals/london", "page=1&minPrice=10&vip=true")).toBe(
      "https://www.dealmoor.co.uk/deals/london",
    );
    expect(
      canonicalListingUrl(origin, "/search", { q: "x".repeat(500), searchTag: "<b>", page: "abc" }),
    ).toBe("https://www.dealmoor.co.uk/search");
    expect(canonicalListingUrl(origin, "/", undefined)).toBe("https://www.dealmoor.co.uk/");
  });

  it("gives the same URL whatever the parameter order", () => {
    const a = canonicalListingUrl(origin, "/gifts", "q=spa&searchTag=gifts-for-dad&page=3");
    const b = canonicalListingUrl(origin, "/gifts", "page=3&searchTag=gifts-for-dad&q=spa");
    expect(a).toBe(b);
  });
});

describe("parseListingQuery's quick path", () => {
  // A record of common parameters is read without zod; the same parameters as a query string
  // always go the whole way, so the two answers must be the same, key order included.
  const values = {
    page: ["0", "3", " 7 ", "10000", "10001", "-1", "1.5", "x", "", "0012"],
    pageSize: ["1", "24", "100", "0", "101", "24x"],
    offset: ["0", "12", "1000000", "1000001", "-3"],
    orderBy: ["popularity", "-1", "price", "PRICE", "discount", "dateAdded", "name", ""],
    order: ["asc", "desc", "DESC", "-1", "up"],
    minPrice: ["0", "20", "100000", "100001", "5.5"],
    maxPrice: ["0", "10", "50", "abc"],
    vip: ["true", "FALSE", "1", "0", "yes"],
    all: ["true", "0", "maybe"],
    q: ["spa", " spa day ", "tea\u0007", "x".repeat(201)],
    utm_source: ["mail"],
  } as const;
  const names = Object.keys(values) as (keyof typeof values)[];
  const records = fc.dictionary(fc.constantFrom(...names), fc.nat(), { maxKeys: 6 });

  for (const numbering of ["index", "url"] as const) {
    it(`answers a record as it answers the same query string (${numbering} page numbers)`, () => {
      fc.assert(
        fc.property(records, (picks) => {
          const record: Record<string, string> = {};
          for (const [name, i] of Object.entries(picks)) {
            const options = values[name as keyof typeof values];
            record[name] = options[i % options.length]!;
          }
          const quick = parseListingQuery(record, { pageNumbering: numbering });
          const whole = parseListingQuery(new URLSearchParams(record).toString(), {
            pageNumbering: numbering,
          });
          expect(quick).toStrictEqual(whole);
          expect(JSON.stringify(quick)).toBe(JSON.stringify(whole));
        }),
        { numRuns: 300 },
      );
    });
  }

  for (const numbering of ["index", "url"] as const) {
    it(`answers URLSearchParams as it answers the same query string, repeats included (${numbering})`, () => {
      const pairs = fc.array(fc.tuple(fc.constantFrom(...names, "__proto__"), fc.nat()), { maxLength: 6 });
      fc.assert(
        fc.property(pairs, (picks) => {
          const params = new URLSearchParams();
          for (const [name, i] of picks) {
            const options: readonly string[] = name === "__proto__" ? ["x"] : values[name];
            params.append(name, options[i % options.length]!);
          }
          const read = parseListingQuery(params, { pageNumbering: numbering });
          const whole = parseListingQuery(params.toString(), { pageNumbering: numbering });
          expect(read).toStrictEqual(whole);
          expect(JSON.stringify(read)).toBe(JSON.stringify(whole));
        }),
        { numRuns: 300 },
      );
    });
  }

  it("reads a record of common parameters as the schema does", () => {
    expect(
      parseListingQuery({
        page: "2",
        pageSize: "12",
        orderBy: "price",
        order: "asc",
        vip: "1",
        minPrice: "5",
      }),
    ).toStrictEqual({
      ok: true,
      query: {
        minPrice: 5,
        vip: true,
        all: false,
        page: 2,
        pageSize: 12,
        categories: [],
        excludecategory: [],
        excludesubcategory: [],
        recentViewedDeal: [],
        excludedealids: [],
        facets: {},
        sort: SORT_OPTIONS.find((option) => option.id === "price-low-to-high"),
      },
    });
  });
});
