import { describe, expect, it } from "vitest";
import { BRANDS } from "./brand.ts";
import {
  chooseLocation,
  distanceAway,
  distanceKm,
  nearestLocation,
  nearMeOrigin,
  needsEligibleLocationsCheck,
  parseLatLon,
} from "./location.ts";

const london = { shortName: "london", name: "London", latLon: { lat: 51.5, lon: -0.12 } };
const leeds = { shortName: "leeds", name: "Leeds", latLon: { lat: 53.8, lon: -1.55 } };
const eligible = [london, leeds];
const brand = BRANDS["main-uk"];

describe("chooseLocation", () => {
  it("keeps an eligible saved location", () => {
    const saved = { shortName: "leeds", name: "Leeds", lat: 53.8, lon: -1.55 };
    expect(chooseLocation({ saved, eligible, urlLocation: "london", brand })).toEqual({
      shortName: "leeds",
      source: "saved",
      resave: false,
      option: leeds,
    });
  });

  it("saves the location again when its coordinates were missing", () => {
    const choice = chooseLocation({ saved: { shortName: "Leeds" }, eligible, brand });
    expect(choice).toMatchObject({ shortName: "leeds", source: "saved", resave: true, option: leeds });
    expect(
      chooseLocation({ saved: { shortName: "leeds", lat: 53.8, lon: null }, eligible, brand }).resave,
    ).toBe(true);
  });

  it("falls back to the URL's local-deal location when the saved one is not eligible", () => {
    const choice = chooseLocation({
      saved: { shortName: "atlantis", lat: 1, lon: 1 },
      eligible,
      urlLocation: "Leeds",
      brand,
    });
    expect(choice).toEqual({ shortName: "leeds", source: "url", resave: false, option: leeds });
  });

  it("falls back to the brand default last", () => {
    expect(chooseLocation({ saved: { shortName: "atlantis" }, eligible, brand })).toMatchObject({
      shortName: "london",
      source: "default",
    });
    expect(chooseLocation({ eligible: [], brand: BRANDS["sister-ie"] })).toMatchObject({
      shortName: "dublin-south",
      source: "default",
      option: null,
    });
    expect(chooseLocation({ saved: { shortName: "  " }, eligible, urlLocation: "", brand }).source).toBe(
      "default",
    );
  });

  it("keeps the saved location when the eligible list could not be loaded", () => {
    expect(chooseLocation({ saved: { shortName: "york" }, eligible: null, brand })).toMatchObject({
      shortName: "york",
      source: "saved",
      resave: true,
    });
  });
});

describe("needsEligibleLocationsCheck", () => {
  it("checks London-saved users on the main brand once", () => {
    expect(needsEligibleLocationsCheck({ shortName: "london" }, brand, false)).toBe(true);
    expect(needsEligibleLocationsCheck({ shortName: "london" }, brand, true)).toBe(false);
    expect(needsEligibleLocationsCheck({ shortName: "leeds" }, brand, false)).toBe(false);
    expect(needsEligibleLocationsCheck({ shortName: "london" }, BRANDS["sister-uk"], false)).toBe(false);
    expect(needsEligibleLocationsCheck(null, brand, false)).toBe(false);
  });
});

describe("distanceKm and nearestLocation", () => {
  const london = { shortName: "london", name: "London", latLon: { lat: 51.5072, lon: -0.1276 } };
  const manchester = { shortName: "manchester", name: "Manchester", latLon: { lat: 53.4808, lon: -2.2426 } };
  const unplaced = { shortName: "somewhere", name: "Somewhere", latLon: null };

  it("measures great-circle distances in kilometres", () => {
    expect(distanceKm(london.latLon, london.latLon)).toBe(0);
    // London to Manchester is about 262 km as the crow flies.
    expect(distanceKm(london.latLon, manchester.latLon)).toBeGreaterThan(255);
    expect(distanceKm(london.latLon, manchester.latLon)).toBeLessThan(270);
    expect(distanceKm(london.latLon, manchester.latLon)).toBeCloseTo(
      distanceKm(manchester.latLon, london.latLon),
      9,
    );
  });

  it("picks the nearest location that has coordinates", () => {
    const options = [unplaced, london, manchester];
    expect(nearestLocation(options, { lat: 51.45, lon: -0.97 })?.shortName).toBe("london");
    expect(nearestLocation(options, { lat: 53.8, lon: -1.55 })?.shortName).toBe("manchester");
    expect(nearestLocation([unplaced], { lat: 0, lon: 0 })).toBeNull();
    expect(nearestLocation([], { lat: 0, lon: 0 })).toBeNull();
  });
});

