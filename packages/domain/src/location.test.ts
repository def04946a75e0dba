import { describe, expect, it } from "vitest";
import { BRANDS } from "./brand.ts";
import { chooseLocation, distanceKm, nearestLocation, needsEligibleLocationsCheck } from "./location.ts";

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
