import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BRANDS } from "./brand.ts";
import { blackFriday, isSiteKey, seasonalTheme, siteLookupKey, themeFor } from "./theme.ts";

const main = BRANDS["main-uk"];
const at = (iso: string) => new Date(iso);

describe("blackFriday", () => {
  it("is the day after the fourth Thursday of November", () => {
    expect(blackFriday(2024)).toEqual({ year: 2024, month: 11, day: 29 });
    expect(blackFriday(2025)).toEqual({ year: 2025, month: 11, day: 28 });
    expect(blackFriday(2026)).toEqual({ year: 2026, month: 11, day: 27 });
    expect(blackFriday(2018)).toEqual({ year: 2018, month: 11, day: 23 });
  });

  it("is always a Friday between 23 and 29 November", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 2200 }), (year) => {
        const { day } = blackFriday(year);
        expect(day).toBeGreaterThanOrEqual(23);
        expect(day).toBeLessThanOrEqual(29);
        expect(new Date(Date.UTC(year, 10, day)).getUTCDay()).toBe(5);
      }),
    );
  });
});

describe("seasonalTheme", () => {
  it("runs Black Friday from the Friday before to Cyber Monday (London days)", () => {
    // 2025: Black Friday 28 November, so 21 November to 1 December.
    expect(seasonalTheme(at("2025-11-20T23:59:59Z"))).toBeNull();
    expect(seasonalTheme(at("2025-11-21T00:00:00Z"))).toBe("black-friday");
    expect(seasonalTheme(at("2025-12-01T23:59:59Z"))).toBe("black-friday");
  });

  it("runs Christmas from the day after Cyber Monday to 25 December", () => {
    expect(seasonalTheme(at("2025-12-02T00:00:00Z"))).toBe("christmas");
    expect(seasonalTheme(at("2025-12-25T23:59:59Z"))).toBe("christmas");
    expect(seasonalTheme(at("2025-12-26T00:00:00Z"))).toBeNull();
  });

  it("runs Valentines from 1 to 14 February", () => {
    expect(seasonalTheme(at("2026-01-31T23:59:59Z"))).toBeNull();
    expect(seasonalTheme(at("2026-02-01T00:00:00Z"))).toBe("valentines");
    expect(seasonalTheme(at("2026-02-14T23:59:59Z"))).toBe("valentines");
    expect(seasonalTheme(at("2026-02-15T00:00:00Z"))).toBeNull();
  });
});

describe("themeFor", () => {
  const now = at("2025-06-10T12:00:00Z");
  const christmas = at("2025-12-10T12:00:00Z");

  it("gives each brand its own theme outside the seasons", () => {
    expect(themeFor({ brand: main, now })).toBe("main");
    expect(themeFor({ brand: BRANDS["main-ie"], now })).toBe("main");
    expect(themeFor({ brand: BRANDS["sister-uk"], now })).toBe("sister");
  });

  it("gives the main brand the seasonal theme in its window", () => {
    expect(themeFor({ brand: main, now: christmas })).toBe("christmas");
    expect(themeFor({ brand: BRANDS["sister-ie"], now: christmas })).toBe("sister");
  });

  it("gives the wellness theme on the wellness collection", () => {
    expect(themeFor({ brand: main, now: christmas, localDealLocation: "wellness-collection" })).toBe(
      "wellness",
    );
    expect(themeFor({ brand: BRANDS["sister-uk"], now, localDealLocation: "wellness-collection" })).toBe(
      "wellness",
    );
  });

  it("gives the premium theme when the site lookup says vip, above all else", () => {
    expect(
      themeFor({ brand: main, now: christmas, localDealLocation: "wellness-collection", siteLookup: "vip" }),
    ).toBe("premium");
    expect(themeFor({ brand: main, now, siteLookup: "standard" })).toBe("main");
  });
});

describe("siteLookupKey", () => {
  it("reads site= from the query", () => {
    expect(siteLookupKey("site=partner-1")).toBe("partner-1");
    for (const q of ["site=", "site=%20", "", undefined, 5]) expect(siteLookupKey(q)).toBeNull();
  });

  it("lower-cases the name and ignores one that cannot name a site", () => {
    expect(siteLookupKey("site=VIP-Lounge")).toBe("vip-lounge");
    expect(siteLookupKey({ site: " members-club " })).toBe("members-club");
    for (const q of ["site=a%20b", "site=a_b", "site=-a", "site=%00", `site=${"a".repeat(65)}`]) {
      expect(siteLookupKey(q), q).toBeNull();
    }
    expect(isSiteKey("a".repeat(64))).toBe(true);
  });
});