describe("parseLatLon", () => {
  it("reads decimal numbers in range, as text or numbers", () => {
    expect(parseLatLon("53.4808", "-2.2426")).toEqual({ lat: 53.4808, lon: -2.2426 });
    expect(parseLatLon(" 90 ", "-180")).toEqual({ lat: 90, lon: -180 });
    expect(parseLatLon(51.5, -0.12)).toEqual({ lat: 51.5, lon: -0.12 });
  });

  it("gives null for junk, out-of-range values or a missing half", () => {
    const junk: [unknown, unknown][] = [
      ["91", "0"],
      ["0", "180.5"],
      ["abc", "1"],
      ["1e2", "1"],
      ["0x10", "1"],
      ["", "1"],
      ["1", undefined],
      [undefined, undefined],
      [Number.NaN, 1],
      [Number.POSITIVE_INFINITY, 1],
      [["1"], "1"],
      ["1".repeat(400), "1"],
    ];
    for (const [lat, lon] of junk) expect(parseLatLon(lat, lon), `${lat}, ${lon}`).toBeNull();
  });
});

describe("nearMeOrigin", () => {
  const position = { lat: 53.47, lon: -2.25 };

  it("measures from the shopper's position first", () => {
    const saved = { shortName: "leeds", name: "Leeds", lat: 53.8, lon: -1.55 };
    expect(nearMeOrigin({ position, saved, eligible, brand })).toEqual({
      point: position,
      source: "position",
    });
  });

  it("then from the saved location's own coordinates, else its entry's", () => {
    const saved = { shortName: "leeds", name: "Leeds", lat: 53.79, lon: -1.54 };
    expect(nearMeOrigin({ saved, eligible, brand })).toEqual({
      point: { lat: 53.79, lon: -1.54 },
      source: "saved",
    });
    expect(nearMeOrigin({ saved: { shortName: "leeds" }, eligible, brand })).toEqual({
      point: leeds.latLon,
      source: "saved",
    });
  });

  it("falls back to the brand default when nothing usable is saved", () => {
    const notEligible = { shortName: "atlantis", lat: 10, lon: 10 };
    for (const saved of [null, notEligible, { shortName: "  " }]) {
      expect(nearMeOrigin({ saved, eligible, brand })).toEqual({ point: london.latLon, source: "default" });
    }
  });

  it("is null when no location has coordinates", () => {
    expect(nearMeOrigin({ eligible: null, brand })).toBeNull();
    expect(nearMeOrigin({ eligible: [{ shortName: "london", name: "London" }], brand })).toBeNull();
  });
});

describe("distanceAway", () => {
  it("speaks miles on UK sites", () => {
    expect(distanceAway(1.931, "en-GB")).toBe("1.2 miles away");
    expect(distanceAway(1.609344, "en-GB")).toBe("1 mile away");
    expect(distanceAway(40, "en-GB")).toBe("25 miles away");
    expect(distanceAway(0, "en-GB")).toBe("0.1 miles away");
  });

  it("speaks kilometres on Irish sites", () => {
    expect(distanceAway(1.24, "en-IE")).toBe("1.2 km away");
    expect(distanceAway(14.4, "en-IE")).toBe("14 km away");
    expect(distanceAway(1234, "en-IE")).toBe("1,234 km away");
  });
});
