import { RECENT_DEALS_PER_LOCATION_TYPE } from "@deals/domain/constants";
import { describe, expect, it } from "vitest";
import { listingLocationType, recentDealIds, rememberDeal } from "./recently-viewed.ts";

const KEEP = RECENT_DEALS_PER_LOCATION_TYPE;

describe("rememberDeal", () => {
  it("starts a list for the deal's location type with the visit's date", () => {
    const stored = rememberDeal(null, "local", 7, "2026-05-01T10:00:00.000Z", KEEP);
    expect(JSON.parse(stored)).toEqual({ local: { ids: [7], storedDate: "2026-05-01T10:00:00.000Z" } });
  });

  it("puts the newest visit first, once, and keeps 5 per location type", () => {
    let stored: string | null = null;
    for (const id of [1, 2, 3, 4, 5, 6, 3])
      stored = rememberDeal(stored, "local", id, "2026-05-01T10:00:00Z", KEEP);
    stored = rememberDeal(stored, "travel", 9, "2026-05-01T11:00:00Z", KEEP);
    expect(JSON.parse(stored).local.ids).toEqual([3, 6, 5, 4, 2]);
    expect(JSON.parse(stored).travel.ids).toEqual([9]);
  });

  it("drops junk it finds in storage instead of failing", () => {
    for (const junk of [
      "not json",
      "[1,2]",
      '{"local":{"ids":"x"}}',
      '{"local":{"ids":[1,-2,"3"],"storedDate":"d"}}',
    ]) {
      const lists = JSON.parse(rememberDeal(junk, "national", 4, "2026-05-01T10:00:00Z", KEEP));
      expect(lists.national.ids).toEqual([4]);
    }
    const kept = JSON.parse(
      rememberDeal('{"local":{"ids":[1,-2,"3"],"storedDate":"d"}}', "local", 4, "t", KEEP),
    );
    expect(kept.local.ids).toEqual([4, 1]);
  });
});

describe("recentDealIds", () => {
  const stored = JSON.stringify({
    local: { ids: [1, 2, 3], storedDate: "2026-05-01T09:00:00Z" },
    travel: { ids: [8, 2], storedDate: "2026-05-01T12:00:00Z" },
  });

  it("reads one location type's list", () => {
    expect(recentDealIds(stored, 5, "local")).toEqual([1, 2, 3]);
  });

  it("merges every list, the latest stored first, each deal once, up to the limit", () => {
    expect(recentDealIds(stored, 10)).toEqual([8, 2, 1, 3]);
    expect(recentDealIds(stored, 2)).toEqual([8, 2]);
  });

  it("gives nothing for empty or junk storage", () => {
    expect(recentDealIds(null, 5)).toEqual([]);
    expect(recentDealIds("{oops", 5)).toEqual([]);
    expect(recentDealIds('{"local":{"ids":[0,"a",1.5],"storedDate":"d"}}', 5)).toEqual([]);
  });
});

describe("listingLocationType", () => {
  it("names the location type of a listing's deals from its address", () => {
    expect(listingLocationType("/")).toBe("local");
    expect(listingLocationType("/deals/london")).toBe("local");
    expect(listingLocationType("/deals/London/food-and-drink")).toBe("local");
    expect(listingLocationType("/near-me/hub")).toBe("local");
    expect(listingLocationType("/deals/shop/electronics")).toBe("national");
    expect(listingLocationType("/deals/escapes/uk-travel")).toBe("travel");
    expect(listingLocationType("/gifts")).toBe("gifts");
  });

  it("names none where the types mix, so every type shows", () => {
    for (const path of [
      "/deals/vip",
      "/deals/wellness-collection",
      "/deals/london/special/black-friday",
      "/early-bird",
    ]) {
      expect(listingLocationType(path), path).toBeUndefined();
    }
  });
});
